import { AlertTriangle, ChevronRight, Clock, Plus } from "lucide";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import type { QuickActionCounts } from "~/modules/reports/dashboard-stats.server";
import { variantLabel } from "~/modules/catalog/variants";
import { DashboardPanel } from "./dashboard-panel";
import { useAdminViewer } from "~/components/admin/use-admin-viewer";

const actionClass =
  "group flex items-center gap-3 rounded-sm border border-border bg-white px-4 py-3 text-sm transition-colors hover:border-forest hover:bg-forest/[0.04] focus-visible:outline-2 focus-visible:outline-gold";

function ActionLink({ to, icon, title, detail }: { to: string; icon: ReactNode; title: string; detail: ReactNode }) {
  return (
    <Link to={to} className={actionClass}>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-forest text-ivory">{icon}</span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-charcoal">{title}</span>
        <span className="block text-xs text-stone">{detail}</span>
      </span>
      <Icon of={ChevronRight} className="size-4 text-stone transition-transform group-hover:translate-x-0.5" />
    </Link>
  );
}

/** The products list searching for the variant's product by name. */
const productSearchHref = (p: { name: string }) => `/admin/products?q=${encodeURIComponent(p.name)}`;

/** Shortcuts to the work waiting: add a product, handle pending orders, restock low products. */
export function QuickActions({ counts, className }: { counts: QuickActionCounts; className?: string }) {
  const pending = counts.pendingOrders;
  const { can } = useAdminViewer();
  return (
    <DashboardPanel title="Quick Actions" description="What needs doing next" className={className}>
      <div className="grid gap-2">
        {can("products.edit") && (
          <ActionLink
            to="/admin/products?new=1"
            icon={<Icon of={Plus} className="size-4" />}
            title="Add product"
            detail="Open the new product form"
          />
        )}
        <ActionLink
          to="/admin/orders?status=processing"
          icon={<Icon of={Clock} className="size-4" />}
          title="View pending orders"
          detail={
            <span data-testid="pending-orders">
              {pending === 0 ? "No orders waiting" : `${pending.toLocaleString("en-GB")} order${pending === 1 ? "" : "s"} in processing`}
            </span>
          }
        />
      </div>
      <div className="mt-5">
        <h3 className="flex items-center gap-2 font-sans text-sm font-semibold">
          <Icon of={AlertTriangle} className="size-4 text-gold-ink" />
          Low stock
        </h3>
        <p className="mt-0.5 text-xs text-stone">
          {counts.lowStockCount.toLocaleString("en-GB")} size{counts.lowStockCount === 1 ? "" : "s"} and colour
          {counts.lowStockCount === 1 ? "" : "s"} of active products with {counts.lowStockThreshold} or fewer left
        </p>
        {counts.lowStock.length === 0 ? (
          <p className="mt-2 text-sm text-stone">
            Every size and colour of the active products has more than {counts.lowStockThreshold} in stock.
          </p>
        ) : (
          <ul className="mt-2 divide-y divide-border rounded-sm border border-border bg-white" aria-label="Low stock sizes and colours">
            {counts.lowStock.map((variant) => (
              <li key={variant.id}>
                <Link
                  to={productSearchHref(variant)}
                  className="flex items-center justify-between gap-3 px-3 py-2 text-sm hover:bg-sand/50 focus-visible:outline-2 focus-visible:outline-gold"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-charcoal">{variant.name}</span>
                    <span className="block text-xs text-stone">
                      {variantLabel(variant.color, variant.size)} · SKU {variant.sku}
                    </span>
                  </span>
                  <span
                    className={
                      variant.stock === 0
                        ? "shrink-0 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900"
                        : "shrink-0 rounded-full bg-yellow-100 px-2 py-0.5 text-xs font-semibold text-yellow-900"
                    }
                  >
                    {variant.stock === 0 ? "Out of stock" : `${variant.stock} left`}
                  </span>
                </Link>
              </li>
            ))}
            {counts.lowStockCount > counts.lowStock.length && (
              <li className="px-3 py-2 text-xs text-stone">
                and {(counts.lowStockCount - counts.lowStock.length).toLocaleString("en-GB")} more
              </li>
            )}
          </ul>
        )}
      </div>
    </DashboardPanel>
  );
}
