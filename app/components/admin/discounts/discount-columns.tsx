import { Pencil } from "lucide";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import type { Column } from "~/components/admin/list/data-table";
import { money } from "~/components/admin/admin-format";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { formatDate } from "~/lib/dates";
import type { DiscountCodeRow } from "~/modules/discounts/discount-admin.server";
import { discountStateLabels, type DiscountState } from "~/modules/discounts/discount-state";
import { describeDiscount } from "~/modules/discounts/discount-terms";
import { DiscountRowActions } from "./discount-row-actions";

const stateVariant: Record<DiscountState, "default" | "gold" | "muted" | "outline" | "dark"> = {
  active: "default",
  scheduled: "gold",
  paused: "outline",
  expired: "muted",
  "used-up": "dark",
};

export const stateBadge = (state: DiscountState) => <Badge variant={stateVariant[state]}>{discountStateLabels[state]}</Badge>;

/** "Whole order", "2 collections", "3 products", with "· no sale pieces" when sale pieces are left out. */
function appliesTo(row: DiscountCodeRow): string {
  const scope =
    row.scope === "collections"
      ? `${row.collectionIds.length} collection${row.collectionIds.length === 1 ? "" : "s"}`
      : row.scope === "products"
        ? `${row.productIds.length} product${row.productIds.length === 1 ? "" : "s"}`
        : "Whole order";
  return [scope, row.excludeSaleItems && "no sale pieces", row.customerEmails.length > 0 && "named customers"].filter(Boolean).join(" · ");
}

/** "From 24 Dec 2026", "Until 31 Dec 2026", "24 Dec – 31 Dec 2026", or nothing. */
function when(row: DiscountCodeRow, timeZone: string): string | null {
  const from = row.startsAt && formatDate(row.startsAt, timeZone);
  const until = row.endsAt && formatDate(row.endsAt, timeZone);
  if (from && until) return `${from} – ${until}`;
  if (from) return `From ${from}`;
  if (until) return `Until ${until}`;
  return null;
}

/** The codes, newest first: code, what it gives, state, uses (of the limit), revenue, Edit and the row's commands. */
export function discountColumns(currency: string, timeZone: string, editHref: (id: string) => string): Column<DiscountCodeRow>[] {
  const m = (pesewas: number) => money(pesewas, currency);
  const value = (row: DiscountCodeRow) => (
    <span>
      <span className="font-medium text-charcoal">{describeDiscount(row.kind, row.value, m)}</span>
      {row.minimumSubtotal !== null && <span className="block text-xs text-stone">{`On ${m(row.minimumSubtotal)} or more`}</span>}
    </span>
  );
  const uses = (row: DiscountCodeRow) => (row.usageLimit === null ? String(row.uses) : `${row.uses} / ${row.usageLimit}`);
  return [
    {
      header: "Code",
      rowHeader: true,
      cell: (row) => (
        <span>
          <span className="font-mono text-[0.95rem] font-semibold tracking-wider text-charcoal">{row.code}</span>
          <span className="block text-xs text-stone">{[appliesTo(row), when(row, timeZone)].filter(Boolean).join(" · ")}</span>
        </span>
      ),
      phone: "title",
    },
    {
      header: "Kind",
      cell: (row) => ({ percentage: "Percentage", fixed: "Fixed amount", free_shipping: "Free shipping" })[row.kind],
      phone: "hidden",
    },
    { header: "Value", cell: value, phone: "subtitle" },
    { header: "Status", cell: (row) => stateBadge(row.state), phone: "trailing" },
    {
      header: "Uses",
      align: "right",
      className: "tabular-nums whitespace-nowrap",
      cell: uses,
      phone: [{ role: "meta", label: "Uses", cell: uses }],
    },
    {
      header: "Revenue",
      align: "right",
      className: "tabular-nums whitespace-nowrap",
      cell: (row) => m(row.revenue),
      phone: [{ role: "meta", label: "Revenue", cell: (row) => m(row.revenue) }],
    },
    {
      header: "Actions",
      hideHeader: true,
      align: "right",
      cell: (row) => (
        <div className="flex justify-end gap-1">
          <Link
            to={editHref(String(row.id))}
            state={{ openedFromList: true }}
            preventScrollReset
            aria-label={`Edit ${row.code}`}
            title="Edit"
            className={buttonVariants({ variant: "ghost", size: "icon-sm" })}
          >
            <Icon of={Pencil} />
          </Link>
          <DiscountRowActions row={row} />
        </div>
      ),
      phone: "actions",
    },
  ];
}
