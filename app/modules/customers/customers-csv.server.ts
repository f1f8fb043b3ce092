import type { Db } from "~db/client";
import { toCsv, type CsvColumn } from "~/lib/csv";
import { formatSortableDateTime } from "~/lib/dates";
import { toDecimalString } from "~/lib/money";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { customersQuerySchema, type CustomersQuery } from "./customers.schema";
import { queryAllCustomers, type CustomerRow } from "./customers-query.server";

/**
 * The customers matching the list's search, in its order, as CSV (all pages). Amounts are plain
 * decimals ("1234.56") so spreadsheets sum them; dates are in the store's timezone, named in
 * the header. Text that a spreadsheet would run as a formula is neutralised by toCsv.
 */
export async function customersCsv(db: Db, filters: Pick<CustomersQuery, "search" | "sort"> = {}): Promise<string> {
  const { search, sort } = customersQuerySchema.parse(filters);
  const { currency, timezone } = await getStoreSettings(db);
  const rows = await queryAllCustomers(db, currency, search, sort);
  const columns: CsvColumn<CustomerRow>[] = [
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
  return toCsv(columns, rows);
}
