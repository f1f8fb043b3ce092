import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { MadeToMeasureLine } from "~/components/measurements/made-to-measure-line";
import { lineTotal } from "~/modules/pricing/order-totals";
import { Printer } from "lucide";
import { useCallback, useEffect, useRef, useState } from "react";
import { OrderPayment } from "~/components/storefront/order-payment";
import type { OrderPaymentView, PayNowResult } from "~/modules/payments/payment-view";
import { OrderDelivery, orderDestination } from "~/components/storefront/order-delivery";
import { StatusBadge } from "~/components/storefront/order-status-badge";
import { OrderStateIcon, OrderStateMessage } from "~/components/storefront/order-state";
import { customerOrderState } from "~/modules/payments/customer-order-state";
import { OrderDate, OrderTimeline } from "~/components/storefront/order-timeline";
import { OrderBalance } from "~/components/storefront/order-balance";
import { OrderTotals } from "~/components/storefront/order-totals";
import { orderCodeLabels } from "~/modules/discounts/discount-terms";
import { OrderMessages, OrderShipment } from "~/components/storefront/order-shipment";
import { Button } from "~/components/ui/button";
import { paymentMethods } from "~/modules/orders/order-constants";
import { formatMoney, type CurrencyCode } from "~/lib/money";
import { ProductThumbnail } from "~/components/storefront/product-image";
import { useStoreProfile } from "~/components/storefront/use-store-settings";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import type { OrderDetails } from "~/modules/orders/order-details.server";
import { ServerSlot } from "~/islands/server-slot";

const PAY_NOW_UNREACHABLE: PayNowResult = { ok: false, message: "We could not start the payment. Please try again." };

/** The page's title, as the route's meta writes it (kept in step when the payment's state changes here). */
export function orderPageTitle(order: OrderDetails, payment: OrderPaymentView | null, storeName: string): string {
  return `Order ${order.orderNumber}: ${customerOrderState(order, payment).heading.replace(/!$/, "").toLowerCase()} | ${storeName}`;
}

/**
 * The order's page once found: an island (app/islands/order-confirmation.ts). While a payment is
 * awaited it asks /api/orders/:orderId/page again every few seconds and redraws itself from the
 * answer; Pay now goes there too (without JavaScript, to the route's own action).
 */
export function OrderConfirmationPage(props: { order: OrderDetails; payment: OrderPaymentView | null }) {
  const [current, setCurrent] = useState(props);
  const { order, payment: onlinePayment } = current;
  const storeName = useStoreProfile().name;
  const page = `/api/orders/${encodeURIComponent(order.id)}/page`;
  const asking = useRef(false);
  const recheck = useCallback(() => {
    if (asking.current) return;
    asking.current = true;
    fetch(page, { headers: { Accept: "application/json" }, cache: "no-store" })
      .then((response) => (response.ok ? (response.json() as Promise<typeof props>) : null))
      .then((next) => next?.order && setCurrent({ order: next.order, payment: next.payment }))
      // Offline or a hiccup: the next tick asks again.
      .catch(() => {})
      .finally(() => (asking.current = false));
  }, [page]);
  const title = orderPageTitle(order, onlinePayment, storeName);
  useEffect(() => {
    document.title = title;
  }, [title]);
  const payNow = useActionFetcher<PayNowResult>(page, { unreachable: PAY_NOW_UNREACHABLE });
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
        <OrderPayment
          payment={onlinePayment}
          total={formatMoney(order.paymentStatus === "deposit_paid" ? order.paidAmount : order.totalAmount, currency)}
          depositOnly={order.paymentStatus === "deposit_paid"}
          recheck={recheck}
          payNow={payNow}
          action={`/order-confirmation/${order.id}`}
        />
      )}

      {/* A made-to-measure or custom order's progress in the workshop, drawn by the route alone. */}
      <ServerSlot name="production" className="mt-10" />

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
          {...orderCodeLabels(order)}
          shipping={order.shippingAmount}
          currency={currency}
          totalWithCode
          testIdPrefix="order"
        />
        <OrderBalance
          paid={order.paidAmount}
          deposit={order.depositAmount}
          balance={order.balanceDue}
          cancelled={order.orderStatus === "cancelled"}
          currency={currency}
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
