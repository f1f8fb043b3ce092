import { CircleAlert, CircleCheck, Hourglass, Smartphone } from "lucide";
import { useEffect } from "react";
import type { ActionFetcher } from "~/lib/use-action-fetcher";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

import type { OrderPaymentView, PayNowResult } from "~/modules/payments/payment-view";

/** How often a page waiting for a payment asks again (the server asks Paystack at most every 8 s). */
const RECHECK_MS = 4_000;

/**
 * The online payment of an order, on its page: paid (with the card or mobile money used),
 * waiting (checks again by itself, no reload needed), failed or not started (Pay now while the
 * order is held), expired. A live region announces the change when the payment lands.
 *
 * Its page (components/storefront/order-confirmation, an island: decision 038) hands in asking
 * the page's data again (`recheck`) and the fetcher that sends Pay now (`payNow`; without
 * JavaScript the browser posts it to `action`, the order's page).
 */
export function OrderPayment({
  payment,
  total,
  depositOnly = false,
  recheck,
  payNow,
  action,
}: {
  payment: OrderPaymentView;
  /** What came in once paid: the order's total, or only its deposit (`depositOnly`). */
  total: string;
  /** Only the deposit is paid so far (docs/decisions/041): the balance is due later. */
  depositOnly?: boolean;
  /** Asks the page's data again unless it is already being asked. */
  recheck: () => void;
  payNow: ActionFetcher<PayNowResult>;
  /** Where the browser posts Pay now without JavaScript: the order's page. */
  action: string;
}) {
  const waiting = payment.state === "waiting";
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(recheck, RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [waiting, recheck]);

  const tone =
    payment.state === "paid"
      ? "border-forest/40 bg-forest/5"
      : payment.state === "failed" || payment.state === "expired"
        ? "border-destructive/40 bg-destructive/5"
        : "border-gold/50 bg-gold/10";
  return (
    <section
      aria-labelledby="payment-heading"
      className={cn("mt-10 rounded-sm border p-6 print:border-0 print:p-0", tone)}
      data-testid="order-payment"
      data-state={payment.state}
    >
      <div role="status" aria-live="polite" className="flex gap-4">
        <PaymentIcon state={payment.state} />
        <div className="min-w-0 flex-1">
          <h2 id="payment-heading" className="text-2xl font-semibold">
            {payment.state === "paid" && depositOnly ? "Deposit paid" : headings[payment.state]}
          </h2>
          <PaymentText payment={payment} total={total} />
        </div>
      </div>
      {(payment.state === "failed" || payment.state === "not-started") && <PayNow fetcher={payNow} action={action} />}
    </section>
  );
}

const headings: Record<OrderPaymentView["state"], string> = {
  paid: "Paid",
  waiting: "Waiting for your payment",
  failed: "Your payment did not go through",
  "not-started": "Payment not started yet",
  expired: "Not paid in time",
  checking: "We are checking your payment",
};

function PaymentIcon({ state }: { state: OrderPaymentView["state"] }) {
  const className = "mt-1 size-7 shrink-0 print:hidden";
  if (state === "paid") return <Icon of={CircleCheck} className={cn(className, "text-forest")} />;
  if (state === "failed" || state === "expired") return <Icon of={CircleAlert} className={cn(className, "text-destructive")} />;
  if (state === "waiting") return <Icon of={Smartphone} className={cn(className, "text-gold-ink")} />;
  return <Icon of={Hourglass} className={cn(className, "text-gold-ink")} />;
}

function PaymentText({ payment, total }: { payment: OrderPaymentView; total: string }) {
  const p = "mt-2 text-sm text-charcoal/80";
  switch (payment.state) {
    case "paid":
      return (
        <p className={p}>
          {total} received by {payment.method}. A receipt is on its way to your inbox.
        </p>
      );
    case "waiting":
      return (
        <p className={p}>
          {payment.mobileMoney
            ? "Approve the payment on your phone when the prompt arrives. This page updates by itself as soon as it lands."
            : "Finish paying on Paystack's page. This page updates by itself as soon as the payment lands."}
        </p>
      );
    case "failed":
      return (
        <p className={p}>
          {payment.message ? `Paystack said: “${payment.message}”. ` : ""}Nothing was charged. Try again with Pay now: the same card or
          number, or another one (card or mobile money).
        </p>
      );
    case "not-started":
      return (
        <p className={p}>
          We could not reach our payment provider when you ordered. Your order is saved and held for you: press Pay now to pay
          {` ${total}`}.
        </p>
      );
    case "expired":
      return (
        <p className={p}>
          We did not receive the payment before the hold ran out, so this order was cancelled and its pieces returned to the shop. Nothing
          was charged. You are welcome to order again.
        </p>
      );
    case "checking":
      return (
        <p className={p}>
          Our payment provider reported an amount that does not match this order. We will be in touch shortly; please do not pay again.
        </p>
      );
  }
}

function PayNow({ fetcher, action }: { fetcher: ActionFetcher<PayNowResult>; action: string }) {
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={action} className="mt-5 flex flex-wrap items-center gap-4 print:hidden">
      <input type="hidden" name="intent" value="pay" />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Opening payment…" : "Pay now"}
      </Button>
      {fetcher.data && !fetcher.data.ok && (
        <p role="alert" className="text-sm text-destructive">
          {fetcher.data.message}
        </p>
      )}
    </fetcher.Form>
  );
}
