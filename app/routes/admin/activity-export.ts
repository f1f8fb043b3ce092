import { csvResponse } from "~/lib/csv-response.server";
import { activityCsvChunks } from "~/modules/activity/activity-csv.server";
import { activityQueryFromUrl } from "~/modules/activity/activity-query.server";
import { requireStaffPage } from "~/modules/auth/session.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/activity-export";

/**
 * /admin/activity/export.csv?person=&kind=&from=&to=&product=&order= — every entry of the
 * activity log the page's filters match, newest first, as a CSV download (the Owner's:
 * activity.export). Rows are streamed in batches as the browser reads them.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaffPage(request, context, "admin/activity/export.csv");
  const db = context.database.db;
  const { filter } = activityQueryFromUrl(url.searchParams);
  const { currency, timezone } = await getStoreSettings(db);
  return csvResponse(activityCsvChunks(db, filter, { currency, timeZone: timezone }), { name: "activity", timeZone: timezone, context });
}
