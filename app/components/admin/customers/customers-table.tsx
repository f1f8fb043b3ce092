import { UsersRound } from "lucide-react";
import { DetailsLink } from "~/components/admin/details-link";
import { adminTableHeader, TableEmptyState, type TableEmpty } from "~/components/admin/table-empty-state";
import { money } from "~/components/admin/admin-format";
import { formatDate, formatTime } from "~/lib/dates";
import { cn } from "~/lib/cn";
import { addressPreview } from "~/modules/customers/customers.schema";
import type { CustomerRow } from "~/modules/customers/customers-query.server";
import { CustomersListMobile } from "./customers-list-mobile";

const th = adminTableHeader;
const td = "px-4 py-3 align-top";

/** Customers derived from orders: contact, orders, spending, last order, and a Details link (stacked on phones). */
export function CustomersTable({
  customers,
  timeZone,
  detailsHref,
  empty,
}: {
  customers: CustomerRow[];
  timeZone: string;
  detailsHref: (key: string) => string;
  empty: TableEmpty;
}) {
  if (customers.length === 0) return <TableEmptyState icon={UsersRound} empty={empty} />;

  return (
    <>
      <CustomersListMobile customers={customers} timeZone={timeZone} detailsHref={detailsHref} />
      <div className="relative hidden overflow-x-auto md:block">
        <table className="w-full min-w-[52rem] border-collapse text-sm">
          <caption className="sr-only">Customers. Dates in {timeZone} time.</caption>
          <thead className="border-b border-border bg-sand/40">
            <tr>
              <th scope="col" className={th}>
                Contact
              </th>
              <th scope="col" className={cn(th, "text-right")}>
                Orders
              </th>
              <th scope="col" className={cn(th, "text-right")}>
                Total spent
              </th>
              <th scope="col" className={th}>
                Last order
              </th>
              <th scope="col" className={cn(th, "text-right")}>
                <span className="sr-only">Details</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border/70">
            {customers.map((c) => (
              <tr key={c.key} className="transition-colors hover:bg-sand/30">
                <th scope="row" className={cn(td, "text-left font-normal")}>
                  <div className="flex items-center gap-2">
                    <span className="font-semibold text-charcoal">{c.name}</span>
                    <span className="rounded-full bg-sand px-2 py-0.5 text-[0.68rem] font-semibold text-stone">
                      {c.userId ? "Account" : "Guest"}
                    </span>
                  </div>
                  <div className="text-xs text-stone">{c.email}</div>
                  <div className="text-xs text-stone tabular-nums">{c.phone}</div>
                  <div className="text-xs text-stone" title={c.address}>
                    {addressPreview(c.address)}
                  </div>
                </th>
                <td className={cn(td, "text-right tabular-nums")}>
                  <div className="font-semibold">{c.totalOrders}</div>
                  {c.cancelledOrders > 0 && <div className="text-xs text-stone">+{c.cancelledOrders} cancelled</div>}
                </td>
                <td className={cn(td, "text-right whitespace-nowrap tabular-nums")}>
                  <div className="font-semibold">{money(c.totalSpent, c.currency)}</div>
                  <div className="text-xs text-stone">avg {money(c.averageOrder, c.currency)}</div>
                </td>
                <td className={cn(td, "whitespace-nowrap tabular-nums")}>
                  <div>{formatDate(c.lastOrderAt, timeZone)}</div>
                  <div className="text-xs text-stone">{formatTime(c.lastOrderAt, timeZone)}</div>
                </td>
                <td className={cn(td, "text-right")}>
                  <DetailsLink to={detailsHref(c.key)} of={c.name} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
