import { sql, type SQL } from "drizzle-orm";
import { orders, orderSearchDocument } from "~db/schema/orders";
import { containsPattern, customerKeyOfOrder, epochMs, type CustomerKey } from "./customer-key.server";
import type { CustomerSort } from "./customers.schema";

/**
 * The customers query: customers derived from orders and computed in the database (GROUP BY
 * over orders; no order is loaded into the process). With millions of orders, a summary table
 * kept up to date on each order would replace this full aggregation.
 *
 * What counts (the dashboard uses the same rules):
 * - Every order makes its customer appear, cancelled or not, and first/last order dates cover
 *   every order: the admin can find anyone who ever ordered.
 * - Totals, averages and "repeat" look at orders that are not cancelled: a cancelled order is
 *   not a purchase. Cancelled orders are counted apart (cancelledOrders).
 * - Money is summed only over orders in the store's current currency (prices are never
 *   converted); orders in another currency are counted in otherCurrencyOrders, not summed.
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
  total_count?: string | number;
}

/** Sort keys; the same unqualified names work on the totals and on the final page. */
const sortOrder: Record<CustomerSort, SQL> = {
  recent: sql.raw("last_order_at desc, customer_key"),
  spent: sql.raw("total_spent desc, customer_key"),
  orders: sql.raw("total_orders desc, total_spent desc, customer_key"),
  name: sql.raw("lower(sort_name) asc, customer_key"),
};

/**
 * The orders of customers matching a search: a customer matches when any of their orders has
 * the text in its number, name, email or phone (case-insensitive). The matching orders come
 * from the trigram index over orderSearchDocument (the admin Orders search uses the same), and
 * the customers' other orders from the user-id and guest-email indexes, so a search does not
 * aggregate the whole table. A search that looks like a phone number ("0244 118") also
 * compares digits alone ("+233 24 411 8820"), which reads every order.
 */
function matchingCustomersFilter(search: string | undefined): { with: SQL; orders: SQL } {
  if (!search) return { with: sql``, orders: sql`orders` };
  const digits = search.replace(/\D/g, "");
  const looksLikePhone = digits.length >= 3 && /^[\d\s+().-]+$/.test(search);
  const byDigits = looksLikePhone ? sql` or regexp_replace(orders.customer_phone, '\\D', '', 'g') like ${containsPattern(digits)}` : sql``;
  return {
    with: sql`matched_orders as (
      select orders.user_id, lower(btrim(orders.customer_email)) as email_key
      from orders
      where ${orderSearchDocument(orders)} ilike ${containsPattern(search)}${byDigits}
    ),`,
    // Two plain semi-joins (not one OR), so each can look its orders up by index.
    orders: sql`(
      select * from orders where user_id in (select user_id from matched_orders where user_id is not null)
      union all
      select * from orders
      where user_id is null and lower(btrim(customer_email)) in (select email_key from matched_orders where user_id is null)
    )`,
  };
}

/**
 * WITH-list entries ending in `totals`: one row per matching customer with the statistics, in
 * one pass over their orders (GROUP BY the key). Sorting by name needs each customer's newest
 * name, an ordered aggregate that costs a sort of the orders, so only that sort computes it.
 */
function customerTotals(currency: string, search: string | undefined, sort: CustomerSort): SQL {
  const sortName = sort === "name" ? sql`(array_agg(o.customer_name order by o.created_at desc, o.id desc))[1]` : sql`null::text`;
  const filter = matchingCustomersFilter(search);
  return sql`${filter.with}
    totals as (
      select ${customerKeyOfOrder} as customer_key,
             max(o.user_id) as user_id,
             count(*) filter (where o.order_status <> 'cancelled') as total_orders,
             count(*) filter (where o.order_status = 'cancelled') as cancelled_orders,
             coalesce(sum(o.total_amount) filter (where o.order_status <> 'cancelled' and o.currency = ${currency}), 0) as total_spent,
             count(*) filter (where o.order_status <> 'cancelled' and o.currency = ${currency}) as priced_orders,
             count(*) filter (where o.order_status <> 'cancelled' and o.currency <> ${currency}) as other_currency_orders,
             min(o.created_at) as first_order_at,
             max(o.created_at) as last_order_at,
             ${sortName} as sort_name
      from ${filter.orders} o
      group by 1
    )`;
}

export interface CustomersQueryOptions {
  currency: string;
  search: string | undefined;
  sort: CustomerSort;
  /** A page; omitted → every matching customer. */
  page?: { limit: number; offset: number };
}

/**
 * Matching customers in order, with contact details from each one's newest order. The details
 * are looked up only for the rows returned (an index lookup each: orders_user_created_idx for
 * members, orders_guest_email_idx for guests), not for every customer.
 */
export function customersQuery({ currency, search, sort, page }: CustomersQueryOptions): SQL {
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  return sql`
    with ${customerTotals(currency, search, sort)},
    customer_page as (
      select t.*, count(*) over () as total_count from totals t
      order by ${sortOrder[sort]}
      ${paging}
    )
    select customer_page.customer_key, customer_page.user_id, l.customer_name, l.customer_email, l.customer_phone, l.customer_address,
           customer_page.total_orders, customer_page.cancelled_orders, customer_page.total_spent, customer_page.priced_orders,
           customer_page.other_currency_orders,
           ${epochMs("customer_page.first_order_at")} as first_order_ms, ${epochMs("customer_page.last_order_at")} as last_order_ms, customer_page.total_count
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

/** How many customers match (for a page past the end, where no row carries total_count). */
export function customersCountQuery(currency: string, search: string | undefined): SQL {
  return sql`with ${customerTotals(currency, search, "recent")} select count(*) as n from totals`;
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
