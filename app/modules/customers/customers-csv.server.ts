import { queryRows, type Db } from "~db/client";
import { csvHeader, csvRows, csvText, type CsvColumn } from "~/lib/csv";
import { formatSortableDateTime } from "~/lib/dates";
import { toDecimalString } from "~/lib/money";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { customersQuerySchema, type CustomersQuery } from "./customers.schema";
import { customerSearchMatch, customersQuery, toCustomerRow, type CustomerRow, type CustomerSqlRow } from "./customers-query.server";

/**
 * The customers matching the list's search, in its order, as CSV (all pages). Amounts are plain
 * decimals ("1234.56") so spreadsheets sum them; dates are in the store's timezone, named in
 * the header. Text that a spreadsheet would run as a formula is neutralised (~/lib/csv).
 *
 * Rows are read in batches (LIMIT/OFFSET in the list's own order, which ends on the unique
 * customer key), so an export never holds more than one batch of customers.
 */
export const CUSTOMERS_CSV_BATCH_SIZE = 1_000;

export interface CustomersCsvOptions {
  /** The store's currency and timezone; read from the settings when not given. */
  settings?: { currency: string; timezone: string };
  batchSize?: number;
}

function csvColumns(currency: string, timezone: string): CsvColumn<CustomerRow>[] {
  return [
    { header: "Name", value: (c) => c.name },
    { header: "Email", value: (c) => c.email },
    { header: "Phone", value: (c) => c.phone },
    { header: "Address", value: (c) => c.address },
    { header: "Account", value: (c) => (c.userId ? "registered" : "guest") },
    { header: "Orders", value: (c) => c.totalOrders },
    { header: "Cancelled orders", value: (c) => c.cancelledOrders },
    { header: `Total spent (${currency})`, value: (c) => toDecimalString(c.totalSpent) },
    { header: `Average order (${currency})`, value: (c) => toDecimalString(c.averageOrder) },
    { header: `First order (${timezone})`, value: (c) => formatSortableDateTime(c.firstOrderAt, timezone) },
    { header: `Last order (${timezone})`, value: (c) => formatSortableDateTime(c.lastOrderAt, timezone) },
  ];
}

/** The CSV as pieces: the header line, then one piece per batch of customers. */
export async function* customersCsvChunks(
  db: Db,
  filters: Pick<CustomersQuery, "search" | "sort"> = {},
  options: CustomersCsvOptions = {},
): AsyncGenerator<string> {
  const { search, sort } = customersQuerySchema.parse(filters);
  const { currency, timezone } = options.settings ?? (await getStoreSettings(db));
  const batchSize = options.batchSize ?? CUSTOMERS_CSV_BATCH_SIZE;
  const columns = csvColumns(currency, timezone);
  const match = await customerSearchMatch(db, search);
  yield csvHeader(columns);
  for (let offset = 0; ; offset += batchSize) {
    const rows = await queryRows<CustomerSqlRow>(db, customersQuery({ currency, match, sort, page: { limit: batchSize, offset } }));
    if (rows.length === 0) return;
    yield csvRows(
      columns,
      rows.map((r) => toCustomerRow(r, currency)),
    );
    if (rows.length < batchSize) return;
  }
}

/** The whole CSV as one string (tests, small exports). */
export async function customersCsv(
  db: Db,
  filters: Pick<CustomersQuery, "search" | "sort"> = {},
  options: CustomersCsvOptions = {},
): Promise<string> {
  return csvText(customersCsvChunks(db, filters, options));
}
