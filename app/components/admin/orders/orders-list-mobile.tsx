import { DetailsLink } from "~/components/admin/details-link";
import { moneyWithCode } from "~/components/admin/admin-format";
import { formatDateTime } from "~/lib/dates";
import type { AdminOrderRow } from "~/modules/orders/order-types";
import { InlineStatusSelect } from "./inline-status-select";

/** The orders table as stacked rows on phones (below md), with the same selects and Details link. */
export function OrdersListMobile({
  orders,
  timeZone,
  detailsHref,
}: {
  orders: AdminOrderRow[];
  timeZone: string;
  detailsHref: (orderId: string) => string;
}) {
  return (
    <ul className="divide-y divide-border/70 md:hidden" aria-label="Orders">
      {orders.map((order) => (
        <li key={order.id} className="grid gap-3 px-4 py-4">
          <div className="flex items-baseline justify-between gap-3">
            <span className="font-semibold tabular-nums">{order.orderNumber}</span>
            <span className="font-semibold whitespace-nowrap tabular-nums">{moneyWithCode(order.totalAmount, order.currency)}</span>
          </div>
          <div className="-mt-2 text-sm">
            <div className="font-medium">{order.customerName}</div>
            <div className="truncate text-xs text-stone">{order.customerEmail}</div>
            <div className="text-xs text-stone tabular-nums">{formatDateTime(order.createdAt, timeZone)}</div>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <InlineStatusSelect kind="order" orderId={order.id} orderNumber={order.orderNumber} value={order.orderStatus} />
            <InlineStatusSelect kind="payment" orderId={order.id} orderNumber={order.orderNumber} value={order.paymentStatus} />
            <DetailsLink to={detailsHref(order.id)} of={order.orderNumber} className="ml-auto" />
          </div>
        </li>
      ))}
    </ul>
  );
}
