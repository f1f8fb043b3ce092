import { AdminStatusBadge } from "~/components/admin/admin-status-badge";
import { formatDateTime } from "~/lib/dates";
import type { AdminOrderHistoryEntry } from "~/modules/orders/order-types";

/** Who made a change, as the history records it (an admin's name or email, or one of these). */
const whoLabels: Record<string, string> = { guest: "the customer (guest checkout)", customer: "the customer", system: "the system" };

/** The status history, newest first, with who changed what. */
export function OrderHistory({ history, timeZone }: { history: AdminOrderHistoryEntry[]; timeZone: string }) {
  if (history.length === 0) return <p className="text-sm text-stone">No status changes recorded.</p>;
  return (
    <ol className="relative space-y-4 border-l border-border pl-5">
      {history.map((entry, index) => (
        <li key={index} className="relative text-sm">
          <span className="absolute top-1.5 -left-[1.45rem] size-2.5 rounded-full bg-forest ring-4 ring-ivory" aria-hidden />
          <div className="flex flex-wrap items-center gap-2">
            <span className="sr-only">Order status</span>
            <AdminStatusBadge status={entry.status} />
            {entry.paymentStatus && (
              <>
                <span className="text-xs text-stone">Payment</span>
                <AdminStatusBadge kind="payment" status={entry.paymentStatus} />
              </>
            )}
            <time dateTime={entry.createdAt} className="text-xs text-stone tabular-nums">
              {formatDateTime(entry.createdAt, timeZone)}
            </time>
          </div>
          {entry.notes && <p className="mt-1 text-charcoal">{entry.notes}</p>}
          <p className="mt-0.5 text-xs text-stone">
            By {entry.changedBy ? (whoLabels[entry.changedBy] ?? entry.changedBy) : "an unknown user"}
          </p>
        </li>
      ))}
    </ol>
  );
}
