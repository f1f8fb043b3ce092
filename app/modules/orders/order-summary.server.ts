import { count, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { orders } from "~db/schema/orders";
import type { OrderSummary } from "./order-types";

/**
 * The four cards of the admin orders page: total orders, pending (processing), paid, and
 * revenue per currency from orders not cancelled and from paid orders.
 *
 * Unlike the list, this reads every order: one pass, about 0.3 s per million orders on a
 * 2-core machine. Pages may accept figures a few seconds old (`maxAgeMs`): they are then kept
 * per database handle, and changes made through changePaymentStatus and
 * changeOrderStatusAsAdmin drop them, so an admin sees their own change at once. New orders
 * show up within maxAgeMs. Without maxAgeMs the figures are always counted afresh.
 */
const remembered = new WeakMap<Db, { at: number; summary: Promise<OrderSummary> }>();

export function orderSummary(db: Db, options: { maxAgeMs?: number } = {}): Promise<OrderSummary> {
  const maxAgeMs = options.maxAgeMs ?? 0;
  const kept = remembered.get(db);
  if (maxAgeMs > 0 && kept && Date.now() - kept.at <= maxAgeMs) return kept.summary;
  const summary = countOrders(db);
  remembered.set(db, { at: Date.now(), summary });
  summary.catch(() => {
    if (remembered.get(db)?.summary === summary) remembered.delete(db);
  });
  return summary;
}

/** Drops remembered figures after a change (the admin change functions call it). */
export function forgetOrderSummary(db: Db): void {
  remembered.delete(db);
}

async function countOrders(db: Db): Promise<OrderSummary> {
  const notCancelled = sql`${orders.orderStatus} <> 'cancelled'`;
  const paid = sql`${orders.paymentStatus} = 'paid'`;
  const rows = await db
    .select({
      currency: orders.currency,
      orders: count(),
      pending: sql<number>`count(*) filter (where ${orders.orderStatus} = 'processing')`.mapWith(Number),
      paid: sql<number>`count(*) filter (where ${paid})`.mapWith(Number),
      revenue: sql<number>`coalesce(sum(${orders.totalAmount}) filter (where ${notCancelled}), 0)`.mapWith(Number),
      // A paid order that was later cancelled is a refund, not revenue (as on the dashboard).
      paidRevenue: sql<number>`coalesce(sum(${orders.totalAmount}) filter (where ${paid} and ${notCancelled}), 0)`.mapWith(Number),
    })
    .from(orders)
    .groupBy(orders.currency);
  const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((total, r) => total + pick(r), 0);
  return {
    totalOrders: sum((r) => Number(r.orders)),
    pendingOrders: sum((r) => r.pending),
    paidOrders: sum((r) => r.paid),
    revenue: rows
      .map((r) => ({ currency: r.currency, total: r.revenue, paid: r.paidRevenue }))
      .sort((a, b) => b.total - a.total || a.currency.localeCompare(b.currency)),
  };
}
