import { z } from "zod";

/**
 * The products page's "Import stock" form (docs/product-rules.md §5, stock CSV), checked in the
 * browser before sending and again by the action's guard: one CSV file of at most 1 MB. What
 * the file says is read on the server (stock-import.server.ts).
 */

/** A stocktake file: about 25,000 rows of "SKU,Product,Colour,Size,Stock". */
const STOCK_IMPORT_MAX_BYTES = 1024 * 1024;
/** What the file picker offers (spreadsheets save CSV as text/csv, some as .csv with another type). */
export const STOCK_IMPORT_ACCEPT = ".csv,text/csv";

const STOCK_IMPORT_MESSAGES = {
  missing: "Choose a CSV file to import.",
  tooLarge: "The file is too large: a stock CSV may be at most 1 MB.",
} as const;

/** A picked file: a File that is not the empty one a browser sends when nothing was chosen. */
const pickedFile = z.custom<File>(
  (value) => typeof File !== "undefined" && value instanceof File && (value.size > 0 || value.name !== ""),
  {
    error: STOCK_IMPORT_MESSAGES.missing,
  },
);

export const stockImportSchema = z.object({
  file: pickedFile.refine((file) => file.size <= STOCK_IMPORT_MAX_BYTES, STOCK_IMPORT_MESSAGES.tooLarge),
});

/** What an import changed, as the dialog and the toast say it. */
export function stockImportSummary({ updated, unchanged }: { updated: number; unchanged: number }): string {
  const cells = (n: number) => `${n.toLocaleString("en-GB")} ${n === 1 ? "size and colour" : "sizes and colours"}`;
  if (updated === 0) return `Nothing to change: all ${cells(unchanged)} already had these figures.`;
  return `Stock updated for ${cells(updated)} (${unchanged.toLocaleString("en-GB")} unchanged).`;
}
