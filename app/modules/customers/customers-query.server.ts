import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~db/client";
import { orderTextMatches } from "~/modules/orders/order-text-search.server";
import { containsPattern, epochMs, type CustomerKey } from "./customer-key.server";
import type { CustomerSort } from "./customers.schema";

/**
 * The customers query: customers derived from orders, read from the per-customer totals the
 * database keeps in each order's transaction (customer_totals, customer_spend: migration 0020,
 * docs/decisions/026), so a page costs the same over a million orders as over ten.
 *
 * What counts (the dashboard uses the same rules):
 * - Every order makes its customer appear, cancelled or not, and first/last order dates cover
 *   every order: the admin can find anyone who ever ordered.
 * - Totals, averages and "repeat" look at orders that are not cancelled: a cancelled order is
 *   not a purchase. Cancelled orders are counted apart (cancelledOrders).
 * - Money is summed only over orders in the store's current currency (prices are never
 *   converted); orders in another currency are counted in otherCurrencyOrders, not summed.
 * - Money follows the payment ledger: Total spent is the customer's net (what they paid, minus
 *   what was refunded; docs/decisions/031), so an order not paid yet counts nothing and a
 *   cancelled order paid and not refunded counts until it is refunded.
 * - Averages are rounded to whole pesewas.
 */
export interface CustomerRow {
  key: CustomerKey;
  userId: string | null;
  /** Contact details from the customer's newest order. */
  name: string;
  email: string;
  phone: string;
  address: string;
  /** Orders that are not cancelled. */
  totalOrders: number;
  cancelledOrders: number;
  /** pesewas, in `currency` */
  totalSpent: number;
  /** pesewas, in `currency` */
  averageOrder: number;
  otherCurrencyOrders: number;
  currency: string;
  firstOrderAt: string;
  lastOrderAt: string;
}

export interface CustomerSqlRow {
  customer_key: string;
  user_id: string | null;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  customer_address: string;
  total_orders: string | number;
  cancelled_orders: string | number;
  total_spent: string | number;
  priced_orders: string | number;
  other_currency_orders: string | number;
  first_order_ms: number;
  last_order_ms: number;
}

/**
 * Sort keys; the same unqualified names work on the totals and on the final page. Amount spent
 * sorts by the store-currency spending kept on customer_totals (sort_spent: the same figure as
 * total_spent, kept beside the row so that customer_totals_spent_idx and customer_totals_orders_idx
 * give the order without reading every customer).
 */
const sortOrder: Record<CustomerSort, SQL> = {
  // NULLS LAST (the columns are never null) so that the indexes' order is the query's.
  recent: sql.raw("last_order_at desc nulls last, customer_key"),
  spent: sql.raw("sort_spent desc nulls last, customer_key"),
  orders: sql.raw("total_orders desc nulls last, sort_spent desc nulls last, customer_key"),
  name: sql.raw("lower(sort_name) asc, customer_key"),
};

/**
 * The orders a search matches: a customer matches when any of their orders has the text in its
 * number, name, email or phone (case-insensitive), found through the trigram index over
 * orderSearchDocument as the admin Orders search finds them (orderTextMatches). A search that
 * looks like a phone number ("0244 118") also compares digits alone ("+233 24 411 8820"), which
 * reads every order. Undefined when there is no search.
 */
export async function customerSearchMatch(db: Db, search: string | undefined): Promise<SQL | undefined> {
  if (!search) return undefined;
  const digits = search.replace(/\D/g, "");
  const looksLikePhone = digits.length >= 3 && /^[\d\s+().-]+$/.test(search);
  const text = await orderTextMatches(db, search);
  if (!looksLikePhone) return text;
  return sql`(${text} or regexp_replace(orders.customer_phone, '\\D', '', 'g') like ${containsPattern(digits)})`;
}

/** The keys of the customers with an order `match` holds. */
function matchingCustomers(match: SQL | undefined): { with: SQL; where: SQL } {
  if (!match) return { with: sql``, where: sql`` };
  return {
    with: sql`matched_customers as (
      select distinct order_customer_key(orders.user_id, orders.customer_email) as customer_key
      from orders
      where ${match}
    )`,
    where: sql`where t.customer_key in (select customer_key from matched_customers)`,
  };
}

/**
 * WITH-list entries ending in `totals`: one row per matching customer with the statistics, read
 * from the totals the database keeps per customer (customer_totals, and customer_spend for the
 * store currency; db/schema/sales-totals.ts), not aggregated from the orders.
 */
function customerTotals(currency: string, match: SQL | undefined): SQL {
  const filter = matchingCustomers(match);
  return sql`${match ? sql`${filter.with},` : sql``}
    totals as (
      select t.customer_key, t.user_id, t.total_orders, t.cancelled_orders,
             coalesce(s.spent, 0) as total_spent,
             coalesce(s.orders, 0) as priced_orders,
             t.total_orders - coalesce(s.orders, 0) as other_currency_orders,
             t.first_order_at, t.last_order_at, t.latest_name as sort_name, t.store_currency_spent as sort_spent
      from customer_totals t
      left join customer_spend s on s.customer_key = t.customer_key and s.currency = ${currency}
      ${filter.where}
    )`;
}

export interface CustomersQueryOptions {
  currency: string;
  /** The orders the search matches (customerSearchMatch); undefined: every customer. */
  match: SQL | undefined;
  sort: CustomerSort;
  /** A page; omitted → every matching customer. */
  page?: { limit: number; offset: number };
}

/**
 * Matching customers in order, with contact details from each one's newest order. The details
 * are looked up only for the rows returned (an index lookup each: orders_user_created_idx for
 * members, orders_guest_email_idx for guests), not for every customer.
 */
export function customersQuery({ currency, match, sort, page }: CustomersQueryOptions): SQL {
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  return sql`
    with ${customerTotals(currency, match)},
    customer_page as (
      select t.* from totals t
      order by ${sortOrder[sort]}
      ${paging}
    )
    select customer_page.customer_key, customer_page.user_id, l.customer_name, l.customer_email, l.customer_phone, l.customer_address,
           customer_page.total_orders, customer_page.cancelled_orders, customer_page.total_spent, customer_page.priced_orders,
           customer_page.other_currency_orders,
           ${epochMs("customer_page.first_order_at")} as first_order_ms, ${epochMs("customer_page.last_order_at")} as last_order_ms
    from customer_page
    cross join lateral (
      (select o.customer_name, o.customer_email, o.customer_phone, o.customer_address
       from orders o
       where customer_page.user_id is not null and o.user_id = customer_page.user_id
       order by o.created_at desc nulls last, o.id desc
       limit 1)
      union all
      (select o.customer_name, o.customer_email, o.customer_phone, o.customer_address
       from orders o
       where customer_page.user_id is null and o.user_id is null and lower(btrim(o.customer_email)) = substr(customer_page.customer_key, 7)
       order by o.created_at desc nulls last, o.id desc
       limit 1)
      limit 1
    ) l
    order by ${sortOrder[sort]}`;
}

/** How many customers match. */
export function customersCountQuery(match: SQL | undefined): SQL {
  if (!match) return sql`select customers as n from customer_counts where id = 1`;
  const filter = matchingCustomers(match);
  return sql`with ${filter.with} select count(*) as n from matched_customers`;
}

export function toCustomerRow(r: CustomerSqlRow, currency: string): CustomerRow {
  const totalSpent = Number(r.total_spent);
  const pricedOrders = Number(r.priced_orders);
  return {
    key: r.customer_key as CustomerKey,
    userId: r.user_id,
    name: r.customer_name,
    email: r.customer_email,
    phone: r.customer_phone,
    address: r.customer_address,
    totalOrders: Number(r.total_orders),
    cancelledOrders: Number(r.cancelled_orders),
    totalSpent,
    averageOrder: pricedOrders > 0 ? Math.round(totalSpent / pricedOrders) : 0,
    otherCurrencyOrders: Number(r.other_currency_orders),
    currency,
    firstOrderAt: new Date(Number(r.first_order_ms)).toISOString(),
    lastOrderAt: new Date(Number(r.last_order_ms)).toISOString(),
  };
}
