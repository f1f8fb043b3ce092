import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { customerKeyOfOrder } from "./customer-key.server";
import { customersQuerySchema, type CustomersQuery } from "./customers.schema";
import { customersCountQuery, customersQuery, toCustomerRow, type CustomerRow, type CustomerSqlRow } from "./customers-query.server";

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
  const { currency } = await getStoreSettings(db);
  const rows = await queryRows<CustomerSqlRow>(
    db,
    customersQuery({ currency, search, sort, page: { limit: pageSize, offset: (page - 1) * pageSize } }),
  );
  // count(*) over () rides along with the page; a page past the end needs its own count.
  const total =
    rows.length > 0
      ? Number(rows[0]!.total_count)
      : page > 1
        ? Number((await queryRows<{ n: string }>(db, customersCountQuery(currency, search)))[0]?.n ?? 0)
        : 0;
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
  /** pesewas in `currency`, orders not cancelled */
  totalRevenue: number;
  /** totalRevenue over the orders it sums, rounded to pesewas */
  averageOrderValue: number;
  /** customers with more than one order that is not cancelled */
  repeatCustomers: number;
  currency: string;
}

/** The four cards of the Customers page. */
export async function customerSummary(db: Db): Promise<CustomerSummary> {
  const { currency } = await getStoreSettings(db);
  const [row] = await queryRows<{ customers: string; revenue: string; priced: string; repeaters: string }>(
    db,
    sql`
      with per_customer as (
        select ${customerKeyOfOrder} as customer_key,
               count(*) filter (where o.order_status <> 'cancelled') as orders,
               coalesce(sum(o.total_amount) filter (where o.order_status <> 'cancelled' and o.currency = ${currency}), 0) as spent,
               count(*) filter (where o.order_status <> 'cancelled' and o.currency = ${currency}) as priced
        from orders o
        group by 1
      )
      select count(*) as customers, coalesce(sum(spent), 0) as revenue, coalesce(sum(priced), 0) as priced,
             count(*) filter (where orders > 1) as repeaters
      from per_customer`,
  );
  const totalRevenue = Number(row?.revenue ?? 0);
  const priced = Number(row?.priced ?? 0);
  return {
    totalCustomers: Number(row?.customers ?? 0),
    totalRevenue,
    averageOrderValue: priced > 0 ? Math.round(totalRevenue / priced) : 0,
    repeatCustomers: Number(row?.repeaters ?? 0),
    currency,
  };
}
