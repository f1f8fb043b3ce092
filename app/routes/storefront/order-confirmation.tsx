import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { MadeToMeasureLine } from "~/components/measurements/made-to-measure-line";
import { lineTotal } from "~/modules/pricing/order-totals";
import { Printer } from "lucide";
import { useCallback } from "react";
import { data, redirect, useFetcher, useRevalidator } from "react-router";
import { z } from "zod";
import { OrderPayment } from "~/components/storefront/order-payment";
import { siteOrigin } from "~/lib/http.server";
import { guardAction } from "~/modules/auth/action-guard.server";
import { isOnlinePayment } from "~/modules/orders/order-constants";
import {
  ONLINE_PAYMENT_UNAVAILABLE,
  paystackConfigOf,
  refreshPayment,
  startOnlinePayment,
} from "~/modules/payments/online-checkout.server";
import { orderPaymentView } from "~/modules/payments/payment-view.server";
import type { PayNowResult } from "~/modules/payments/payment-view";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { OrderDelivery, orderDestination } from "~/components/storefront/order-delivery";
import { StatusBadge } from "~/components/storefront/order-status-badge";
import { OrderStateIcon, OrderStateMessage } from "~/components/storefront/order-state";
import { customerOrderState } from "~/modules/payments/customer-order-state";
import { OrderDate, OrderTimeline } from "~/components/storefront/order-timeline";
import { OrderTotals } from "~/components/storefront/order-totals";
import { OrderMessages, OrderShipment } from "~/components/storefront/order-shipment";
import { Button } from "~/components/ui/button";
import { getOrderDetails } from "~/modules/orders/order-details.server";
import { paymentMethods } from "~/modules/orders/order-constants";
import { storeNameOf } from "~/lib/store-meta";
import { formatMoney, type CurrencyCode } from "~/lib/money";
import { ProductThumbnail } from "~/components/storefront/product-image";
import { privatePageHeaders } from "~/lib/cache-control";
import type { Route } from "./+types/order-confirmation";

// Private: someone's order; never stored (app/lib/cache-control.ts).
export const headers = privatePageHeaders;

/**
 * The order's page, also where Paystack sends the shopper back (`?reference=…`): the payment
 * is then verified with Paystack by the server before the page says anything about it, and
 * while it is still pending the page asks again every few seconds (orderPayment, below).
 */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const db = context.database.db;
  const paystack = paystackConfigOf(context.config);
  let order = await getOrderDetails(db, params.orderId);
  if (order && paystack && isOnlinePayment(order.paymentMethod) && order.paymentStatus !== "paid") {
    const { storeName } = await getStoreSettings(db);
    const reference = url.searchParams.get("reference");
    const outcome = await refreshPayment(db, paystack, {
      orderId: order.id,
      reference,
      sender: { origin: siteOrigin(context), storeName },
    });
    if (outcome !== "not-checked") order = await getOrderDetails(db, params.orderId);
  }
  const payment = order ? await orderPaymentView(db, order) : null;
  // Personal data: never cached by browsers or proxies.
  return data({ order, payment }, { status: order ? 200 : 404, headers: { "Cache-Control": "private, no-store" } });
}

/** Pay now: a new attempt (or the open one) for an order still held for its online payment. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const guarded = await guardAction(
    { request, context },
    {
      access: "anyone",
      schema: payNowSchema,
      reply: (refused): PayNowResult => ({ ok: false, message: refused.firstMessage ?? PAY_NOW_FAILED }),
    },
  );
  if (!guarded.ok) return guarded.response;
  const paystack = paystackConfigOf(context.config);
  if (!paystack) return data<PayNowResult>({ ok: false, message: ONLINE_PAYMENT_UNAVAILABLE }, { status: 409 });
  const started = await startOnlinePayment(context.database.db, paystack, { orderId: params.orderId, origin: siteOrigin(context) });
  if (started.ok) return redirect(started.url);
  return data<PayNowResult>({ ok: false, message: started.message }, { status: 409 });
}

const payNowSchema = z.object({ intent: z.literal("pay", { error: "Unknown form. Reload the page and try again." }) });
const PAY_NOW_FAILED = "We could not start the payment. Please try again.";

export const meta: Route.MetaFunction = ({ data: d, matches }) => [
  {
    title: d?.order
      ? `Order ${d.order.orderNumber}: ${customerOrderState(d.order, d.payment).heading.replace(/!$/, "").toLowerCase()} | ${storeNameOf(matches)}`
      : `Order Not Found | ${storeNameOf(matches)}`,
  },
  { name: "robots", content: "noindex" },
];

export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { order, payment: onlinePayment } = loaderData;
  // The router's part of the payment panel (OrderPayment): asking again while a payment is awaited, and Pay now.
  const revalidator = useRevalidator();
  const recheck = useCallback(() => {
    if (revalidator.state === "idle") void revalidator.revalidate();
  }, [revalidator]);
  const payNow = useFetcher<PayNowResult>();
  if (!order) {
    return (
      <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
        <h1 className="text-5xl font-semibold">Order Not Found</h1>
        <p className="mt-4 text-stone">We could not find this order. Check the link in your confirmation email.</p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/">Back to Home</Link>
        </Button>
      </main>
    );
  }
  const currency = order.currency as CurrencyCode;
  const payment = paymentMethods.find((m) => m.value === order.paymentMethod)?.label ?? order.paymentMethod;
  const country = orderDestination(order);
  const section = "rounded-sm border border-border bg-white/70 p-6 print:border-0 print:p-0";
  // One state for the whole page (and the tracking page and the email): customer-order-state.ts.
  const state = customerOrderState(order, onlinePayment);

  return (
    <main className="mx-auto max-w-4xl px-4 py-12 md:px-8 md:py-16 print:py-0">
      <div className="text-center" data-testid="order-state" data-state={state.key}>
        <OrderStateIcon state={state} className="mx-auto size-14 print:hidden" />
        <h1 className="mt-4 text-5xl font-semibold">{state.heading}</h1>
        <OrderStateMessage state={state} withMessage={false} className="mx-auto mt-3 max-w-xl" />
        <p className="mt-3 text-stone">
          Thank you, {order.customerName.split(" ")[0]}. The order&rsquo;s details have been sent to{" "}
          <strong className="text-charcoal">{order.customerEmail}</strong>.
        </p>
      </div>

      {onlinePayment && (
        <OrderPayment payment={onlinePayment} total={formatMoney(order.totalAmount, currency)} recheck={recheck} payNow={payNow} />
      )}

      <OrderShipment shipment={order.shipment} className="mt-10 print:border-0 print:bg-transparent print:p-0" />
      <OrderMessages messages={order.messages} className="mt-6 print:hidden" />

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <section className={section} aria-labelledby="details-heading">
          <h2 id="details-heading" className="mb-4 text-2xl font-semibold">
            Order Details
          </h2>
          <dl className="space-y-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-stone">Order number</dt>
              <dd className="font-semibold">{order.orderNumber}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-stone">Placed</dt>
              <dd>
                <OrderDate iso={order.createdAt} />
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-stone">Payment method</dt>
              <dd>{payment}</dd>
            </div>
            <div className="flex items-center justify-between gap-4">
              <dt className="text-stone">Payment</dt>
              <dd>
                <StatusBadge status={state.badges.payment.colour} label={state.badges.payment.label} kind="payment" />
              </dd>
            </div>
            <div className="flex items-center justify-between gap-4">
              <dt className="text-stone">Status</dt>
              <dd>
                <StatusBadge status={state.badges.order.colour} label={state.badges.order.label} />
              </dd>
            </div>
          </dl>
        </section>
        <section className={section} aria-labelledby="delivery-heading">
          <h2 id="delivery-heading" className="mb-4 text-2xl font-semibold">
            Delivery Information
          </h2>
          <address className="space-y-1 text-sm not-italic">
            <p className="font-semibold">{order.customerName}</p>
            <p className="whitespace-pre-line">{order.customerAddress}</p>
            <p>{country}</p>
            <p>{order.customerPhone}</p>
          </address>
          <OrderDelivery order={order} className="mt-4 space-y-1 border-t border-border pt-3 text-sm" />
          {order.notes && <p className="mt-4 border-t border-border pt-3 text-sm text-stone">Notes: {order.notes}</p>}
        </section>
      </div>

      <section className={`${section} mt-6`} aria-labelledby="items-heading">
        <h2 id="items-heading" className="mb-2 text-2xl font-semibold">
          Items
        </h2>
        <ul className="divide-y divide-border">
          {order.items.map((item) => (
            <li key={item.id} className="flex items-center gap-4 py-4">
              {item.imageUrl && <ProductThumbnail base={item.imageUrl} width={56} className="h-[70px] w-14 print:hidden" />}
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{item.name}</p>
                <p className="text-xs text-stone">
                  {[item.color, item.size && `Size ${item.size}`, `${item.quantity} × ${formatMoney(item.unitPrice, currency)}`]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
                {item.madeToMeasure && (
                  <MadeToMeasureLine
                    line={item.madeToMeasure}
                    surcharge={item.madeToMeasure.surcharge > 0 ? formatMoney(item.madeToMeasure.surcharge, currency) : null}
                  />
                )}
              </div>
              <p className="font-semibold tabular-nums">{formatMoney(lineTotal(item), currency)}</p>
            </li>
          ))}
        </ul>
        <OrderTotals
          subtotal={order.subtotalAmount}
          discount={order.discountAmount}
          shipping={order.shippingAmount}
          currency={currency}
          totalWithCode
          testIdPrefix="order"
        />
      </section>

      <section className={`${section} mt-6`} aria-labelledby="history-heading">
        <h2 id="history-heading" className="mb-4 text-2xl font-semibold">
          Status History
        </h2>
        <OrderTimeline history={order.history} />
      </section>

      <div className="mt-10 flex flex-wrap justify-center gap-3 print:hidden">
        <Button asChild size="lg">
          <Link to="/">Continue Shopping</Link>
        </Button>
        <Button type="button" variant="outline" size="lg" onClick={() => window.print()}>
          <Icon of={Printer} /> Print Order
        </Button>
      </div>
    </main>
  );
}
