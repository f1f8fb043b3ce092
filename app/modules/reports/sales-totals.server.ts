import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";

/**
 * The shop's running totals per currency, read from order_totals (db/schema/sales-totals.ts):
 * a few dozen rows whatever the number of orders, kept exact by the database in the
 * transaction of each order, payment and refund (docs/decisions/026).
 */
export interface CurrencyTotals {
  currency: string;
  /** Every order, cancelled included. */
  orders: number;
  /** Orders in processing. */
  pendingOrders: number;
  /** Orders whose payment status is paid or partially refunded (money kept), cancelled included. */
  paidOrders: number;
  /** Orders not cancelled. */
  pricedOrders: number;
  /** pesewas: orders not cancelled, minus what was refunded of them (the ledger's net). */
  revenue: number;
  /** pesewas: the same over orders whose money came in (paid, partially refunded, refunded). */
  paidRevenue: number;
}

interface TotalsSqlRow {
  currency: string;
  orders: string | number;
  pending_orders: string | number;
  paid_orders: string | number;
  priced_orders: string | number;
  revenue: string | number;
  paid_revenue: string | number;
}

/** One entry per currency that has orders, in currency order. */
export async function salesTotalsByCurrency(db: Db): Promise<CurrencyTotals[]> {
  const rows = await queryRows<TotalsSqlRow>(
    db,
    sql`select currency,
               sum(orders) as orders,
               coalesce(sum(orders) filter (where order_status = 'processing'), 0) as pending_orders,
               coalesce(sum(orders) filter (where payment_status in ('paid', 'partially_refunded')), 0) as paid_orders,
               coalesce(sum(orders) filter (where order_status <> 'cancelled'), 0) as priced_orders,
               coalesce(sum(total_amount - refunded_amount) filter (where order_status <> 'cancelled'), 0) as revenue,
               coalesce(sum(total_amount - refunded_amount) filter (where order_status <> 'cancelled' and order_was_paid(payment_status)), 0) as paid_revenue
        from order_totals
        group by currency
        having sum(orders) > 0
        order by currency`,
  );
  return rows.map((r) => ({
    currency: r.currency,
    orders: Number(r.orders),
    pendingOrders: Number(r.pending_orders),
    paidOrders: Number(r.paid_orders),
    pricedOrders: Number(r.priced_orders),
    revenue: Number(r.revenue),
    paidRevenue: Number(r.paid_revenue),
  }));
}

/** How many customers have ordered, and how many of them more than once (orders not cancelled). */
export async function customerCounts(db: Db): Promise<{ customers: number; repeatCustomers: number }> {
  const [row] = await queryRows<{ customers: string | number; repeaters: string | number }>(
    db,
    sql`select customers, repeat_customers as repeaters from customer_counts where id = 1`,
  );
  return { customers: Number(row?.customers ?? 0), repeatCustomers: Number(row?.repeaters ?? 0) };
}
