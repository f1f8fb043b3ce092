import { DetailsLink } from "~/components/admin/details-link";
import { money } from "~/components/admin/admin-format";
import { formatDateTime } from "~/lib/dates";
import { addressPreview } from "~/modules/customers/customers.schema";
import type { CustomerRow } from "~/modules/customers/customers-query.server";

/** The customers table as stacked rows on phones (below md). */
export function CustomersListMobile({
  customers,
  timeZone,
  detailsHref,
}: {
  customers: CustomerRow[];
  timeZone: string;
  detailsHref: (key: string) => string;
}) {
  return (
    <ul className="divide-y divide-border/70 md:hidden" aria-label="Customers">
      {customers.map((c) => (
        <li key={c.key} className="grid gap-2 px-4 py-4 text-sm">
          <div className="flex items-center justify-between gap-3">
            <span className="font-semibold">{c.name}</span>
            <span className="rounded-full bg-sand px-2 py-0.5 text-[0.68rem] font-semibold text-stone">
              {c.userId ? "Account" : "Guest"}
            </span>
          </div>
          <div className="-mt-1 text-xs text-stone">
            <div className="truncate">{c.email}</div>
            <div className="tabular-nums">{c.phone}</div>
            <div title={c.address}>{addressPreview(c.address)}</div>
          </div>
          <dl className="grid grid-cols-3 gap-2 rounded-sm bg-sand/40 p-2.5 text-xs">
            <div>
              <dt className="text-stone">Orders</dt>
              <dd className="font-semibold tabular-nums">
                {c.totalOrders}
                {c.cancelledOrders > 0 && <span className="font-normal text-stone"> +{c.cancelledOrders} cancelled</span>}
              </dd>
            </div>
            <div>
              <dt className="text-stone">Total spent</dt>
              <dd className="font-semibold tabular-nums">{money(c.totalSpent, c.currency)}</dd>
            </div>
            <div>
              <dt className="text-stone">Average</dt>
              <dd className="font-semibold tabular-nums">{money(c.averageOrder, c.currency)}</dd>
            </div>
          </dl>
          <div className="flex items-center justify-between gap-3">
            <span className="text-xs text-stone tabular-nums">Last order {formatDateTime(c.lastOrderAt, timeZone)}</span>
            <DetailsLink to={detailsHref(c.key)} of={c.name} />
          </div>
        </li>
      ))}
    </ul>
  );
}
