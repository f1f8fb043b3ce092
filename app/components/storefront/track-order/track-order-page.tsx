import { PackageSearch } from "lucide";
import { useEffect } from "react";
import { Icon } from "~/components/ui/icon";
import { MadeToMeasureLine } from "~/components/measurements/made-to-measure-line";
import { lineTotal } from "~/modules/pricing/order-totals";
import { Link } from "~/components/ui/link";
import { OrderDate, OrderTimeline } from "~/components/storefront/order-timeline";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { notify } from "~/components/ui/toaster";
import { RecentOrders } from "~/components/storefront/recent-orders";
import { ReviewItemLink } from "~/components/storefront/product/reviews/review-item-link";
import { OrderMessages, OrderShipment } from "~/components/storefront/order-shipment";
import { OrderDelivery, orderDestination } from "~/components/storefront/order-delivery";
import { formatMoney, formatMoneyWithCode, type CurrencyCode } from "~/lib/money";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { customerOrderState } from "~/modules/payments/customer-order-state";
import { OrderStateBadges, OrderStateIcon, OrderStateMessage } from "~/components/storefront/order-state";
import type { RecentOrder } from "~/modules/orders/customer-orders.server";
import type { TrackResult } from "~/modules/orders/track-order-action.server";

/** What the page says when the lookup's answer never came (offline, a proxy's error page). */
const UNREACHABLE: TrackResult = {
  ok: false,
  kind: "error",
  title: "Error tracking order",
  message: "Something went wrong. Please try again.",
};

/**
 * /track-order: the lookup form, a signed-in customer's recent orders, and the order found. An
 * island (app/islands/track-order.ts): the lookup is answered in JSON by /api/track-order.
 */
export function TrackOrderPage(loaderData: { signedIn: boolean; recentOrders: RecentOrder[] }) {
  const fetcher = useActionFetcher<TrackResult>("/api/track-order", { unreachable: UNREACHABLE });
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (!result || fetcher.state !== "idle") return;
    if (result.ok) notify.success("Order found!", { description: `Order ${result.order.orderNumber} details loaded.` });
    else notify.error(result.title, { description: result.message });
  }, [result, fetcher.state]);

  const order = result?.ok ? result.order : null;
  // The same state as the order's own page (customer-order-state.ts): "Not paid yet", never "Processing" beside a declined payment.
  const state = result?.ok ? customerOrderState(result.order, result.payment) : null;
  return (
    <main className="mx-auto max-w-4xl px-4 py-12 md:px-8 md:py-16">
      <p className="mb-3 text-xs font-bold tracking-[0.28em] text-gold-ink uppercase">From Accra to your door</p>
      <h1 className="text-5xl font-semibold">Track Your Order</h1>
      <fetcher.Form
        method="post"
        action="/track-order"
        className="mt-8 grid gap-4 rounded-sm border border-border bg-white/70 p-6 md:grid-cols-[1fr_1fr_auto] md:items-end"
      >
        <div>
          <label htmlFor="track-number" className="mb-1.5 block text-sm font-medium">
            Order number
          </label>
          <Input id="track-number" name="orderNumber" placeholder="ORD-123456" autoComplete="off" maxLength={40} />
        </div>
        <div>
          <label htmlFor="track-email" className="mb-1.5 block text-sm font-medium">
            Email used at checkout
          </label>
          <Input id="track-email" name="email" type="email" autoComplete="email" maxLength={254} />
        </div>
        <Button type="submit" size="lg" disabled={busy}>
          <Icon of={PackageSearch} /> {busy ? "Tracking..." : "Track Order"}
        </Button>
      </fetcher.Form>
      {loaderData.signedIn && (
        <RecentOrders
          orders={loaderData.recentOrders}
          openId={order?.id ?? null}
          onOpen={(orderId) => fetcher.submit({ intent: "open", orderId })}
        />
      )}
      {result && !result.ok && (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {result.title}. {result.message}
        </p>
      )}

      {order && <OrderShipment shipment={order.shipment} className="mt-10" />}
      {order && <OrderMessages messages={order.messages} className="mt-6" />}
      {order ? (
        <section
          aria-labelledby="tracked-heading"
          className={`${order.shipment || order.messages.length ? "mt-6" : "mt-10"} grid gap-6 md:grid-cols-[1.2fr_1fr]`}
        >
          <div className="rounded-sm border border-border bg-white/70 p-6">
            <h2 id="tracked-heading" className="text-2xl font-semibold">
              Order {order.orderNumber}
            </h2>
            <p className="mt-1 text-sm text-stone">
              Placed <OrderDate iso={order.createdAt} />
            </p>
            {state && state.key !== "confirmed" && (
              <div
                className="mt-4 flex gap-3 rounded-sm border border-border bg-ivory/60 p-4"
                data-testid="order-state"
                data-state={state.key}
              >
                <OrderStateIcon state={state} className="mt-0.5 size-6 shrink-0" />
                <div className="text-sm">
                  <h3 className="text-lg font-semibold">{state.heading}</h3>
                  <OrderStateMessage state={state} className="mt-1 text-charcoal/85" />
                  {state.key === "not-paid" && (
                    <Link
                      to={`/order-confirmation/${order.id}`}
                      className="mt-2 inline-block font-semibold text-forest underline underline-offset-4"
                    >
                      Pay now on the order&rsquo;s page
                    </Link>
                  )}
                </div>
              </div>
            )}
            <div className="mt-4 flex gap-2" data-testid="order-badges">
              {state && <OrderStateBadges state={state} />}
            </div>
            <p className="mt-4 text-sm">
              <span className="text-stone">Shipping to:</span> <span className="font-semibold">{orderDestination(order)}</span>
            </p>
            <OrderDelivery order={order} className="mt-1 space-y-1 text-sm" />
            <ul className="mt-5 divide-y divide-border text-sm">
              {order.items.map((item) => (
                <li key={item.id} className="flex justify-between gap-4 py-2.5">
                  <span>
                    {item.quantity} × {item.name}
                    <span className="block text-xs text-stone">
                      {[item.color, item.size && `Size ${item.size}`].filter(Boolean).join(" · ")}
                    </span>
                    {item.madeToMeasure && <MadeToMeasureLine line={item.madeToMeasure} />}
                    <ReviewItemLink
                      productId={item.productId}
                      name={item.name}
                      orderStatus={order.orderStatus}
                      signedIn={loaderData.signedIn}
                    />
                  </span>
                  <span className="tabular-nums">{formatMoney(lineTotal(item), order.currency as CurrencyCode)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-3 flex justify-between border-t border-border pt-3 font-semibold">
              <span>Total</span>
              <span className="tabular-nums">{formatMoneyWithCode(order.totalAmount, order.currency as CurrencyCode)}</span>
            </p>
          </div>
          <div className="rounded-sm border border-border bg-white/70 p-6">
            <h2 className="mb-5 text-2xl font-semibold">Order Status Timeline</h2>
            <OrderTimeline history={order.history} />
          </div>
        </section>
      ) : (
        !result && <p className="mt-10 text-center text-stone">Enter your order number to track your order status.</p>
      )}
    </main>
  );
}
