import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~db/client";
import { orders } from "~db/schema/orders";
import { paymentAttempts, refunds } from "~db/schema/payments";
import type { StatusEmailSender } from "~/modules/orders/order-emails.server";
import { forgetOrderSummary } from "~/modules/orders/order-summary.server";
import { holdRefundForStaff } from "./refund-hold.server";
import { refundOrderColumns, refundPosition, settleProcessedRefund, type RefundOrder, type RefundRow } from "./refund-ledger.server";

/**
 * Paystack's refund events (refund.processed, refund.failed, refund.pending), applied to the
 * shop's refunds (refunds.server.ts, which re-exports applyRefundEvent for the webhook).
 */

export type RefundEventName = "refund.processed" | "refund.failed" | "refund.pending";

/**
 * - processed / failed / pending: the refund found, and now in that state;
 * - already-processed / already-failed: a replay (or a late event): nothing changed;
 * - recorded-external: a refund made outside the shop (in Paystack's dashboard) on one of its
 *   payments, recorded so the order shows it;
 * - held-for-staff: such a refund for more than is left to refund on that payment (or in another
 *   currency): not recorded, but written on the order as a staff note and emailed to the admins;
 * - unknown-refund: no refund or payment of the shop matches; invalid-data: not a refund's shape.
 */
export type RefundEventOutcome =
  | "processed"
  | "failed"
  | "pending"
  | "already-processed"
  | "already-failed"
  | "recorded-external"
  | "held-for-staff"
  | "unknown-refund"
  | "invalid-data";

const text = z.string().trim().min(1).max(200);
/**
 * A refund event's `data`, as Paystack sends it (`transaction_reference`, or `transaction` as an
 * object or its id) or as the shop's Paystack client hands it on (`transactionReference`).
 */
const refundEventData = z
  .object({
    id: z.union([z.number().int().nonnegative(), text]).nullish(),
    amount: z.union([
      z.number().int().positive(),
      z
        .string()
        .regex(/^\d{1,15}$/)
        .transform(Number),
    ]),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .nullish(),
    transaction_reference: text.nullish(),
    transactionReference: text.nullish(),
    transaction: z.union([z.object({ reference: text.nullish() }), z.number(), z.string()]).nullish(),
    refund_reference: text.nullish(),
  })
  .transform((d) => ({
    refundId: d.id === null || d.id === undefined ? null : String(d.id),
    /** Paystack's own name for the refund, named in a held refund's note (issue 42 may match on it). */
    refundReference: d.refund_reference ?? null,
    amount: d.amount,
    currency: d.currency ?? null,
    reference:
      d.transaction_reference ??
      d.transactionReference ??
      (typeof d.transaction === "object" && d.transaction ? (d.transaction.reference ?? null) : null),
  }))
  .refine((d) => d.amount > 0 && (d.refundId !== null || d.reference !== null), "a refund event names its refund or its transaction");

export type RefundEvent = z.output<typeof refundEventData>;

/**
 * Applies one of Paystack's refund events (after the webhook has checked its signature). In one
 * transaction, with the order row and then the refund row locked: the refund is found by
 * Paystack's refund id, or else by transaction reference and amount (an event may arrive before
 * the shop has stored Paystack's id), and moved to processed or failed exactly once; replays,
 * duplicates and concurrent deliveries change nothing more.
 */
export async function applyRefundEvent(
  db: Db,
  event: RefundEventName,
  data: unknown,
  sender: StatusEmailSender,
): Promise<RefundEventOutcome> {
  const parsed = refundEventData.safeParse(data);
  if (!parsed.success) return "invalid-data";
  const refundEvent = parsed.data;
  const outcome = await db.transaction(async (tx): Promise<RefundEventOutcome> => {
    const orderId = await orderOfEvent(tx, refundEvent);
    if (!orderId) return "unknown-refund";
    const [order] = await tx.select(refundOrderColumns).from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return "unknown-refund";
    const refund = await findRefund(tx, order.id, refundEvent);
    if (!refund) return recordExternalRefund(tx, order, event, refundEvent, sender);
    const providerRefundId = refund.providerRefundId ?? refundEvent.refundId;
    if (refund.status === "processed") return "already-processed";
    if (event === "refund.processed") {
      await settleProcessedRefund(tx, order, refund, { ...sender, providerRefundId, changedBy: "Paystack" });
      return "processed";
    }
    if (event === "refund.failed") {
      if (refund.status === "failed") {
        if (!refund.providerRefundId && providerRefundId)
          await tx.update(refunds).set({ providerRefundId }).where(eq(refunds.id, refund.id));
        return "already-failed";
      }
      await tx
        .update(refunds)
        .set({ status: "failed", providerRefundId, failureMessage: "Paystack could not complete the refund.", updatedAt: new Date() })
        .where(eq(refunds.id, refund.id));
      return "failed";
    }
    // refund.pending. A refund the shop marked failed without hearing from Paystack (no answer in
    // time) that Paystack did take is open again; one Paystack itself failed stays failed.
    if (refund.status === "failed" && refund.providerRefundId) return "already-failed";
    if (refund.status === "failed" || (!refund.providerRefundId && providerRefundId))
      await tx
        .update(refunds)
        .set({ status: "pending", providerRefundId, failureMessage: null, updatedAt: new Date() })
        .where(eq(refunds.id, refund.id));
    return "pending";
  });
  if (outcome === "processed" || outcome === "recorded-external") forgetOrderSummary(db);
  return outcome;
}

/** The order an event is about: through the refund Paystack names, else the transaction refunded. */
async function orderOfEvent(tx: Db, event: RefundEvent): Promise<string | null> {
  if (event.refundId) {
    const [known] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.providerRefundId, event.refundId));
    if (known) return known.orderId;
  }
  if (!event.reference) return null;
  const [attempt] = await tx
    .select({ orderId: paymentAttempts.orderId })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.reference, event.reference));
  if (attempt) return attempt.orderId;
  const [asked] = await tx
    .select({ orderId: refunds.orderId })
    .from(refunds)
    .where(eq(refunds.transactionReference, event.reference))
    .limit(1);
  return asked?.orderId ?? null;
}

/** The refund row, locked (the caller holds the order's lock, so no other event is matching it now). */
async function findRefund(tx: Db, orderId: string, event: RefundEvent): Promise<RefundRow | undefined> {
  if (event.refundId) {
    const [byId] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, event.refundId)).for("update");
    if (byId) return byId;
  }
  if (!event.reference) return undefined;
  // Not yet named by Paystack: the oldest open refund of that transaction for that amount.
  const [byReference] = await tx
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, orderId),
        eq(refunds.transactionReference, event.reference),
        eq(refunds.amount, event.amount),
        isNull(refunds.providerRefundId),
      ),
    )
    .orderBy(sql`${refunds.status} = 'pending' desc`, asc(refunds.createdAt))
    .limit(1)
    .for("update");
  return byReference;
}

/** A refund made in Paystack's dashboard on a payment of the shop: recorded, so the order and its history show it. */
async function recordExternalRefund(
  tx: Db,
  order: RefundOrder,
  event: RefundEventName,
  data: RefundEvent,
  sender: StatusEmailSender,
): Promise<RefundEventOutcome> {
  if (event === "refund.failed" || !data.reference) return "unknown-refund";
  const [attempt] = await tx
    .select({ id: paymentAttempts.id, currency: paymentAttempts.currency })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.reference, data.reference), eq(paymentAttempts.status, "success")));
  if (!attempt) return "unknown-refund";
  // More than is left on that payment (after its pending and processed refunds), or in another
  // currency: a signed event still cannot make the books show more refunded than was paid.
  const { transactions } = await refundPosition(tx, order);
  const remaining = transactions.find((t) => t.attemptId === attempt.id)?.remaining ?? 0;
  if (data.amount > remaining || (data.currency !== null && data.currency !== attempt.currency))
    return holdRefundForStaff(tx, order, event, data, { remaining, currency: attempt.currency }, sender);
  if (!data.refundId) return "unknown-refund";
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      paymentAttemptId: attempt.id,
      provider: "paystack",
      transactionReference: data.reference,
      providerRefundId: data.refundId,
      amount: data.amount,
      currency: data.currency ?? attempt.currency,
      reason: "Refunded in the Paystack dashboard",
      requestedBy: "Paystack dashboard",
    })
    .returning();
  if (event === "refund.processed") await settleProcessedRefund(tx, order, refund!, { ...sender, changedBy: "Paystack" });
  return "recorded-external";
}
