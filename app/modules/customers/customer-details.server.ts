import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { ledgerSums } from "~/modules/reports/sales-totals.server";
import { epochMs, ordersOfCustomer, parseCustomerKey } from "./customer-key.server";
import type { RecentOrder } from "~/modules/orders/customer-orders.server";
import type { CustomerRow } from "./customers-query.server";

/** The newest orders shown in the details dialog; statistics always cover every order. */
export const CUSTOMER_HISTORY_LIMIT = 50;

/** One order in the dialog's history: the same shape as a customer's own Recent Orders. */
export type CustomerOrder = RecentOrder;

export interface CustomerDetails extends CustomerRow {
  /** The shop account behind a user key, when it still exists. */
  account: { name: string; email: string } | null;
  /** Newest first, at most CUSTOMER_HISTORY_LIMIT; the same orders the statistics count. */
  orders: CustomerOrder[];
  /** How many orders the customer has in all (including cancelled ones). */
  orderCount: number;
  /** What was given back to them (processed refunds), in the store currency. */
  refunded: number;
  /** What their orders not cancelled still owe (pay on delivery before the cash is recorded, a failed payment), in the store currency. */
  outstanding: number;
}

interface OrderSqlRow {
  id: string;
  order_number: string;
  user_id: string | null;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  customer_address: string;
  total_amount: string | number;
  currency: string;
  order_status: string;
  payment_status: string;
  created_ms: number;
}

/**
 * One customer for the details dialog: contact details (newest order), statistics and order
 * history. docs/product-rules.md shows the history only for customers with a user id; guests get it too,
 * matched the same way they are keyed (no user id, same trimmed lower-case email), so the
 * history is exactly the orders the statistics count. Total spent is the customer's net as the
 * payment ledger has it (paid − refunded, docs/decisions/031), the figure the list shows. Null
 * when the key has no orders.
 */
export async function getCustomer(db: Db, keyInput: string): Promise<CustomerDetails | null> {
  const key = parseCustomerKey(keyInput);
  if (!key) return null;
  const { currency } = await getStoreSettings(db);
  const [stats] = await queryRows<{
    total_orders: string;
    order_count: string;
    cancelled_orders: string;
    net: string;
    refunded: string;
    outstanding: string;
    priced_orders: string;
    other_currency_orders: string;
    first_order_ms: number | null;
    last_order_ms: number | null;
  }>(
    db,
    sql`select count(*) as order_count,
               count(*) filter (where o.order_status <> 'cancelled') as total_orders,
               count(*) filter (where o.order_status = 'cancelled') as cancelled_orders,
               ${ledgerSums("o", sql`o.currency = ${currency}`)},
               count(*) filter (where o.order_status <> 'cancelled' and o.currency = ${currency}) as priced_orders,
               count(*) filter (where o.order_status <> 'cancelled' and o.currency <> ${currency}) as other_currency_orders,
               ${epochMs("min(o.created_at)")} as first_order_ms,
               ${epochMs("max(o.created_at)")} as last_order_ms
        from orders o
        where ${ordersOfCustomer(key)}`,
  );
  const orderCount = Number(stats?.order_count ?? 0);
  if (!stats || orderCount === 0) return null;

  const history = await queryRows<OrderSqlRow>(
    db,
    sql`select o.id, o.order_number, o.user_id, o.customer_name, o.customer_email, o.customer_phone, o.customer_address,
               o.total_amount, o.currency, o.order_status, o.payment_status, ${epochMs("o.created_at")} as created_ms
        from orders o
        where ${ordersOfCustomer(key)}
        order by o.created_at desc nulls last, o.id desc
        limit ${CUSTOMER_HISTORY_LIMIT}`,
  );
  const newest = history[0]!;
  const account = newest.user_id ? await findAccount(db, newest.user_id) : null;
  const totalSpent = Number(stats.net);
  const pricedOrders = Number(stats.priced_orders);
  return {
    key,
    userId: newest.user_id,
    name: newest.customer_name,
    email: newest.customer_email,
    phone: newest.customer_phone,
    address: newest.customer_address,
    totalOrders: Number(stats.total_orders),
    cancelledOrders: Number(stats.cancelled_orders),
    totalSpent,
    refunded: Number(stats.refunded),
    outstanding: Number(stats.outstanding),
    averageOrder: pricedOrders > 0 ? Math.round(totalSpent / pricedOrders) : 0,
    otherCurrencyOrders: Number(stats.other_currency_orders),
    currency,
    firstOrderAt: new Date(Number(stats.first_order_ms)).toISOString(),
    lastOrderAt: new Date(Number(stats.last_order_ms)).toISOString(),
    account,
    orderCount,
    orders: history.map((o) => ({
      id: o.id,
      orderNumber: o.order_number,
      totalAmount: Number(o.total_amount),
      currency: o.currency,
      orderStatus: o.order_status,
      paymentStatus: o.payment_status,
      createdAt: new Date(Number(o.created_ms)).toISOString(),
    })),
  };
}

async function findAccount(db: Db, userId: string) {
  const [row] = await queryRows<{ name: string; email: string }>(db, sql`select name, email from users where id = ${userId}`);
  return row ?? null;
}
