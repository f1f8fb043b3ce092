import { CreditCard, Smartphone } from "lucide";
import { data, redirect } from "react-router";
import { z } from "zod";
import { ProductThumbnail } from "~/components/storefront/product-image";
import { Icon } from "~/components/ui/icon";
import { Link } from "~/components/ui/link";
import { formatDateTimeWithZone } from "~/lib/dates";
import { privatePageHeaders } from "~/lib/cache-control";
import { siteOrigin } from "~/lib/http.server";
import { formatMoney, formatMoneyWithCode } from "~/lib/money";
import { storeNameOf } from "~/lib/store-meta";
import { guardAction } from "~/modules/auth/action-guard.server";
import { ONLINE_PAYMENT_UNAVAILABLE, paystackCheckoutOrigins, paystackConfigOf } from "~/modules/payments/online-checkout.server";
import { FORM_ACTION_HEADER } from "~/lib/form-action";
import { paymentLinkView, payWithLink } from "~/modules/payments/payment-links.server";
import { PAYMENT_LINK_CLOSED } from "~/modules/payments/payment-link-words";
import { lineTotal } from "~/modules/pricing/order-totals";
import type { PaymentPurpose } from "~/modules/payments/order-balance";
import { consumeRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { IslandsHandle } from "~/islands/pages";
import type { Route } from "./+types/pay-link";

/**
 * Private: someone's order; never stored (app/lib/cache-control.ts). Its pay buttons are a plain
 * form answered with a redirect to Paystack's checkout: the page allows that origin (server/csp.ts).
 */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => ({
  ...privatePageHeaders(),
  [FORM_ACTION_HEADER]: loaderHeaders.get(FORM_ACTION_HEADER) ?? "",
});

// Hydrated as islands (decision 021): only the shell; paying is a plain form, so it works without JavaScript.
export const handle = { islands: "payment-link" } satisfies IslandsHandle;

/**
 * A payment link's page (issue 46, part 2; payment-links.server.ts): the order it asks for and
 * two buttons, Card or Mobile Money, that go to Paystack for exactly the link's amount. A token
 * that is wrong, expired, revoked or paid shows why and never any order's data but its own. Each
 * address may open links and press pay a limited number of times (counted in the database, for
 * every instance), so a token cannot be hunted for.
 */
const VIEW_LIMIT = { limit: 60, windowMs: 10 * 60_000 };
const PAY_LIMIT = { limit: 12, windowMs: 10 * 60_000 };
const TOO_MANY = "Too many tries from this connection. Please wait a few minutes and try again.";

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.database.db;
  const limit = await consumeRateLimit(db, `pay-link:view:${context.clientIp}`, VIEW_LIMIT);
  if (!limit.allowed)
    return data(
      { view: { state: "limited" as const }, timeZone: "UTC", online: false },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds), "Cache-Control": "private, no-store" } },
    );
  const [found, settings] = await Promise.all([paymentLinkView(db, params.token), getStoreSettings(db)]);
  const online = paystackConfigOf(context.config) !== null;
  // A link that asks nothing now (expired, revoked, cancelled, changed) says only why: the order it
  // was for stays off the page and out of its data (`/pay/<token>.data`), as for an unknown token.
  const view = found.state === "unknown" || found.state === "open" || found.state === "paid" ? found : { state: found.state };
  return data(
    { view, timeZone: settings.timezone, online },
    {
      status: view.state === "unknown" ? 404 : 200,
      headers: { "Cache-Control": "private, no-store", [FORM_ACTION_HEADER]: paystackCheckoutOrigins(context.config).join(" ") },
    },
  );
}

const paySchema = z.object({ channel: z.enum(["card", "mobile_money"], { error: "Choose Card or Mobile Money." }) });

export async function action({ request, params, context }: Route.ActionArgs) {
  const guarded = await guardAction(
    { request, context },
    { access: "anyone", schema: paySchema, reply: (refused) => ({ message: refused.firstMessage ?? "Please try again." }) },
  );
  if (!guarded.ok) return guarded.response;
  const db = context.database.db;
  const limit = await consumeRateLimit(db, `pay-link:pay:${context.clientIp}`, PAY_LIMIT);
  if (!limit.allowed) return data({ message: TOO_MANY }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  const paystack = paystackConfigOf(context.config);
  if (!paystack)
    return data({ message: ONLINE_PAYMENT_UNAVAILABLE.replace(" Please choose Pay on Delivery.", " Please contact us.") }, { status: 409 });
  const started = await payWithLink(db, paystack, { token: params.token, channel: guarded.value.channel, origin: siteOrigin(context) });
  if (started.ok) return redirect(started.url);
  return data({ message: started.message }, { status: 409 });
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => [
  {
    title:
      d?.view && "link" in d.view
        ? `Pay for order ${d.view.link.orderNumber} | ${storeNameOf(matches)}`
        : `Payment link | ${storeNameOf(matches)}`,
  },
  { name: "robots", content: "noindex" },
  // The token never leaves in a Referer to another site; "no-referrer" would also make the pay
  // form's own Origin "null", which React Router refuses.
  { name: "referrer", content: "same-origin" },
];

/** The page's heading and first words by what the link asks (order-balance.ts). */
const askHeadings: Record<PaymentPurpose, string> = { full: "Pay", deposit: "Pay your deposit:", balance: "Pay the balance:" };
const askIntro: Record<PaymentPurpose, string> = {
  full: "here is your order as we took it.",
  deposit: "here is your order as we took it. Your deposit lets our tailors begin; the balance is due when your garment is ready.",
  balance: "your garment is ready. Here is your order and what remains to pay.",
};

export default function PayLink({ loaderData, actionData }: Route.ComponentProps) {
  const { view, timeZone, online } = loaderData;
  if (view.state === "limited" || view.state === "unknown") {
    return (
      <Closed
        heading={view.state === "limited" ? "Please wait a moment" : "Payment link not found"}
        message={view.state === "limited" ? TOO_MANY : PAYMENT_LINK_CLOSED.unknown}
      />
    );
  }
  if (!("link" in view)) return <Closed heading="This link takes no payment" message={PAYMENT_LINK_CLOSED[view.state]} />;
  const { link } = view;
  if (view.state === "paid") {
    return (
      <Closed
        heading="Paid, thank you"
        message={
          link.balance > 0
            ? `We have received your payment. The balance of ${formatMoneyWithCode(link.balance, link.currency)} is due when your garment is ready: we will send you a link to pay it then.`
            : PAYMENT_LINK_CLOSED.paid
        }
        orderHref={`/order-confirmation/${link.orderId}`}
      />
    );
  }
  const money = (pesewas: number) => formatMoney(pesewas, link.currency);
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 md:px-8 md:py-16">
      <p className="text-xs font-semibold tracking-[0.25em] text-gold-ink uppercase">Order {link.orderNumber}</p>
      <h1 className="mt-3 text-4xl font-semibold md:text-5xl">
        {askHeadings[link.purpose]} {formatMoneyWithCode(link.amount, link.currency)}
      </h1>
      <p className="mt-3 text-stone">
        Dear {link.customerName.split(" ")[0]}, {askIntro[link.purpose]} Pay securely by card or mobile money: no account is needed. This
        link is open until {formatDateTimeWithZone(link.expiresAt, timeZone)}.
      </p>

      <section aria-labelledby="order-heading" className="mt-8 rounded-sm border border-border bg-white/70 p-6">
        <h2 id="order-heading" className="text-2xl font-semibold">
          Your order
        </h2>
        <ul className="mt-4 divide-y divide-border">
          {link.lines.map((line, i) => (
            <li key={i} className="flex items-center gap-4 py-3">
              {/* The piece's picture, or the photo staff added to a piece made for the customer. */}
              {line.imageUrl && <ProductThumbnail base={line.imageUrl} width={56} className="h-[70px] w-14 shrink-0" />}
              <div className="min-w-0 flex-1">
                <p className="font-medium">{line.name}</p>
                <p className="text-sm text-stone">
                  {[
                    line.color,
                    line.size && `Size ${line.size}`,
                    line.kind === "custom" && "Made for you",
                    `${line.quantity} × ${money(line.unitPrice)}`,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </div>
              <p className="font-semibold tabular-nums">{money(lineTotal(line))}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-4 space-y-2 border-t border-border pt-4 text-sm">
          <Row label="Subtotal" value={money(link.subtotal)} />
          {link.discount > 0 && <Row label="Discount" value={`−${money(link.discount)}`} />}
          <Row
            label={link.delivery ? `Delivery (${link.delivery})` : "Delivery"}
            value={link.shipping === 0 ? "Free" : money(link.shipping)}
          />
          {link.purpose !== "full" && (
            <>
              <Row label="Order total" value={money(link.total)} />
              {link.paidBefore > 0 && <Row label="Paid before" value={`−${money(link.paidBefore)}`} />}
            </>
          )}
          <div className="flex justify-between border-t border-border pt-3 text-lg font-semibold">
            <dt>{link.purpose === "deposit" ? "Deposit to pay now" : "To pay"}</dt>
            <dd className="tabular-nums" data-testid="pay-link-amount">
              {formatMoneyWithCode(link.amount, link.currency)}
            </dd>
          </div>
          {link.purpose === "deposit" && (
            <Row label="Balance, when your garment is ready" value={money(link.total - link.paidBefore - link.amount)} />
          )}
        </dl>
      </section>

      <form method="post" className="mt-8">
        <fieldset>
          <legend className="text-lg font-semibold">How would you like to pay?</legend>
          {actionData?.message && (
            <p role="alert" className="mt-3 rounded-sm border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
              {actionData.message}
            </p>
          )}
          {!online && <p className="mt-3 text-sm text-stone">Online payment is not available at the moment. Please contact us to pay.</p>}
          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            <PayButton channel="mobile_money" icon={Smartphone} label="Mobile Money" hint="MTN, Telecel, AirtelTigo" disabled={!online} />
            <PayButton channel="card" icon={CreditCard} label="Card" hint="Visa, Mastercard" disabled={!online} />
          </div>
        </fieldset>
        <p className="mt-4 text-xs text-stone">Payments are processed by Paystack. We never see your card number or PIN.</p>
      </form>
    </main>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between">
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

function PayButton({
  channel,
  icon,
  label,
  hint,
  disabled,
}: {
  channel: string;
  icon: typeof CreditCard;
  label: string;
  hint: string;
  disabled: boolean;
}) {
  return (
    <button
      type="submit"
      name="channel"
      value={channel}
      disabled={disabled}
      className="flex min-h-16 items-center gap-4 rounded-sm border border-charcoal bg-charcoal px-5 py-4 text-left text-ivory transition-colors hover:bg-forest focus-visible:ring-2 focus-visible:ring-gold focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50"
    >
      <Icon of={icon} className="size-6 shrink-0" />
      <span>
        <span className="block font-semibold">Pay with {label}</span>
        <span className="block text-sm text-ivory/80">{hint}</span>
      </span>
    </button>
  );
}

function Closed({ heading, message, orderHref }: { heading: string; message: string; orderHref?: string | undefined }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <h1 className="text-4xl font-semibold md:text-5xl">{heading}</h1>
      <p className="mt-4 text-stone" data-testid="pay-link-message">
        {message}
      </p>
      <Link to={orderHref ?? "/"} className="mt-8 underline underline-offset-4">
        {orderHref ? "View your order" : "Back to the shop"}
      </Link>
    </main>
  );
}
