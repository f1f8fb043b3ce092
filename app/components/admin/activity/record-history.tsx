import { ArrowRight } from "lucide";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { formatDateTime } from "~/lib/dates";
import { activityHistoryHref } from "~/modules/activity/activity-params";
import type { RecordHistory as History } from "~/modules/activity/activity-read.server";
import { entrySummary, roleLabel, type DescribeOptions } from "~/modules/activity/describe-change";
import { ActivityChangesBrief } from "./activity-changes";

/**
 * A product's or an order's own history in its dialog (decision 049): the latest changes made in
 * the admin, who made them and when, with "See all" on the Activity page. Only for a role that
 * reads the activity log: the server sends no history to the others.
 */
export function RecordHistory({
  history,
  of,
  options,
}: {
  history: History;
  of: { productId: number } | { orderId: string };
  options: DescribeOptions;
}) {
  const noun = "productId" in of ? "product" : "order";
  return (
    <div className="grid gap-3">
      {history.entries.length === 0 ? (
        <p className="rounded-md border border-dashed border-border px-4 py-5 text-sm text-stone">
          No changes recorded for this {noun} yet. Changes made in the admin appear here, with who made them.
        </p>
      ) : (
        <ol className="divide-y divide-border/70 rounded-md border border-border bg-white" aria-label={`Latest changes to this ${noun}`}>
          {history.entries.map((entry) => (
            <li key={entry.id} className="grid gap-1 px-4 py-3 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
                <span className="min-w-0 font-semibold break-words text-charcoal">{entrySummary(entry)}</span>
                <time dateTime={new Date(entry.at).toISOString()} className="shrink-0 text-xs text-stone tabular-nums">
                  {formatDateTime(entry.at, options.timeZone)}
                </time>
              </div>
              <span className="text-xs text-stone">
                By {entry.actorName}
                {entry.actorRole ? `, ${roleLabel(entry.actorRole)}` : ""}
              </span>
              <ActivityChangesBrief entry={entry} options={options} />
            </li>
          ))}
        </ol>
      )}
      <Link
        to={activityHistoryHref(of)}
        className="inline-flex items-center gap-1.5 justify-self-start text-sm font-semibold text-forest underline-offset-4 hover:underline"
      >
        {history.more ? `See all changes to this ${noun}` : `See this ${noun} in the activity log`}
        <Icon of={ArrowRight} className="size-4" />
      </Link>
    </div>
  );
}
