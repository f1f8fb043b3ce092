import type { Db } from "~db/client";
import { salesTotalsByCurrency, type CurrencyTotals } from "~/modules/reports/sales-totals.server";
import type { OrderSummary } from "./order-types";

/**
 * The four cards of the admin orders page: total orders, pending (processing), paid, and
 * revenue per currency as the payment ledger has it (paid, refunded, net, outstanding).
 *
 * The figures come from the sales totals the database keeps (sales-totals.server.ts): exact, and
 * a few dozen rows whatever the number of orders. Pages may accept figures a few seconds old (`maxAgeMs`): they are then kept
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
  const totals = await salesTotalsByCurrency(db);
  const sum = (pick: (t: CurrencyTotals) => number) => totals.reduce((total, t) => total + pick(t), 0);
  return {
    totalOrders: sum((t) => t.orders),
    pendingOrders: sum((t) => t.pendingOrders),
    paidOrders: sum((t) => t.paidOrders),
    revenue: totals
      .map((t) => ({ currency: t.currency, ...t.ledger }))
      .sort((a, b) => b.net - a.net || a.currency.localeCompare(b.currency)),
  };
}
