import { DateTimeCell, type Column } from "~/components/admin/list/data-table";
import { cn } from "~/lib/cn";
import { formatDate } from "~/lib/dates";
import type { SubscriberRow } from "~/modules/newsletter/subscribers.server";
import { RemoveSubscriberButton } from "./remove-subscriber-button";

function StatusBadge({ status }: { status: SubscriberRow["status"] }) {
  const confirmed = status === "confirmed";
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        confirmed ? "bg-green-100 text-green-900 ring-green-300" : "bg-amber-50 text-amber-900 ring-amber-300",
      )}
    >
      <span className={cn("size-1.5 rounded-full", confirmed ? "bg-green-600" : "bg-amber-500")} aria-hidden />
      {confirmed ? "Confirmed" : "Pending"}
    </span>
  );
}

const sourceLabel = (source: string) => source.charAt(0).toUpperCase() + source.slice(1);

/** Sign-ups: the address, its state, where and when it signed up and confirmed, and Remove. */
export function subscriberColumns(timeZone: string): Column<SubscriberRow>[] {
  return [
    {
      header: "Email",
      rowHeader: true,
      className: "font-semibold wrap-anywhere text-charcoal",
      cell: (s) => s.email,
      phone: [{ role: "title", cell: (s) => <span className="block wrap-anywhere">{s.email}</span> }],
    },
    { header: "Status", cell: (s) => <StatusBadge status={s.status} />, phone: "trailing" },
    { header: "Source", className: "text-charcoal", cell: (s) => sourceLabel(s.source), phone: "meta" },
    {
      header: "Signed up",
      cell: (s) => <DateTimeCell at={s.signedUpAt} timeZone={timeZone} />,
      phone: [{ role: "meta", cell: (s) => formatDate(s.signedUpAt, timeZone) }],
    },
    {
      header: "Confirmed",
      cell: (s) => (s.confirmedAt ? <DateTimeCell at={s.confirmedAt} timeZone={timeZone} /> : <span className="text-stone">Not yet</span>),
      phone: [{ role: "meta", cell: (s) => (s.confirmedAt ? formatDate(s.confirmedAt, timeZone) : "Not yet") }],
    },
    {
      header: "Actions",
      hideHeader: true,
      align: "right",
      cell: (s) => <RemoveSubscriberButton id={s.id} email={s.email} />,
      phone: "actions",
    },
  ];
}
