import { DetailsLink } from "~/components/admin/list/details-link";
import { DateTimeCell, type Column } from "~/components/admin/list/data-table";
import { moneyWithCode } from "~/components/admin/admin-format";
import { formatDateTime } from "~/lib/dates";
import type { AdminOrderRow } from "~/modules/orders/order-types";
import { InlineStatusSelect } from "./inline-status-select";

/** A small red mark beside the order number: a customer's dispute (chargeback) on it is open. */
function DisputeBadge() {
  return (
    <span
      className="ml-2 inline-flex items-center rounded-full bg-red-100 px-2 py-0.5 align-middle text-[0.6875rem] font-semibold text-red-900 ring-1 ring-red-300 ring-inset"
      title="A customer's dispute (chargeback) is open: see Payments in the order's details"
    >
      Dispute
    </span>
  );
}

/**
 * The orders list: number (marked when a dispute is open), customer, amount with its currency code, inline status and payment
 * selects, date in the store's timezone, and a Details link (opens the dialog through the URL).
 */
export function orderColumns(timeZone: string, detailsHref: (id: string) => string): Column<AdminOrderRow>[] {
  return [
    {
      header: "Order #",
      rowHeader: true,
      className: "font-semibold whitespace-nowrap tabular-nums",
      cell: (o) => (
        <>
          {o.orderNumber}
          {o.openDispute && <DisputeBadge />}
        </>
      ),
      phone: "title",
    },
    {
      header: "Customer",
      cell: (o) => (
        <>
          <div className="font-medium text-charcoal">{o.customerName}</div>
          <div className="max-w-[16rem] truncate text-xs text-stone" title={o.customerEmail}>
            {o.customerEmail}
          </div>
        </>
      ),
      phone: [
        { role: "subtitle", cell: (o) => <div className="text-sm font-medium text-charcoal">{o.customerName}</div> },
        { role: "subtitle", cell: (o) => <div className="truncate">{o.customerEmail}</div> },
      ],
    },
    {
      header: "Amount",
      align: "right",
      className: "font-semibold whitespace-nowrap tabular-nums",
      cell: (o) => moneyWithCode(o.totalAmount, o.currency),
      phone: "trailing",
    },
    {
      header: "Status",
      cell: (o) => <InlineStatusSelect kind="order" orderId={o.id} orderNumber={o.orderNumber} value={o.orderStatus} />,
      phone: "actions",
    },
    {
      header: "Payment",
      cell: (o) => <InlineStatusSelect kind="payment" orderId={o.id} orderNumber={o.orderNumber} value={o.paymentStatus} />,
      phone: "actions",
    },
    {
      header: "Date",
      className: "whitespace-nowrap tabular-nums",
      cell: (o) => <DateTimeCell at={o.createdAt} timeZone={timeZone} />,
      phone: [{ role: "subtitle", cell: (o) => <span className="tabular-nums">{formatDateTime(o.createdAt, timeZone)}</span> }],
    },
    {
      header: "Details",
      hideHeader: true,
      align: "right",
      cell: (o) => <DetailsLink to={detailsHref(o.id)} of={o.orderNumber} />,
      phone: "actions",
    },
  ];
}
