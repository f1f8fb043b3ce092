import { History } from "lucide";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { ActivityEntryDialog } from "~/components/admin/activity/activity-entry-dialog";
import { activityColumns } from "~/components/admin/activity/activity-columns";
import { ActivityFilters } from "~/components/admin/activity/activity-filters";
import { DataTable } from "~/components/admin/list/data-table";
import { KeysetPagination } from "~/components/admin/list/keyset-pagination";
import { ListPage } from "~/components/admin/list/list-page";
import { listErrorBoundary, listMeta } from "~/components/admin/list/list-route";
import { keepListWhenClosing, useUrlDialog } from "~/components/admin/list/use-url-dialog";
import { useAdminViewer } from "~/components/admin/use-admin-viewer";
import { formatDateTime } from "~/lib/dates";
import { loadAdminList } from "~/modules/admin-lists/admin-list-loader.server";
import { activityPeople, encodeCursor, listActivity, type ActivityCursor } from "~/modules/activity/activity-log.server";
import { ACTIVITY_PARAMS as P } from "~/modules/activity/activity-params";
import { activityQueryFromUrl } from "~/modules/activity/activity-query.server";
import { findActivityEntry, historySubjectName, withDiscountKinds } from "~/modules/activity/activity-read.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/activity";

export const meta = listMeta("Activity");

/**
 * Admin → Activity (issue 48, decision 049): every change made in the admin, newest first, a
 * page at a time by keyset (Newer / Older: no page numbers and no count, which over a million
 * entries would cost more than the page), filtered by person, kind, days, product or order.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadAdminList(args, "admin/activity", "activity log", async (db, params) => {
    const query = activityQueryFromUrl(params);
    const settings = await getStoreSettings(db);
    const [page, people, entry, recordName] = await Promise.all([
      listActivity(db, query.filter, settings.timezone, { older: query.older, newer: query.newer }),
      activityPeople(db),
      query.entryId === null ? null : findActivityEntry(db, query.entryId),
      historySubjectName(db, query.filter),
    ]);
    const { productId, orderId } = query.filter;
    const record =
      productId !== undefined
        ? { param: P.product, id: String(productId), name: recordName ?? `#${productId} (removed)` }
        : orderId
          ? { param: P.order, id: orderId, name: recordName ?? "Removed order" }
          : null;
    const cursor = (c: ActivityCursor | null) => (c ? encodeCursor(c) : null);
    return {
      entries: await withDiscountKinds(db, page.entries),
      older: cursor(page.older),
      newer: cursor(page.newer),
      // The first page: nothing newer was asked for.
      newest: !query.older && !query.newer,
      people,
      record,
      entry,
      currency: settings.currency,
      timeZone: settings.timezone,
    };
  });
}

/** Closing an entry (only ?entry= dropped) keeps the page as it is. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return keepListWhenClosing(P.entry, args);
}

/** "Showing the newest 50 entries", "Showing all 12 entries", or the span of an older page. */
function pageSummary(
  { entries, older, newer, newest }: { entries: { at: Date }[]; older: string | null; newer: string | null; newest: boolean },
  timeZone: string,
) {
  const n = entries.length;
  const count = `${n.toLocaleString("en-GB")} ${n === 1 ? "entry" : "entries"}`;
  if (newest && !older) return n === 1 ? "Showing the only entry" : `Showing all ${count}`;
  if (!newer) return `Showing the newest ${count}`;
  if (!older) return `Showing the oldest ${count}`;
  return `Showing ${count}, ${formatDateTime(entries[0]!.at, timeZone)} back to ${formatDateTime(entries.at(-1)!.at, timeZone)}`;
}

export default function AdminActivity({
  loaderData: { entries, older, newer, newest, people, record, entry, currency, timeZone },
}: Route.ComponentProps) {
  const dialog = useUrlDialog(P.entry, entry ? String(entry.id) : null);
  const { can } = useAdminViewer();
  const options = { currency, timeZone };
  const pageHref = (changes: Record<string, string | null>) => dialog.hrefWith({ [P.entry]: null, ...changes });
  return (
    <ListPage
      title="Activity"
      description={`Every change made in the admin: who made it, when, from which address, and what it was before and after. Times in ${timeZone} time.`}
      exportHref={can("activity.export") ? "/admin/activity/export.csv" : undefined}
      filters={<ActivityFilters people={people} record={record} />}
      dialog={dialog}
      noun="entries"
      listing={{ rows: entries }}
      empty={{
        icon: History,
        none: {
          title: "No activity yet",
          body: "Changes made in the admin (prices, stock, orders, refunds, discounts, settings, staff) appear here, newest first.",
        },
        filtered: { title: "No matching activity", body: "No change matches these filters. Try another person or kind, or wider dates." },
      }}
      pagination={
        entries.length > 0 && (
          <KeysetPagination
            label="Pages of the activity log"
            summary={pageSummary({ entries, older, newer, newest }, timeZone)}
            newerHref={newer ? pageHref({ [P.newer]: newer, [P.older]: null }) : null}
            olderHref={older ? pageHref({ [P.older]: older, [P.newer]: null }) : null}
          />
        )
      }
      details={<ActivityEntryDialog dialog={dialog} entry={entry} options={options} />}
    >
      <DataTable
        rows={entries}
        columns={activityColumns(options, dialog.openHref)}
        rowKey={(e) => e.id}
        caption={`Activity log, newest first. Times in ${timeZone} time.`}
        label="Activity"
        minWidth="min-w-[52rem]"
        valign="top"
      />
    </ListPage>
  );
}

export const ErrorBoundary = listErrorBoundary("Activity", "activity log", "/admin/activity");
