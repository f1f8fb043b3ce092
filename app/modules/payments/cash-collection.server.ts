import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { orders, orderStatusHistory } from "~db/schema/orders";
import { queueEmail } from "~/modules/email/email-outbox.server";
import { OrderNotFoundError } from "~/modules/orders/order-errors";
import { orderIdSchema } from "~/modules/orders/order-filters.schema";
import { forgetOrderSummary } from "~/modules/orders/order-summary.server";
import { orderStatusEmailFor } from "~/modules/orders/order-emails.server";
import { statusChangeColumns, type AdminStatusChange } from "~/modules/orders/order-status.server";
import { refundMoney } from "./refund-email.server";
import { cashIsDue } from "./cash-collection";

/**
 * Pay on Delivery closed out (docs/decisions/031): staff record the cash a courier collected at
 * the door for a delivered order, and the order's payment becomes paid, so the payment ledger
 * (paid revenue, the customer's Total spent, the orders CSV) counts it.
 */

/** The form was shown for another amount, or the order no longer owes cash (a refusal for staff). */
export class CashNotDueError extends Error {}

export interface CashRecorded {
  /** False when it had already been recorded (a second click, a retried post): nothing changed. */
  recorded: boolean;
  amount: number;
  currency: string;
}

/**
 * Records the order's cash as collected, in one transaction with the order row locked: payment
 * paid, who and when on the order, a history entry "Cash collected: ₵949.99 (by …)", and, with
 * notifyCustomer, the customer's payment email. Idempotent: once recorded, the same post (or a
 * concurrent one, which waits for the lock) answers `recorded: false` and changes nothing.
 * `expectedAmount` is what the staff member's button named: the order's outstanding total.
 */
export async function recordCashCollected(
  db: Db,
  orderId: string,
  expectedAmount: number,
  change: AdminStatusChange,
): Promise<CashRecorded> {
  if (!orderIdSchema.safeParse(orderId).success) throw new OrderNotFoundError(`Order ${orderId} not found`);
  const result = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ ...statusChangeColumns, paymentMethod: orders.paymentMethod, cashCollectedAt: orders.cashCollectedAt })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) throw new OrderNotFoundError(`Order ${orderId} not found`);
    const amount = Number(order.totalAmount);
    const answer = { amount, currency: order.currency };
    if (order.cashCollectedAt !== null) return { recorded: false, ...answer };
    if (!cashIsDue({ paymentMethod: order.paymentMethod, orderStatus: order.status, paymentStatus: order.paymentStatus }))
      throw new CashNotDueError(
        order.paymentMethod !== "pay_on_delivery"
          ? "This order was not paid on delivery."
          : order.status !== "delivered"
            ? "Cash is recorded once the order is delivered."
            : "This order's payment is no longer pending: reload to see it.",
      );
    if (expectedAmount !== amount)
      throw new CashNotDueError(`This order now owes ${refundMoney(amount, order.currency)}: reload the order and check the amount.`);
    const now = new Date();
    await tx
      .update(orders)
      .set({ paymentStatus: "paid", cashCollectedAt: now, cashCollectedBy: change.changedBy, updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, "pending")));
    await tx.insert(orderStatusHistory).values({
      orderId,
      status: order.status,
      paymentStatus: "paid",
      notes: `Cash collected: ${refundMoney(amount, order.currency)}`,
      changedBy: change.changedBy,
    });
    if (change.notifyCustomer)
      await queueEmail(tx, orderStatusEmailFor({ ...order, totalAmount: amount }, { kind: "payment", status: "paid" }, change));
    return { recorded: true, ...answer };
  });
  if (result.recorded) forgetOrderSummary(db);
  return result;
}

/** A courier's (carrier's, as entered when the order shipped) cash still to hand over, per currency. */
export interface CourierCash {
  carrier: string;
  currency: string;
  orders: number;
  /** pesewas outstanding */
  amount: number;
}

/** What each courier owes: delivered, unpaid Pay on Delivery orders, summed by carrier and currency, largest first. */
export async function cashOwedByCouriers(db: Db): Promise<CourierCash[]> {
  const rows = await db
    .select({
      carrier: sql<string>`coalesce(nullif(btrim(${orders.shippingCarrier}), ''), 'No carrier recorded')`,
      currency: orders.currency,
      orders: sql<string>`count(*)`,
      amount: sql<string>`sum(order_outstanding_part(${orders.orderStatus}, ${orders.paymentStatus}, ${orders.totalAmount} - ${orders.paidAmount}))`,
    })
    .from(orders)
    .where(cashToCollectCondition())
    .groupBy(sql`1`, orders.currency)
    .orderBy(desc(sql`4`), sql`1`);
  return rows.map((r) => ({ carrier: r.carrier, currency: r.currency, orders: Number(r.orders), amount: Number(r.amount) }));
}

/** The orders whose cash is due (cashIsDue), read through orders_status_payment_created_idx. */
export function cashToCollectCondition() {
  return and(eq(orders.orderStatus, "delivered"), eq(orders.paymentStatus, "pending"), eq(orders.paymentMethod, "pay_on_delivery"));
}
