import { ChevronRight, ShoppingBag } from "lucide";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Link } from "~/components/ui/link";
import { StatusBadge } from "~/components/storefront/order-status-badge";
import { OrderDate } from "~/components/storefront/order-timeline";
import { Pagination } from "~/components/storefront/pagination";
import { OrderAgainIsland } from "~/islands/account-orders";
import { formatMoneyWithCode, type CurrencyCode } from "~/lib/money";
import type { OrderHistoryPage } from "~/modules/orders/order-history.server";
import { ORDER_HISTORY_PAGE_SIZE } from "~/modules/orders/order-history";

const pieces = (n: number) => `${n} ${n === 1 ? "piece" : "pieces"}`;

/**
 * /account/orders: the customer's orders, newest first, ten to a page (server HTML); each opens
 * its own page, and "Order again" (an island each) puts its pieces back in the bag.
 */
export function OrderHistory({ history }: { history: OrderHistoryPage }) {
  const { orders, page, pageCount, total } = history;
  if (total === 0) {
    return (
      <section className="mt-10 flex flex-col items-center rounded-sm border border-border bg-white/70 px-6 py-16 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-sand">
          <Icon of={ShoppingBag} className="size-7 text-forest" />
        </span>
        <h2 className="mt-5 text-3xl font-semibold">No orders yet</h2>
        <p className="mt-2 max-w-md text-stone">When you place an order while signed in, it is kept here with its status and receipt.</p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/collections/all">Explore the collection</Link>
        </Button>
      </section>
    );
  }
  const first = (page - 1) * ORDER_HISTORY_PAGE_SIZE + 1;
  const last = first + orders.length - 1;
  return (
    <section aria-labelledby="order-history-heading" className="mt-8">
      <h2 id="order-history-heading" className="sr-only">
        Your orders
      </h2>
      <p className="text-sm text-stone" data-testid="order-history-range">
        {orders.length > 0
          ? `Showing ${first}–${last} of ${total} ${total === 1 ? "order" : "orders"}`
          : `There is no page ${page}: you have ${total} ${total === 1 ? "order" : "orders"} on ${pageCount} ${pageCount === 1 ? "page" : "pages"}.`}
      </p>
      {orders.length === 0 && (
        <Button asChild variant="outline" className="mt-4">
          <Link to={pageCount === 1 ? "/account/orders" : `/account/orders?page=${pageCount}`}>Go to your last page of orders</Link>
        </Button>
      )}
      <ul className="mt-4 space-y-4">
        {orders.map((order) => (
          <li key={order.id}>
            <article
              aria-labelledby={`order-${order.id}`}
              className="grid gap-x-6 gap-y-4 rounded-sm border border-border bg-white/70 p-5 transition-shadow hover:shadow-md hover:shadow-charcoal/5 md:grid-cols-[1.3fr_0.9fr_1.1fr_auto_auto] md:items-center md:p-6"
            >
              <div>
                <h3 id={`order-${order.id}`} className="text-xl font-semibold tracking-wide">
                  <Link to={`/order-confirmation/${order.id}`} className="underline-offset-4 hover:underline">
                    {order.orderNumber}
                  </Link>
                </h3>
                <p className="mt-0.5 text-sm text-stone">
                  Placed <OrderDate iso={order.createdAt} />
                </p>
              </div>
              <dl className="contents text-sm">
                <div className="flex items-center justify-between gap-3 md:block">
                  <dt className="text-xs font-bold tracking-[0.18em] text-stone uppercase">Status</dt>
                  <dd className="md:mt-1.5">
                    <StatusBadge status={order.orderStatus} />
                  </dd>
                </div>
                <div className="flex items-center justify-between gap-3 md:block">
                  <dt className="text-xs font-bold tracking-[0.18em] text-stone uppercase">Total</dt>
                  <dd className="font-semibold tabular-nums md:mt-1">
                    {formatMoneyWithCode(order.totalAmount, order.currency as CurrencyCode)}
                    <span className="ml-2 font-normal whitespace-nowrap text-stone">{pieces(order.itemCount)}</span>
                  </dd>
                </div>
              </dl>
              <div className="flex flex-wrap items-center gap-2 border-t border-border pt-4 md:contents">
                <OrderAgainIsland orderId={order.id} orderNumber={order.orderNumber} />
                <Button asChild variant="ghost" size="sm" className="h-10">
                  <Link to={`/order-confirmation/${order.id}`} aria-label={`View order ${order.orderNumber}`}>
                    View order <Icon of={ChevronRight} />
                  </Link>
                </Button>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(p) => (p === 1 ? "/account/orders" : `/account/orders?page=${p}`)}
        label="Order pages"
      />
    </section>
  );
}
