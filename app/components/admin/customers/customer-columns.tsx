import { DetailsLink } from "~/components/admin/list/details-link";
import { DateTimeCell, type Column } from "~/components/admin/list/data-table";
import { money } from "~/components/admin/admin-format";
import { formatDateTime } from "~/lib/dates";
import { addressPreview } from "~/modules/customers/customers.schema";
import type { CustomerRow } from "~/modules/customers/customers-query.server";

const accountBadge = (c: CustomerRow) => (
  <span className="rounded-full bg-sand px-2 py-0.5 text-[0.68rem] font-semibold text-stone">{c.userId ? "Account" : "Guest"}</span>
);

/** Customers derived from orders: contact, orders, spending, last order, and a Details link. */
export function customerColumns(timeZone: string, detailsHref: (key: string) => string): Column<CustomerRow>[] {
  return [
    {
      header: "Contact",
      rowHeader: true,
      className: "font-normal",
      cell: (c) => (
        <>
          <div className="flex items-center gap-2">
            <span className="font-semibold text-charcoal">{c.name}</span>
            {accountBadge(c)}
          </div>
          <div className="text-xs text-stone">{c.email}</div>
          <div className="text-xs text-stone tabular-nums">{c.phone}</div>
          <div className="text-xs text-stone" title={c.address}>
            {addressPreview(c.address)}
          </div>
        </>
      ),
      phone: [
        { role: "title", cell: (c) => c.name },
        { role: "trailing", cell: accountBadge },
        { role: "subtitle", cell: (c) => <div className="truncate">{c.email}</div> },
        { role: "subtitle", cell: (c) => <span className="tabular-nums">{c.phone}</span> },
        { role: "subtitle", cell: (c) => <span title={c.address}>{addressPreview(c.address)}</span> },
      ],
    },
    {
      header: "Orders",
      align: "right",
      className: "tabular-nums",
      cell: (c) => (
        <>
          <div className="font-semibold">{c.totalOrders}</div>
          {c.cancelledOrders > 0 && <div className="text-xs text-stone">+{c.cancelledOrders} cancelled</div>}
        </>
      ),
      phone: [
        {
          role: "meta",
          cell: (c) => (
            <>
              {c.totalOrders}
              {c.cancelledOrders > 0 && <span className="font-normal text-stone"> +{c.cancelledOrders} cancelled</span>}
            </>
          ),
        },
      ],
    },
    {
      header: "Total spent",
      align: "right",
      className: "whitespace-nowrap tabular-nums",
      cell: (c) => (
        <>
          <div className="font-semibold">{money(c.totalSpent, c.currency)}</div>
          <div className="text-xs text-stone">avg {money(c.averageOrder, c.currency)}</div>
        </>
      ),
      phone: [
        { role: "meta", cell: (c) => money(c.totalSpent, c.currency) },
        { role: "meta", label: "Average", cell: (c) => money(c.averageOrder, c.currency) },
      ],
    },
    {
      header: "Last order",
      className: "whitespace-nowrap tabular-nums",
      cell: (c) => <DateTimeCell at={c.lastOrderAt} timeZone={timeZone} />,
      phone: [
        {
          role: "actions",
          cell: (c) => <span className="text-xs text-stone tabular-nums">Last order {formatDateTime(c.lastOrderAt, timeZone)}</span>,
        },
      ],
    },
    {
      header: "Details",
      hideHeader: true,
      align: "right",
      cell: (c) => <DetailsLink to={detailsHref(c.key)} of={c.name} />,
      phone: "actions",
    },
  ];
}
