import { queryRows, type Db } from "~db/client";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { customerCounts, salesTotalsByCurrency } from "~/modules/reports/sales-totals.server";
import { customersQuerySchema, type CustomersQuery } from "./customers.schema";
import {
  customersCountQuery,
  customerSearchMatch,
  customersQuery,
  toCustomerRow,
  type CustomerRow,
  type CustomerSqlRow,
} from "./customers-query.server";

/**
 * The admin Customers page: list, summary cards, details and CSV export. See
 * customers-query.server.ts for what counts (cancelled orders, currencies).
 */
export type { CustomerRow } from "./customers-query.server";
export { getCustomer, type CustomerDetails } from "./customer-details.server";
export { customersCsv } from "./customers-csv.server";

export interface CustomerList {
  rows: CustomerRow[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

/** One page of customers, searched by name, email or phone (case-insensitive), with the total. */
export async function listCustomers(db: Db, query: CustomersQuery = {}): Promise<CustomerList> {
  const { search, page, pageSize, sort } = customersQuerySchema.parse(query);
  const [{ currency }, match] = await Promise.all([getStoreSettings(db), customerSearchMatch(db, search)]);
  const [rows, [counted]] = await Promise.all([
    queryRows<CustomerSqlRow>(db, customersQuery({ currency, match, sort, page: { limit: pageSize, offset: (page - 1) * pageSize } })),
    queryRows<{ n: string | number }>(db, customersCountQuery(match)),
  ]);
  const total = Number(counted?.n ?? 0);
  return {
    rows: rows.map((r) => toCustomerRow(r, currency)),
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

export interface CustomerSummary {
  totalCustomers: number;
  /** pesewas in `currency`: the payment ledger's net (paid − refunded), as on the dashboard */
  totalRevenue: number;
  /** totalRevenue over the orders whose money was kept (paid, partially refunded), rounded to pesewas */
  averageOrderValue: number;
  /** customers with more than one order that is not cancelled */
  repeatCustomers: number;
  currency: string;
}

/** The four cards of the Customers page, from the sales totals the database keeps. */
export async function customerSummary(db: Db): Promise<CustomerSummary> {
  const [{ currency }, totals, counts] = await Promise.all([getStoreSettings(db), salesTotalsByCurrency(db), customerCounts(db)]);
  const inStoreCurrency = totals.find((t) => t.currency === currency);
  const totalRevenue = inStoreCurrency?.ledger.net ?? 0;
  const paidOrders = inStoreCurrency?.paidOrders ?? 0;
  return {
    totalCustomers: counts.customers,
    totalRevenue,
    averageOrderValue: paidOrders > 0 ? Math.round(totalRevenue / paidOrders) : 0,
    repeatCustomers: counts.repeatCustomers,
    currency,
  };
}
