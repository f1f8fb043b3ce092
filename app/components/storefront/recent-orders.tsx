import { ChevronRight } from "lucide";
import { Icon } from "~/components/ui/icon";
import { Link } from "~/components/ui/link";
import { StatusBadge } from "~/components/storefront/order-status-badge";
import { OrderDate } from "~/components/storefront/order-timeline";
import { formatMoneyWithCode, type CurrencyCode } from "~/lib/money";
import type { RecentOrder } from "~/modules/orders/customer-orders.server";

/** "Your Recent Orders" on /track-order: the signed-in customer's five newest, one click each. */
export function RecentOrders({ orders, openId, onOpen }: { orders: RecentOrder[]; openId: string | null; onOpen: (id: string) => void }) {
  return (
    <section aria-labelledby="recent-orders-heading" className="mt-8 rounded-sm border border-border bg-white/70 p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recent-orders-heading" className="text-2xl font-semibold">
          Your Recent Orders
        </h2>
        <Link to="/account/orders" className="text-sm font-semibold text-forest underline underline-offset-4">
          All your orders
        </Link>
      </div>
      {orders.length === 0 ? (
        <p className="mt-3 text-sm text-stone">You have no orders with this account yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-border">
          {orders.map((order) => (
            <li key={order.id}>
              <button
                type="button"
                onClick={() => onOpen(order.id)}
                aria-current={openId === order.id ? "true" : undefined}
                className="flex w-full cursor-pointer flex-wrap items-center gap-x-4 gap-y-2 py-3 text-left transition-colors hover:bg-sand/50 aria-[current]:bg-sand/60 md:px-2"
              >
                <span className="min-w-32 font-semibold">{order.orderNumber}</span>
                <span className="text-sm text-stone">
                  <OrderDate iso={order.createdAt} />
                </span>
                <span className="ml-auto flex items-center gap-3">
                  <StatusBadge status={order.orderStatus} />
                  <span className="tabular-nums">{formatMoneyWithCode(order.totalAmount, order.currency as CurrencyCode)}</span>
                  <Icon of={ChevronRight} className="size-4 text-stone" />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
