import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { orders, orderStatusHistory } from "~db/schema/orders";
import { paymentAttempts, refunds } from "~db/schema/payments";
import { queueEmail } from "~/modules/email/email-outbox.server";
import type { StatusEmailSender } from "~/modules/orders/order-emails.server";
import { refundEmail, refundMoney } from "./refund-email.server";

/**
 * What an order has paid and refunded, and what one processed refund does to it: the pieces
 * refunds.server.ts (staff refunds, Paystack's refund events) and the admin order details share.
 */

export type RefundRow = typeof refunds.$inferSelect;

/** The order columns a refund reads (and locks). */
export const refundOrderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  currency: orders.currency,
  totalAmount: orders.totalAmount,
  paidAmount: orders.paidAmount,
  orderStatus: orders.orderStatus,
  paymentStatus: orders.paymentStatus,
  paymentMethod: orders.paymentMethod,
};
export interface RefundOrder {
  id: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  currency: string;
  totalAmount: number;
  /** What came in towards the order (a deposit only, until the balance is paid). */
  paidAmount: number;
  orderStatus: string;
  paymentStatus: string;
  paymentMethod: string;
}

/** A refund's state (refunds.status): see db/schema/payments.ts. */
export type RefundStatus = "pending" | "processing" | "processed" | "failed" | "needs_attention" | "unconfirmed";

/**
 * Refunds Paystack has (or may have) and has not settled: their amount is reserved, so no
 * second refund can take the same money while Paystack may still pay the first one out.
 */
export const OPEN_REFUND_STATUSES: readonly string[] = ["pending", "processing", "needs_attention", "unconfirmed"];

/** Payment statuses an order can be refunded from. */
export const REFUNDABLE_PAYMENT_STATUSES: readonly string[] = ["paid", "deposit_paid", "partially_refunded"];

/** A paid Paystack transaction of the order, with what is left to refund on it. */
export interface RefundableTransaction {
  attemptId: string;
  reference: string;
  /** Paystack's id of the transaction, when known (refund lists are by transaction). */
  providerTransactionId: string | null;
  amount: number;
  currency: string;
  /** A second payment of an already-paid order (payment_attempts.extra_payment): refunded first. */
  extraPayment: boolean;
  /** Amount minus its pending and processed refunds. */
  remaining: number;
}

/**
 * Where an order stands:
 * - `provider` paystack when it was paid through Paystack (a successful attempt): refunds go to
 *   Paystack; manual otherwise (Pay on Delivery, or an online order marked paid by hand): refunds
 *   are recorded only;
 * - `paid`: what was paid (the successful attempts' amounts, or what came in by hand: the
 *   order's paid_amount, its deposit until the balance is paid);
 * - `processed` / `pending`: refunded, and asked for but not yet settled (every open state:
 *   OPEN_REFUND_STATUSES);
 * - `refundable`: what one refund can still take (0 unless the payment status is paid or
 *   partially refunded).
 */
export interface RefundPosition {
  provider: "paystack" | "manual";
  paid: number;
  processed: number;
  pending: number;
  refundable: number;
  transactions: RefundableTransaction[];
}

export async function refundPosition(db: Db, order: RefundOrder): Promise<RefundPosition> {
  const [attempts, rows] = await Promise.all([
    db
      .select({
        id: paymentAttempts.id,
        reference: paymentAttempts.reference,
        providerTransactionId: paymentAttempts.providerTransactionId,
        amount: paymentAttempts.amount,
        currency: paymentAttempts.currency,
        extraPayment: paymentAttempts.extraPayment,
      })
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderId, order.id), eq(paymentAttempts.status, "success")))
      .orderBy(asc(paymentAttempts.createdAt)),
    db
      .select({ amount: refunds.amount, status: refunds.status, paymentAttemptId: refunds.paymentAttemptId })
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), inArray(refunds.status, ["processed", ...OPEN_REFUND_STATUSES]))),
  ]);
  const processed = sum(rows.filter((r) => r.status === "processed"));
  const pending = sum(rows.filter((r) => r.status !== "processed"));
  const open = REFUNDABLE_PAYMENT_STATUSES.includes(order.paymentStatus);
  if (attempts.length === 0) {
    const paid = Number(order.paidAmount);
    return {
      provider: "manual",
      paid,
      processed,
      pending,
      refundable: open ? Math.max(0, paid - processed - pending) : 0,
      transactions: [],
    };
  }
  const transactions = attempts.map((a) => ({
    attemptId: a.id,
    reference: a.reference,
    providerTransactionId: a.providerTransactionId,
    amount: Number(a.amount),
    currency: a.currency,
    extraPayment: a.extraPayment,
    remaining: Math.max(0, Number(a.amount) - sum(rows.filter((r) => r.paymentAttemptId === a.id))),
  }));
  // One refund goes to one Paystack transaction: at most what is left on the fullest one.
  const refundable = open ? Math.max(0, ...transactions.map((t) => t.remaining)) : 0;
  return { provider: "paystack", paid: sum(attempts), processed, pending, refundable, transactions };
}

const sum = (rows: { amount: number }[]) => rows.reduce((total, r) => total + Number(r.amount), 0);

/**
 * Marks a refund processed and moves the order on, inside the caller's transaction, with the
 * order row already locked by it: the order's payment status becomes refunded when the processed
 * refunds reach what was paid, else partially_refunded, except that refunding an extra payment
 * (a second payment of a paid order) leaves the order's own payment as it was; the history says
 * "Refunded ₵X: reason (by staff)"; the customer's refund email is queued.
 */
export async function settleProcessedRefund(
  tx: Db,
  order: RefundOrder,
  refund: RefundRow,
  options: StatusEmailSender & { providerRefundId?: string | null; changedBy: string },
): Promise<void> {
  const now = new Date();
  await tx
    .update(refunds)
    .set({
      status: "processed",
      processedAt: now,
      updatedAt: now,
      failureMessage: null,
      ...(options.providerRefundId && !refund.providerRefundId ? { providerRefundId: options.providerRefundId } : {}),
    })
    .where(eq(refunds.id, refund.id));
  const position = await refundPosition(tx, { ...order, paymentStatus: "paid" });
  const full = position.processed >= position.paid;
  const extras = new Set(position.transactions.filter((t) => t.extraPayment).map((t) => t.attemptId));
  const onlyExtras = extras.size > 0 && (await processedOnlyOn(tx, order.id, extras));
  // A deposit-paid order partly refunded still owes its balance: it stays deposit_paid (its
  // refunds count in the ledger's refunded part, migration 0026).
  const paymentStatus = full
    ? "refunded"
    : onlyExtras || order.paymentStatus === "deposit_paid"
      ? order.paymentStatus
      : "partially_refunded";
  await tx.update(orders).set({ paymentStatus, updatedAt: now }).where(eq(orders.id, order.id));
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    status: order.orderStatus,
    paymentStatus,
    notes: `Refunded ${refundMoney(Number(refund.amount), refund.currency)}: ${refund.reason} (by ${refund.requestedBy})`,
    changedBy: options.changedBy,
  });
  await queueEmail(
    tx,
    refundEmail(
      {
        order: { ...order, totalAmount: Number(order.totalAmount) },
        amount: Number(refund.amount),
        reason: refund.reason,
        refundedSoFar: position.processed,
        full,
        provider: refund.provider === "manual" ? "manual" : "paystack",
      },
      options,
    ),
  );
}

/** Whether every processed refund of the order went to one of these (extra) payments. */
async function processedOnlyOn(tx: Db, orderId: string, attemptIds: Set<string>): Promise<boolean> {
  const processed = await tx
    .select({ attemptId: refunds.paymentAttemptId })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "processed")));
  return processed.every((r) => r.attemptId !== null && attemptIds.has(r.attemptId));
}

/** An order's refunds, newest first. */
export function refundsOf(db: Db, orderId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(desc(refunds.createdAt), sql`${refunds.id}`);
}
