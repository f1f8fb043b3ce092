import { lineTotal } from "~/modules/pricing/order-totals";
import { CheckCircle2, Printer } from "lucide-react";
import { data, Link } from "react-router";
import { countries } from "~/components/storefront/checkout/countries";
import { StatusBadge } from "~/components/storefront/order-status-badge";
import { OrderDate, OrderTimeline } from "~/components/storefront/order-timeline";
import { OrderTotals } from "~/components/storefront/order-totals";
import { Button } from "~/components/ui/button";
import { getOrderDetails } from "~/modules/orders/order-details.server";
import { paymentMethods } from "~/modules/orders/order-constants";
import { brand } from "~/lib/brand";
import { formatMoney, type CurrencyCode } from "~/lib/money";
import { imageSrc } from "~/lib/images";
import { privatePageHeaders } from "~/lib/cache-control";
import type { Route } from "./+types/order-confirmation";

// Private: someone's order; never stored (app/lib/cache-control.ts).
export const headers = privatePageHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await getOrderDetails(context.database.db, params.orderId);
  // Personal data: never cached by browsers or proxies.
  return data({ order }, { status: order ? 200 : 404, headers: { "Cache-Control": "private, no-store" } });
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d?.order ? `Order ${d.order.orderNumber} confirmed | ${brand.name}` : `Order Not Found | ${brand.name}` },
  { name: "robots", content: "noindex" },
];

export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
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
  const country = countries.find(([code]) => code === order.customerCountry)?.[1] ?? order.customerCountry;
  const section = "rounded-sm border border-border bg-white/70 p-6 print:border-0 print:p-0";

  return (
    <main className="mx-auto max-w-4xl px-4 py-12 md:px-8 md:py-16 print:py-0">
      <div className="text-center">
        <CheckCircle2 className="mx-auto size-14 text-forest print:hidden" aria-hidden />
        <h1 className="mt-4 text-5xl font-semibold">Order Confirmed!</h1>
        <p className="mt-3 text-stone">
          Thank you, {order.customerName.split(" ")[0]}. A confirmation has been sent to{" "}
          <strong className="text-charcoal">{order.customerEmail}</strong>.
        </p>
      </div>

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
                <StatusBadge status={order.paymentStatus} kind="payment" />
              </dd>
            </div>
            <div className="flex items-center justify-between gap-4">
              <dt className="text-stone">Status</dt>
              <dd>
                <StatusBadge status={order.orderStatus} />
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
              {item.imageUrl && (
                <img
                  src={imageSrc(item.imageUrl, 480)}
                  alt=""
                  width={56}
                  height={70}
                  className="h-[70px] w-14 rounded-sm bg-sand object-cover print:hidden"
                />
              )}
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{item.name}</p>
                <p className="text-xs text-stone">
                  {[item.color, item.size && `Size ${item.size}`, `${item.quantity} × ${formatMoney(item.unitPrice, currency)}`]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </div>
              <p className="font-semibold tabular-nums">{formatMoney(lineTotal(item), currency)}</p>
            </li>
          ))}
        </ul>
        <OrderTotals
          subtotal={order.subtotalAmount}
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
          <Printer aria-hidden /> Print Order
        </Button>
      </div>
    </main>
  );
}
