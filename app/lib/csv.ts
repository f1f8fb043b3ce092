/**
 * CSV for admin exports (RFC 4180: comma-separated, CRLF line ends, fields quoted when they
 * hold a comma, quote or line break; quotes doubled). Pure, so browser and server can share it.
 *
 * Formula injection: a spreadsheet runs a cell that starts with = + - @ (or a tab / carriage
 * return followed by one) as a formula, so a customer named `=HYPERLINK(...)` could attack the
 * admin who opens the export. Such text cells get a leading apostrophe, which spreadsheets
 * show as plain text. Numbers are written as numbers, so a negative amount stays a number.
 */
export type CsvCell = string | number | boolean | Date | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvCell;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell as CSV text: formula guard first, then quoting. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return value.toISOString();
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** One line (without the line end). */
export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(csvCell).join(",");
}

/** The header line of `columns`, ending in CRLF. */
export function csvHeader<Row>(columns: readonly CsvColumn<Row>[]): string {
  return csvLine(columns.map((c) => c.header)) + "\r\n";
}

/** One line per row, each ending in CRLF (a batch of a streamed export). */
export function csvRows<Row>(columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): string {
  let text = "";
  for (const row of rows) text += csvLine(columns.map((c) => c.value(row))) + "\r\n";
  return text;
}

/** A whole document: a header line, then one line per row, each ending in CRLF. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): string {
  return csvHeader(columns) + csvRows(columns, rows);
}

/**
 * A byte-order mark to put in front of a CSV download, so Excel opens UTF-8 text (₵, accented
 * names) correctly instead of guessing a legacy code page.
 */
export const CSV_BOM = "\uFEFF";

/** A CSV read batch by batch (an export's chunks), as one text: for tests and small exports. */
export async function csvText(chunks: AsyncIterable<string>): Promise<string> {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text;
}
