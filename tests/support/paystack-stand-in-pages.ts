/**
 * The stand-in's hosted checkout pages: plain, accessible HTML (one heading, a description list,
 * real buttons and labelled fields), so browser tests can drive them by role and text.
 */

export interface CheckoutView {
  accessCode: string;
  reference: string;
  email: string;
  amount: number;
  currency: string;
  channels: string[];
  status: string;
  gatewayResponse: string;
  /** Whether the shopper already declined or cancelled once (the page then says so). */
  tried: boolean;
}

export const channelNames: Record<string, string> = { card: "Card", mobile_money: "Mobile money" };
export const mobileNetworks = ["MTN", "Telecel", "AirtelTigo"] as const;

/** 123456 → "GHS 1,234.56", on the digits (no floats). */
export function formatAmount(amount: number, currency: string): string {
  const whole = Math.floor(amount / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${currency} ${whole}.${(amount % 100).toString().padStart(2, "0")}`;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f6f8; color: #111; }
  main { max-width: 28rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border-radius: .5rem; }
  dt { font-weight: 600; } dd { margin: 0 0 .5rem; }
  fieldset, label { display: block; margin: 0 0 1rem; }
  button { font: inherit; padding: .6rem 1.2rem; margin-right: .5rem; border-radius: .3rem; border: 1px solid #333; cursor: pointer; }
  .approve { background: #0a6b3d; color: #fff; border-color: #0a6b3d; }
  a { color: #0645ad; }
</style>
</head>
<body><main>
<h1>Paystack (test stand-in)</h1>
<p>A local stand-in for Paystack's hosted checkout: no real money moves.</p>
${body}
</main></body>
</html>`;
}

function summary(view: CheckoutView, channel?: string): string {
  const shown = channel ?? (view.channels.length === 1 ? view.channels[0]! : view.channels.map((c) => channelNames[c] ?? c).join(" or "));
  return `<dl>
<dt>Amount</dt><dd>${escapeHtml(formatAmount(view.amount, view.currency))}</dd>
<dt>Email</dt><dd>${escapeHtml(view.email)}</dd>
<dt>Channel</dt><dd>${escapeHtml(channelNames[shown] ?? shown)}</dd>
<dt>Reference</dt><dd>${escapeHtml(view.reference)}</dd>
</dl>`;
}

function returnLink(redirectUrl: string | null): string {
  return redirectUrl ? `<p><a href="${escapeHtml(redirectUrl)}">Return to the shop</a></p>` : "";
}

/** The page at authorization_url: Approve, Decline, and a Cancel link. */
export function checkoutPage(view: CheckoutView, redirectUrl: string | null): string {
  const code = encodeURIComponent(view.accessCode);
  if (view.status === "success" || view.status === "reversed") {
    return page(
      "Payment complete",
      `${summary(view)}<p role="status">This payment is complete (${escapeHtml(view.status)}).</p>${returnLink(redirectUrl)}`,
    );
  }
  if (view.status === "ongoing") return approveOnPhonePage(view, redirectUrl);
  const offersMobileMoney = view.channels.includes("mobile_money");
  const channelChoice =
    view.channels.length > 1
      ? `<fieldset><legend>Pay with</legend>${view.channels
          .map(
            (c, i) =>
              `<label><input type="radio" name="channel" value="${escapeHtml(c)}"${i === 0 ? " checked" : ""}> ${escapeHtml(channelNames[c] ?? c)}</label>`,
          )
          .join("")}</fieldset>`
      : `<input type="hidden" name="channel" value="${escapeHtml(view.channels[0] ?? "card")}">`;
  const mobileFields = offersMobileMoney
    ? `<label>Mobile network <select name="network">${mobileNetworks.map((n) => `<option>${n}</option>`).join("")}</select></label>
<label>Mobile number <input name="phone" inputmode="tel" autocomplete="off" value="0551234987"></label>`
    : "";
  const earlier =
    view.tried && (view.status === "failed" || view.status === "abandoned")
      ? `<p>Current status: ${escapeHtml(view.status)} (${escapeHtml(view.gatewayResponse)}).</p>`
      : "";
  return page(
    `Pay ${formatAmount(view.amount, view.currency)}`,
    `${summary(view)}${earlier}
<form method="post" action="/checkout/${code}/approve">
${channelChoice}
${mobileFields}
<button type="submit" class="approve">Approve</button>
<button type="submit" formaction="/checkout/${code}/decline">Decline</button>
</form>
<p><a href="/checkout/${code}/cancel">Cancel</a></p>`,
  );
}

/** Mobile money waiting for the shopper to approve on their phone. */
export function approveOnPhonePage(view: CheckoutView, redirectUrl: string | null): string {
  return page(
    "Approve on your phone",
    `${summary(view, "mobile_money")}
<h2>Approve on your phone</h2>
<p role="status">A prompt was sent to your phone. The payment stays pending until you approve it there.</p>
${returnLink(redirectUrl)}`,
  );
}

/** What the shopper sees when no callback_url was given. */
export function resultPage(view: CheckoutView): string {
  return page(
    `Payment ${view.status}`,
    `${summary(view)}<p role="status">Payment ${escapeHtml(view.status)}: ${escapeHtml(view.gatewayResponse)}.</p>`,
  );
}

export function messagePage(title: string, message: string): string {
  return page(title, `<p role="alert">${escapeHtml(message)}</p>`);
}
