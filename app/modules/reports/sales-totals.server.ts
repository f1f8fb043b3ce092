import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";

/**
 * The payment ledger's four figures (docs/decisions/031), in pesewas of one currency. Every admin
 * money figure is one of them, summed over orders, as the database defines them per order
 * (order_paid_part, order_refunded_part, order_net_part, order_outstanding_part: migration 0022):
 * - `paid`: what came in towards the order (orders.paid_amount: its deposit, then the whole total
 *   once paid online, marked paid, or Pay on Delivery cash recorded), whatever its order status;
 * - `refunded`: its processed refunds (all of it once refunded);
 * - `net`: paid − refunded;
 * - `outstanding`: what an order not cancelled still owes: all of it while its payment is pending
 *   or failed, its balance once its deposit is paid (docs/decisions/041).
 * A cancelled order paid and not refunded keeps its money in paid and net until it is refunded.
 */
export interface Ledger {
  paid: number;
  refunded: number;
  net: number;
  outstanding: number;
}

/**
 * The ledger's figures of the orders `o` (an alias of orders) as SQL sums, named paid, refunded,
 * net, outstanding; only over the rows `only` holds for, when given (e.g. one currency).
 */
export function ledgerSums(o: string, only?: SQL) {
  const a = sql.raw(o);
  const filter = only ? sql` filter (where ${only})` : sql``;
  return sql`coalesce(sum(order_paid_part(${a}.payment_status, ${a}.paid_amount))${filter}, 0) as paid,
             coalesce(sum(order_refunded_part(${a}.payment_status, ${a}.paid_amount, ${a}.refunded_amount))${filter}, 0) as refunded,
             coalesce(sum(order_net_part(${a}.payment_status, ${a}.paid_amount, ${a}.refunded_amount))${filter}, 0) as net,
             coalesce(sum(order_outstanding_part(${a}.order_status, ${a}.payment_status, ${a}.total_amount - ${a}.paid_amount))${filter}, 0) as outstanding`;
}

/** One order's ledger figures as SQL columns (paid, refunded, net, outstanding) of the orders `o`. */
export function ledgerColumns(o: string) {
  const a = sql.raw(o);
  return sql`order_paid_part(${a}.payment_status, ${a}.paid_amount) as paid,
             order_refunded_part(${a}.payment_status, ${a}.paid_amount, ${a}.refunded_amount) as refunded,
             order_net_part(${a}.payment_status, ${a}.paid_amount, ${a}.refunded_amount) as net,
             order_outstanding_part(${a}.order_status, ${a}.payment_status, ${a}.total_amount - ${a}.paid_amount) as outstanding`;
}

export interface LedgerSqlRow {
  paid: string | number;
  refunded: string | number;
  net: string | number;
  outstanding: string | number;
}

export const toLedger = (r: LedgerSqlRow | undefined): Ledger => ({
  paid: Number(r?.paid ?? 0),
  refunded: Number(r?.refunded ?? 0),
  net: Number(r?.net ?? 0),
  outstanding: Number(r?.outstanding ?? 0),
});

export const emptyLedger: Ledger = { paid: 0, refunded: 0, net: 0, outstanding: 0 };

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
  /** The payment ledger's figures over every order in this currency. */
  ledger: Ledger;
  /** Orders not cancelled whose money has not come in (what `ledger.outstanding` sums). */
  outstandingOrders: number;
}

interface TotalsSqlRow extends LedgerSqlRow {
  currency: string;
  orders: string | number;
  pending_orders: string | number;
  paid_orders: string | number;
  priced_orders: string | number;
  revenue: string | number;
  paid_revenue: string | number;
  outstanding_orders: string | number;
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
               coalesce(sum(paid_amount - refunded_amount) filter (where order_status <> 'cancelled'), 0) as paid_revenue,
               coalesce(sum(paid_amount), 0) as paid,
               coalesce(sum(refunded_amount), 0) as refunded,
               coalesce(sum(paid_amount - refunded_amount), 0) as net,
               coalesce(sum(order_outstanding_part(order_status, payment_status, total_amount - paid_amount)), 0) as outstanding,
               coalesce(sum(orders) filter (where order_outstanding_part(order_status, payment_status, 1) = 1), 0) as outstanding_orders
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
    ledger: toLedger(r),
    outstandingOrders: Number(r.outstanding_orders),
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
