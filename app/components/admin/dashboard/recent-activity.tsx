import { ArrowRight, CreditCard, PackagePlus, RefreshCcw, StickyNote } from "lucide";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { moneyWithCode } from "~/components/admin/admin-format";
import { formatDateTime } from "~/lib/dates";
import { AdminStatusBadge } from "~/components/admin/admin-status-badge";
import type { ActivityItem } from "~/modules/reports/dashboard-stats.server";
import { DashboardPanel } from "./dashboard-panel";

const icons = {
  "order-placed": PackagePlus,
  "status-changed": RefreshCcw,
  "payment-changed": CreditCard,
  updated: StickyNote,
} as const;

/** "→", read as "to". */
function Arrow() {
  return (
    <>
      <Icon of={ArrowRight} className="size-3.5 text-stone" />
      <span className="sr-only">to</span>
    </>
  );
}

/** The orders page searching for one order number (?q= is its search box). */
export const orderSearchHref = (orderNumber: string) => `/admin/orders?q=${encodeURIComponent(orderNumber)}`;

function ActivityLine({ item }: { item: ActivityItem }) {
  const by = item.changedBy ? <span className="text-stone"> by {item.changedBy}</span> : null;
  switch (item.kind) {
    case "order-placed":
      return (
        <>
          New order from <span className="font-semibold">{item.customerName}</span>,{" "}
          <span className="tabular-nums">{moneyWithCode(item.totalAmount, item.currency)}</span>
        </>
      );
    case "status-changed":
      return (
        <span className="inline-flex flex-wrap items-center gap-1.5">
          Status {item.previousStatus && <AdminStatusBadge status={item.previousStatus} />}
          <Arrow />
          <AdminStatusBadge status={item.status} />
          {by}
        </span>
      );
    case "payment-changed":
      return (
        <span className="inline-flex flex-wrap items-center gap-1.5">
          Payment {item.previousPaymentStatus && <AdminStatusBadge kind="payment" status={item.previousPaymentStatus} />}
          <Arrow />
          {item.paymentStatus && <AdminStatusBadge kind="payment" status={item.paymentStatus} />}
          {by}
        </span>
      );
    default:
      return (
        <>
          Updated{by}
          {item.notes && <span className="text-stone">: {item.notes}</span>}
        </>
      );
  }
}

/** The newest orders and status changes, each linking to the order in the orders list. */
export function RecentActivity({ items, timeZone, className }: { items: ActivityItem[]; timeZone: string; className?: string }) {
  return (
    <DashboardPanel title="Recent Activity" description="New orders and changes to orders, newest first" className={className}>
      {items.length === 0 ? (
        <p className="py-8 text-center text-sm text-stone">No orders yet. New orders and status changes will appear here.</p>
      ) : (
        <ol className="divide-y divide-border" aria-label="Recent activity">
          {items.map((item) => {
            const icon = icons[item.kind];
            return (
              <li key={`${item.kind}-${item.orderId}-${item.at}`} className="flex gap-3 py-3">
                <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-sand text-forest">
                  <Icon of={icon} className="size-4" />
                </span>
                <div className="min-w-0 flex-1 text-sm">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <Link
                      to={orderSearchHref(item.orderNumber)}
                      className="font-semibold text-forest tabular-nums underline-offset-4 hover:underline"
                    >
                      {item.orderNumber}
                    </Link>
                    <time dateTime={item.at} className="text-xs text-stone tabular-nums">
                      {formatDateTime(item.at, timeZone)}
                    </time>
                  </div>
                  <div className="mt-1">
                    <ActivityLine item={item} />
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </DashboardPanel>
  );
}
