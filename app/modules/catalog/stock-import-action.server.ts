import { data, type AppLoadContext } from "react-router";
import type { Viewer } from "~/modules/auth/session.server";
import { importStock } from "~/modules/catalog/stock-import.server";
import { stockImportSummary } from "~/modules/catalog/stock-import.schema";
import type { StockImportAnswer } from "~/components/admin/products/product-action";

/**
 * The products page's "Import stock" after the guard (admins only, the file checked by
 * stockImportSchema): reads and applies the CSV, all or nothing, and logs who imported what.
 * A refused file answers 400 with every bad row; nothing was changed.
 */
export async function runStockImport(guarded: { value: { file: File }; viewer: Viewer }, context: AppLoadContext) {
  const { file } = guarded.value;
  const result = await importStock(context.database.db, new Uint8Array(await file.arrayBuffer()));
  const facts = { by: guarded.viewer.id, bytes: file.size };
  if (!result.ok) {
    context.log.info({ ...facts, problems: result.problems.length }, "stock CSV import refused, nothing changed");
    return data<StockImportAnswer>({ ok: false, message: result.message, problems: result.problems }, { status: 400 });
  }
  context.log.info({ ...facts, updated: result.updated, unchanged: result.unchanged }, "stock CSV imported");
  return data<StockImportAnswer>({ ok: true, intent: "import-stock", message: stockImportSummary(result) });
}
