import { PackageOpen } from "lucide-react";
import { DetailsLink } from "~/components/admin/details-link";
import { adminTableHeader, TableEmptyState, type TableEmpty } from "~/components/admin/table-empty-state";
import { moneyWithCode } from "~/components/admin/admin-format";
import { formatDate, formatTime } from "~/lib/dates";
import { cn } from "~/lib/cn";
import type { AdminOrderRow } from "~/modules/orders/order-types";
import { InlineStatusSelect } from "./inline-status-select";
import { OrdersListMobile } from "./orders-list-mobile";

const th = adminTableHeader;
const td = "px-4 py-3 align-middle";

/**
 * The orders table: number, customer, amount with its currency code, inline status and payment
 * selects, date in the store's timezone, and a Details link (opens the dialog through the URL).
 * Phones get the same rows stacked (OrdersListMobile).
 */
export function OrdersTable({
  orders,
  timeZone,
  detailsHref,
  empty,
}: {
  orders: AdminOrderRow[];
  timeZone: string;
  detailsHref: (orderId: string) => string;
  /** What to say when there is no row. */
  empty: TableEmpty;
}) {
  if (orders.length === 0) return <TableEmptyState icon={PackageOpen} empty={empty} />;

  return (
    <>
      <OrdersListMobile orders={orders} timeZone={timeZone} detailsHref={detailsHref} />
      <div className="relative hidden overflow-x-auto md:block">
        <table className="w-full min-w-[60rem] border-collapse text-sm">
          <caption className="sr-only">Orders, newest first. Dates in {timeZone} time.</caption>
          <thead className="border-b border-border bg-sand/40">
            <tr>
              <th scope="col" className={th}>
                Order #
              </th>
              <th scope="col" className={th}>
                Customer
              </th>
              <th scope="col" className={cn(th, "text-right")}>
                Amount
              </th>
              <th scope="col" className={th}>
                Status
              </th>
              <th scope="col" className={th}>
                Payment
              </th>
              <th scope="col" className={th}>
                Date
              </th>
              <th scope="col" className={cn(th, "text-right")}>
                <span className="sr-only">Details</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border/70">
            {orders.map((order) => (
              <tr key={order.id} className="transition-colors hover:bg-sand/30">
                <th scope="row" className={cn(td, "text-left font-semibold whitespace-nowrap tabular-nums")}>
                  {order.orderNumber}
                </th>
                <td className={td}>
                  <div className="font-medium text-charcoal">{order.customerName}</div>
                  <div className="max-w-[16rem] truncate text-xs text-stone" title={order.customerEmail}>
                    {order.customerEmail}
                  </div>
                </td>
                <td className={cn(td, "text-right font-semibold whitespace-nowrap tabular-nums")}>
                  {moneyWithCode(order.totalAmount, order.currency)}
                </td>
                <td className={td}>
                  <InlineStatusSelect kind="order" orderId={order.id} orderNumber={order.orderNumber} value={order.orderStatus} />
                </td>
                <td className={td}>
                  <InlineStatusSelect kind="payment" orderId={order.id} orderNumber={order.orderNumber} value={order.paymentStatus} />
                </td>
                <td className={cn(td, "whitespace-nowrap tabular-nums")}>
                  <div>{formatDate(order.createdAt, timeZone)}</div>
                  <div className="text-xs text-stone">{formatTime(order.createdAt, timeZone)}</div>
                </td>
                <td className={cn(td, "text-right")}>
                  <DetailsLink to={detailsHref(order.id)} of={order.orderNumber} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
