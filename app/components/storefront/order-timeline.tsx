import { formatDateTimeWithZone } from "~/lib/dates";
import { StatusBadge } from "./order-status-badge";
import { useStoreTimeZone } from "./use-store-settings";

/** "12 Mar 2026, 14:05 GMT" in the store's timezone. */
export function OrderDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTimeWithZone(iso, useStoreTimeZone())}</time>;
}

/** The Order Status Timeline: newest first, in the tracking screen's badge colours. */
export function OrderTimeline({ history }: { history: { status: string; notes: string | null; createdAt: string }[] }) {
  return (
    <ol className="relative space-y-5 border-l border-border pl-6">
      {history.map((entry, index) => (
        <li key={index} className="relative text-sm">
          <span className="absolute top-1.5 -left-[1.72rem] size-2.5 rounded-full bg-forest ring-4 ring-ivory" aria-hidden />
          <StatusBadge status={entry.status} />{" "}
          <span className="ml-2 text-stone">
            <OrderDate iso={entry.createdAt} />
          </span>
          {entry.notes && <p className="mt-1 text-stone">{entry.notes}</p>}
        </li>
      ))}
    </ol>
  );
}
