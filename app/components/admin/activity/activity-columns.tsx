import type { Column } from "~/components/admin/list/data-table";
import { DateTimeCell } from "~/components/admin/list/data-table";
import { DetailsLink } from "~/components/admin/list/details-link";
import { formatDateTime } from "~/lib/dates";
import { ACTIVITY_AREAS } from "~/modules/activity/activity-kinds";
import type { ActivityRow } from "~/modules/activity/activity-read.server";
import { entrySummary, roleLabel, type DescribeOptions } from "~/modules/activity/describe-change";
import { ActivityChangesBrief } from "./activity-changes";

/** "Products and stock", or the area as stored when the page does not know it. */
export const areaLabel = (area: string) => (ACTIVITY_AREAS as Record<string, string>)[area] ?? area;

/** Who made the change: their name, and their role then. */
export function ActivityActor({ entry }: { entry: Pick<ActivityRow, "actorName" | "actorRole"> }) {
  const role = roleLabel(entry.actorRole);
  return (
    <span className="block min-w-0">
      <span className="block truncate font-medium text-charcoal">{entry.actorName}</span>
      {role && <span className="block text-xs text-stone">{role}</span>}
    </span>
  );
}

/** What was done, under its area: "Changed product Royal Kente Kaftan", then the changes. */
function What({ entry, options }: { entry: ActivityRow; options: DescribeOptions }) {
  return (
    <span className="block min-w-0">
      <span className="block text-[0.68rem] font-semibold tracking-[0.14em] text-stone uppercase">{areaLabel(entry.area)}</span>
      <span className="block font-semibold break-words text-charcoal">{entrySummary(entry)}</span>
      <ActivityChangesBrief entry={entry} options={options} className="mt-1" />
    </span>
  );
}

/** The log's rows, newest first: when, who, what (with the changes) and Details. */
export function activityColumns(options: DescribeOptions, detailsHref: (id: string) => string): Column<ActivityRow>[] {
  return [
    {
      header: "When",
      cell: (entry) => <DateTimeCell at={entry.at} timeZone={options.timeZone} />,
      className: "whitespace-nowrap tabular-nums w-36",
      phone: "hidden",
    },
    {
      header: "Who",
      cell: (entry) => <ActivityActor entry={entry} />,
      className: "w-48",
      phone: [
        {
          role: "subtitle",
          cell: (entry) => (
            <span className="tabular-nums">
              {formatDateTime(entry.at, options.timeZone)} · {entry.actorName}
              {entry.actorRole ? `, ${roleLabel(entry.actorRole)}` : ""}
            </span>
          ),
        },
      ],
    },
    {
      header: "What",
      rowHeader: true,
      cell: (entry) => <What entry={entry} options={options} />,
      className: "font-normal",
      phone: [
        {
          role: "title",
          cell: (entry) => (
            <span className="block min-w-0 font-semibold break-words">
              <span className="block text-[0.68rem] font-semibold tracking-[0.14em] text-stone uppercase">{areaLabel(entry.area)}</span>
              {entrySummary(entry)}
            </span>
          ),
        },
        {
          role: "subtitle",
          cell: (entry) => <ActivityChangesBrief entry={entry} options={options} className="mt-1 text-charcoal" />,
        },
      ],
    },
    {
      header: "Details",
      hideHeader: true,
      align: "right",
      className: "w-28",
      cell: (entry) => <DetailsLink to={detailsHref(String(entry.id))} of={entrySummary(entry)} />,
      phone: "actions",
    },
  ];
}
