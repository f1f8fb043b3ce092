import { CsvError, parse } from "csv-parse/sync";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { productVariants } from "~db/schema/catalog";
import { announceStorefrontChange } from "~/modules/storefront/storefront-changes.server";
import { MAX_STOCK } from "./product.schema";

/**
 * The stocktake import (docs/product-rules.md §5, stock CSV): a CSV whose header names the
 * columns SKU and Stock (any case, in any place; other columns are ignored, so the stock
 * export re-imports as it is) sets each listed variant's stock.
 *
 * All or nothing. A file that cannot be read (not text, not CSV, no SKU or Stock column, no
 * rows) or any bad row (an unknown SKU, a stock that is not a whole number from 0 to
 * 1,000,000, a SKU listed twice) changes nothing, and the answer names every bad row by its
 * row in the spreadsheet (the header is row 1). Otherwise every row is applied in one
 * transaction, under the rows' locks, and the storefront is told once it has committed.
 */

type StockImportResult =
  | { ok: true; updated: number; unchanged: number }
  | {
      ok: false;
      /** One line for the whole file. */
      message: string;
      /** "Row 7: SKU … is not in the catalog", row by row (empty when the file itself is unreadable). */
      problems: string[];
    };

/** Bad rows listed in one answer; beyond them the answer says how many more there are. */
const MAX_PROBLEMS_LISTED = 100;
/** Rows looked up or written per statement. */
const BATCH = 1_000;

const SAVE_AS_CSV = "Save the sheet as CSV (comma separated) and try again.";

interface FileRow {
  /** The row in the spreadsheet: the file's line where the record ends (the header is row 1). */
  row: number;
  sku: string;
  stock: string;
}

interface CheckedRow {
  row: number;
  sku: string;
  /** Null when the cell is wrong (its problem is listed). */
  stock: number | null;
}

const refused = (message: string, problems: string[] = []): StockImportResult & { ok: false } => ({ ok: false, message, problems });

/** Reads, checks and applies a stock CSV (its bytes as uploaded). */
export async function importStock(db: Db, bytes: Uint8Array): Promise<StockImportResult> {
  const read = readStockFile(bytes);
  if (!read.ok) return read;
  const problems: { row: number; message: string }[] = [];
  const rows = checkRows(read.rows, problems);

  const outcome = await db.transaction(async (tx) => {
    const variants = await lockVariants(tx, [...new Set(rows.map((r) => r.sku.toLowerCase()))]);
    for (const r of rows)
      if (!variants.has(r.sku.toLowerCase())) problems.push({ row: r.row, message: `SKU ${r.sku} is not in the catalog` });
    // Nothing has been written yet: returning leaves the catalog as it was.
    if (problems.length > 0) return refused(...listProblems(problems));
    const changes = rows
      .map((r) => ({ variant: variants.get(r.sku.toLowerCase())!, stock: r.stock! }))
      .filter(({ variant, stock }) => variant.stock !== stock)
      .map(({ variant, stock }) => ({ id: variant.id, stock }));
    for (let i = 0; i < changes.length; i += BATCH) await setStock(tx, changes.slice(i, i + BATCH));
    return { ok: true as const, updated: changes.length, unchanged: rows.length - changes.length };
  });
  if (outcome.ok && outcome.updated > 0) await announceStorefrontChange(db);
  return outcome;
}

/** The file's SKU and Stock cells, row by row, or why the file as a whole cannot be read. */
function readStockFile(bytes: Uint8Array): { ok: true; rows: FileRow[] } | (StockImportResult & { ok: false }) {
  const text = decodeText(bytes);
  if (text === null) return refused(`This is not a CSV file: it holds binary data. ${SAVE_AS_CSV}`);
  if (text.replace(/^\uFEFF/, "").trim() === "")
    return refused("The file is empty: it needs a header row naming SKU and Stock, then a row per SKU.");

  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = "lines" in error && typeof error.lines === "number" ? ` (line ${error.lines})` : "";
    const why = error.code === "CSV_QUOTE_NOT_CLOSED" ? "a quoted value is never closed" : "a quote is in the wrong place";
    return refused(`The file could not be read as CSV: ${why}${line}. ${SAVE_AS_CSV}`);
  }

  const [header, ...body] = records;
  const names = (header?.record ?? []).map((cell) => cell.trim().toLowerCase());
  const skuAt = names.indexOf("sku");
  const stockAt = names.indexOf("stock");
  if (skuAt < 0 || stockAt < 0) {
    const missing = [skuAt < 0 && "SKU", stockAt < 0 && "Stock"].filter(Boolean).join(" and ");
    return refused(`The first row must name the columns SKU and Stock; ${missing} ${missing.includes(" and ") ? "are" : "is"} missing.`);
  }
  for (const name of ["sku", "stock"])
    if (names.indexOf(name) !== names.lastIndexOf(name))
      return refused(`The first row names the ${name === "sku" ? "SKU" : "Stock"} column twice: keep one.`);

  const rows = body
    // A spreadsheet saves rows it once used as ",,,,": they say nothing.
    .filter(({ record }) => record.some((cell) => cell.trim() !== ""))
    .map(({ record, info }) => ({ row: info.lines, sku: record[skuAt] ?? "", stock: record[stockAt] ?? "" }));
  if (rows.length === 0) return refused("The file lists no stock: add a row per SKU under the header row.");
  return { ok: true, rows };
}

/** The text of an upload: UTF-8, or Windows-1252 as older Excel saves CSV; null for binary data. */
function decodeText(bytes: Uint8Array): string | null {
  // Text files hold no NUL or other control characters (tabs and line ends aside).
  if (bytes.some((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/**
 * The header row's separator: a comma, unless the header has none and uses semicolons (Excel
 * in much of Europe) or tabs. One separator for the whole file, so a product name holding a
 * semicolon cannot shift the columns of a comma-separated file.
 */
function delimiterOf(text: string): string {
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  if (firstLine.includes(",")) return ",";
  if (firstLine.includes(";")) return ";";
  if (firstLine.includes("\t")) return "\t";
  return ",";
}

/**
 * Each row's SKU and stock, with a problem for each bad cell. A row without a SKU or repeating
 * one is left out; a row whose stock is wrong stays, so an unknown SKU on it is named too.
 */
function checkRows(rows: FileRow[], problems: { row: number; message: string }[]): CheckedRow[] {
  const firstRowOf = new Map<string, number>();
  const checked: CheckedRow[] = [];
  for (const { row, sku, stock } of rows) {
    const problem = (message: string) => problems.push({ row, message });
    if (sku === "") {
      problem("SKU is missing");
      continue;
    }
    const key = sku.toLowerCase();
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      problem(`SKU ${sku} is already on row ${first}`);
      continue;
    }
    firstRowOf.set(key, row);
    const figure = stockFigure(stock);
    if (typeof figure === "string") problem(figure);
    checked.push({ row, sku, stock: typeof figure === "string" ? null : figure });
  }
  return checked;
}

/** "12" → 12; otherwise what is wrong with the cell. */
function stockFigure(text: string): number | string {
  if (text === "") return "stock is missing";
  if (!/^\d+$/.test(text)) return `stock must be a whole number, got "${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;
  const stock = Number(text);
  if (stock > MAX_STOCK) return `stock must be at most ${MAX_STOCK.toLocaleString("en-GB")}, got ${text}`;
  return stock;
}

/** The form's message and the rows' problems in row order, the list cut at MAX_PROBLEMS_LISTED. */
function listProblems(problems: { row: number; message: string }[]): [string, string[]] {
  const sorted = [...problems].sort((a, b) => a.row - b.row);
  const rows = new Set(sorted.map((p) => p.row)).size;
  const lines = sorted.slice(0, MAX_PROBLEMS_LISTED).map((p) => `Row ${p.row}: ${p.message}`);
  const more = sorted.length - lines.length;
  if (more > 0) lines.push(`…and ${more.toLocaleString("en-GB")} more.`);
  const message = `Nothing was changed: ${rows.toLocaleString("en-GB")} ${rows === 1 ? "row needs" : "rows need"} correcting.`;
  return [message, lines];
}

/** The variants of these SKUs (lower case), locked until the transaction ends, by lower-case SKU. */
async function lockVariants(tx: Db, skus: string[]): Promise<Map<string, { id: number; stock: number }>> {
  const found = new Map<string, { id: number; stock: number }>();
  for (let i = 0; i < skus.length; i += BATCH) {
    const rows = await tx
      .select({ id: productVariants.id, sku: productVariants.sku, stock: productVariants.stock })
      .from(productVariants)
      .where(inArray(sql`lower(${productVariants.sku})`, skus.slice(i, i + BATCH)))
      .orderBy(productVariants.id)
      .for("update");
    for (const r of rows) found.set(r.sku.toLowerCase(), { id: r.id, stock: r.stock });
  }
  return found;
}

/** One statement per batch: every variant's new figure. */
async function setStock(tx: Db, changes: { id: number; stock: number }[]): Promise<void> {
  const values = sql.join(
    changes.map((c) => sql`(${c.id}::integer, ${c.stock}::integer)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${productVariants} set stock = figures.stock from (values ${values}) as figures(id, stock) where ${productVariants.id} = figures.id`,
  );
}
