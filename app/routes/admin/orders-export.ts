import { csvResponse } from "~/lib/csv-response.server";
import { parseAdminOrderFilters } from "~/modules/orders/order-filters.schema";
import { ordersCsvChunks } from "~/modules/orders/orders-csv.server";
import { requireStaffPage } from "~/modules/auth/session.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/orders-export";

/**
 * /admin/orders/export.csv?q=&status=&payment= — the orders list with the page's filters, every
 * page, as a CSV download. Rows are streamed in batches as the browser reads them.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaffPage(request, context, "admin/orders/export.csv");
  const db = context.database.db;
  const filters = parseAdminOrderFilters(url.searchParams);
  const { timezone } = await getStoreSettings(db);
  return csvResponse(ordersCsvChunks(db, filters, { timeZone: timezone }), { name: "orders", timeZone: timezone, context });
}
