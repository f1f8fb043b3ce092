import { csvResponse } from "~/lib/csv-response.server";
import { customersCsvChunks } from "~/modules/customers/customers-csv.server";
import { customersQueryFromUrl } from "~/modules/customers/customers.schema";
import { requireStaffPage } from "~/modules/auth/session.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/customers-export";

/**
 * /admin/customers/export.csv?q=&sort= — every customer the list's search finds, in its order,
 * as a CSV download. Rows are streamed in batches as the browser reads them.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaffPage(request, context, "admin/customers/export.csv");
  const db = context.database.db;
  const { search, sort } = customersQueryFromUrl(url.searchParams);
  const settings = await getStoreSettings(db);
  return csvResponse(customersCsvChunks(db, { search, sort }, { settings }), { name: "customers", timeZone: settings.timezone, context });
}
