import { csvResponse } from "~/lib/csv-response.server";
import { requireStaffPage } from "~/modules/auth/session.server";
import { stockCsvChunks } from "~/modules/catalog/stock-csv.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/products-stock-export";

/**
 * /admin/products/stock.csv — the stocktake sheet: every product's sizes and colours with their
 * SKU and stock (SKU, Product, Colour, Size, Stock), products by name. Staff only; the same file,
 * with the Stock column changed, goes back in through the products page's Import stock.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(request, context, "admin/products/stock.csv");
  const db = context.database.db;
  const { timezone } = await getStoreSettings(db);
  return csvResponse(stockCsvChunks(db), { name: "stock", timeZone: timezone, context });
}
