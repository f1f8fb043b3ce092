import { csvResponse } from "~/lib/csv-response.server";
import { requireStaffPage } from "~/modules/auth/session.server";
import { subscribersCsvChunks } from "~/modules/newsletter/subscribers.server";
import { subscribersQueryFromUrl } from "~/modules/newsletter/subscribers.schema";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/newsletter-export";

/**
 * /admin/newsletter/export.csv?q= — the confirmed subscribers the list's search finds (pending
 * sign-ups never: they have not agreed yet), streamed in batches as the browser reads them.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaffPage(request, context, "admin/newsletter/export.csv");
  const db = context.database.db;
  const { search } = subscribersQueryFromUrl(url.searchParams);
  const settings = await getStoreSettings(db);
  return csvResponse(subscribersCsvChunks(db, { search }, { timeZone: settings.timezone }), {
    name: "newsletter-subscribers",
    timeZone: settings.timezone,
    context,
  });
}
