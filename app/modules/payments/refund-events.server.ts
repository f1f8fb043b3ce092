import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { orders } from "~db/schema/orders";
import { paymentAttempts, refunds } from "~db/schema/payments";
import type { StatusEmailSender } from "~/modules/orders/order-emails.server";
import { forgetOrderSummary } from "~/modules/orders/order-summary.server";
import { claimProviderEvent } from "./provider-events.server";
import type { PaystackRefundEvent, RefundEventName } from "./paystack-client.server";
import { alertStaffOnOrder } from "./payment-alerts.server";
import { refundMoney } from "./refund-email.server";
import { holdRefundForStaff } from "./refund-hold.server";
import {
  OPEN_REFUND_STATUSES,
  refundOrderColumns,
  refundPosition,
  settleProcessedRefund,
  type RefundOrder,
  type RefundRow,
  type RefundStatus,
} from "./refund-ledger.server";

/**
 * Paystack's refund events, applied to the shop's refunds (docs/product-rules.md §7). Paystack
 * publishes five: refund.pending, refund.processing, refund.processed, refund.failed and
 * refund.needs-attention, whose data names the transaction refunded (`transaction_reference`),
 * Paystack's refund reference once it has one, the amount (often as a string) and no refund id
 * (see tests/fixtures/paystack/). They are matched to the shop's refund, in this order: by
 * Paystack's refund id when the event has one, by Paystack's refund reference once the shop has
 * stored it, by the shop's own refund id in the merchant note, and then by transaction and
 * amount: the oldest refund of that transaction for that amount still open (whether or not
 * Paystack's id is stored), else the newest settled one (a late or repeated event).
 */

export type { RefundEventName } from "./paystack-client.server";

/**
 * - pending / processing / needs-attention / processed / failed: the refund found, and now in that state;
 * - unchanged: the refund was already in that state (or further on: a late pending after processing);
 * - already-processed / already-failed: the refund had settled; nothing changed;
 * - duplicate: this very event (same signed body) was applied before;
 * - recorded-external: a refund made outside the shop (in Paystack's dashboard, or for a dispute)
 *   on one of its payments, recorded so the order shows it;
 * - held-for-staff: such a refund for more than is left to refund on that payment (or in another
 *   currency): not recorded, but written on the order as a staff note and emailed to the admins;
 * - unknown-refund: no refund or payment of the shop matches.
 */
export type RefundEventOutcome =
  | "pending"
  | "processing"
  | "needs-attention"
  | "processed"
  | "failed"
  | "unchanged"
  | "already-processed"
  | "already-failed"
  | "duplicate"
  | "recorded-external"
  | "held-for-staff"
  | "unknown-refund";

/** The state each event puts a refund in. */
const STATE_OF: Record<RefundEventName, Exclude<RefundStatus, "unconfirmed">> = {
  "refund.pending": "pending",
  "refund.processing": "processing",
  "refund.processed": "processed",
  "refund.failed": "failed",
  "refund.needs-attention": "needs_attention",
};

/** How far along an open refund is: an event never moves one back (a late refund.pending after processing). */
const PROGRESS: Record<string, number> = { unconfirmed: 0, pending: 1, processing: 2, needs_attention: 2 };

export const REFUND_FAILED_MESSAGE =
  "Paystack could not complete this refund: the money did not go back to the customer. Refund again from here, or pay the customer back another way and record it.";
export const REFUND_NEEDS_ATTENTION_MESSAGE =
  "Paystack needs the customer's bank or mobile money details to complete this refund. Open it in the Paystack dashboard (Refunds) and retry it with their details; the shop follows what Paystack reports.";

/**
 * Applies one refund event (after the webhook has checked its signature). In one transaction:
 * the event's fingerprint is claimed (a delivery of a body already applied changes nothing),
 * the order row is locked, then the refund row; the refund moves to the event's state at most
 * once, and a processed refund settles the order (refund-ledger's settleProcessedRefund: status,
 * history, the customer's email). A failed or needs-attention refund is written on the order as
 * a staff note and emailed to the admins. Concurrent deliveries queue on the order's lock.
 */
export async function applyRefundEvent(
  db: Db,
  event: RefundEventName,
  data: PaystackRefundEvent,
  sender: StatusEmailSender,
  options: { fingerprint?: string } = {},
): Promise<RefundEventOutcome> {
  const outcome = await db.transaction(async (tx): Promise<RefundEventOutcome> => {
    if (options.fingerprint && !(await claimProviderEvent(tx, options.fingerprint, event))) return "duplicate";
    const orderId = await orderOfEvent(tx, data);
    if (!orderId) return "unknown-refund";
    const [order] = await tx.select(refundOrderColumns).from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return "unknown-refund";
    const refund = await findRefund(tx, order.id, data);
    if (!refund) return recordExternalRefund(tx, order, event, data, sender);
    return moveRefund(tx, order, refund, event, data, sender);
  });
  if (outcome === "processed" || outcome === "recorded-external") forgetOrderSummary(db);
  return outcome;
}

/** Moves a matched refund to the state the event gives it, under the order's lock. */
async function moveRefund(
  tx: Db,
  order: RefundOrder,
  refund: RefundRow,
  event: RefundEventName,
  data: PaystackRefundEvent,
  sender: StatusEmailSender,
): Promise<RefundEventOutcome> {
  const names = {
    ...(!refund.providerRefundId && data.refundId ? { providerRefundId: data.refundId } : {}),
    ...(!refund.providerRefundReference && data.refundReference ? { providerRefundReference: data.refundReference } : {}),
  };
  const target = STATE_OF[event];
  const remember = async () => {
    if (Object.keys(names).length > 0) await tx.update(refunds).set(names).where(eq(refunds.id, refund.id));
  };
  if (refund.status === "processed") {
    await remember();
    return "already-processed";
  }
  if (target === "processed") {
    // Paystack says the money went back: that is what the books show, whatever the shop thought.
    await remember();
    await settleProcessedRefund(tx, order, refund, { ...sender, changedBy: "Paystack" });
    return "processed";
  }
  if (refund.status === "failed") {
    await remember();
    return "already-failed";
  }
  if (target !== "failed" && (refund.status === target || PROGRESS[refund.status]! > PROGRESS[target]!)) {
    await remember();
    return "unchanged";
  }
  const message = target === "failed" ? REFUND_FAILED_MESSAGE : target === "needs_attention" ? REFUND_NEEDS_ATTENTION_MESSAGE : null;
  await tx
    .update(refunds)
    .set({ ...names, status: target, failureMessage: message, updatedAt: new Date() })
    .where(eq(refunds.id, refund.id));
  if (target === "failed" || target === "needs_attention") await alertAboutRefund(tx, order, refund, target, sender);
  return target === "needs_attention" ? "needs-attention" : target;
}

/** The failed / needs-attention refund, on the order for staff and in the admins' inboxes. */
async function alertAboutRefund(
  tx: Db,
  order: RefundOrder,
  refund: RefundRow,
  state: "failed" | "needs_attention",
  sender: StatusEmailSender,
): Promise<void> {
  const amount = refundMoney(Number(refund.amount), refund.currency);
  const failed = state === "failed";
  await alertStaffOnOrder(
    tx,
    order,
    {
      author: "Paystack",
      subject: failed ? `Refund failed — order ${order.orderNumber}` : `Refund needs your attention — order ${order.orderNumber}`,
      heading: failed ? `The refund of ${amount} on order ${order.orderNumber} failed` : `A refund on order ${order.orderNumber} needs you`,
      body: `Refund of ${amount} (${refund.reason}), asked by ${refund.requestedBy}: ${failed ? REFUND_FAILED_MESSAGE : REFUND_NEEDS_ATTENTION_MESSAGE}`,
      kind: failed ? "refund-failed-alert" : "refund-attention-alert",
    },
    sender,
  );
}

/** The order an event is about: through the refund Paystack names, else the transaction refunded. */
async function orderOfEvent(tx: Db, event: PaystackRefundEvent): Promise<string | null> {
  const named = [
    event.refundId ? eq(refunds.providerRefundId, event.refundId) : null,
    event.refundReference ? eq(refunds.providerRefundReference, event.refundReference) : null,
  ];
  for (const condition of named) {
    if (!condition) continue;
    const [known] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(condition);
    if (known) return known.orderId;
  }
  if (!event.transactionReference) return null;
  const [attempt] = await tx
    .select({ orderId: paymentAttempts.orderId })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.reference, event.transactionReference));
  if (attempt) return attempt.orderId;
  const [asked] = await tx
    .select({ orderId: refunds.orderId })
    .from(refunds)
    .where(eq(refunds.transactionReference, event.transactionReference))
    .limit(1);
  return asked?.orderId ?? null;
}

/** The shop's refund id, as refunds.server.ts writes it in the merchant note ("…, refund <uuid>: …"). */
const OWN_ID_IN_NOTE = /\brefund ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b/i;

/** The refund row, locked (the caller holds the order's lock, so no other event is matching it now). */
async function findRefund(tx: Db, orderId: string, event: PaystackRefundEvent): Promise<RefundRow | undefined> {
  const ownId = event.merchantNote ? OWN_ID_IN_NOTE.exec(event.merchantNote)?.[1]?.toLowerCase() : undefined;
  const exact = [
    event.refundId ? eq(refunds.providerRefundId, event.refundId) : null,
    event.refundReference ? eq(refunds.providerRefundReference, event.refundReference) : null,
    ownId ? eq(refunds.id, ownId) : null,
  ];
  for (const condition of exact) {
    if (!condition) continue;
    const [row] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), condition))
      .for("update");
    if (row) return row;
  }
  if (!event.transactionReference) return undefined;
  // Not named in a way the shop has stored: that transaction's refunds for that amount whose
  // stored names do not contradict the event's, open ones first (oldest first), else the newest.
  const candidates = await tx
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, orderId),
        eq(refunds.provider, "paystack"),
        eq(refunds.transactionReference, event.transactionReference),
        eq(refunds.amount, event.amount),
        event.refundReference ? sql`${refunds.providerRefundReference} is null` : undefined,
        event.refundId ? sql`${refunds.providerRefundId} is null` : undefined,
      ),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .for("update");
  const open = candidates.find((r) => OPEN_REFUND_STATUSES.includes(r.status));
  return open ?? candidates.at(-1);
}

/** A refund made in Paystack's dashboard (or for a dispute) on a payment of the shop: recorded, so the order and its history show it. */
async function recordExternalRefund(
  tx: Db,
  order: RefundOrder,
  event: RefundEventName,
  data: PaystackRefundEvent,
  sender: StatusEmailSender,
): Promise<RefundEventOutcome> {
  if (event === "refund.failed" || !data.transactionReference) return "unknown-refund";
  const [attempt] = await tx
    .select({ id: paymentAttempts.id, currency: paymentAttempts.currency })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.reference, data.transactionReference), eq(paymentAttempts.status, "success")));
  if (!attempt) return "unknown-refund";
  // More than is left on that payment (after its open and processed refunds), or in another
  // currency: a signed event still cannot make the books show more refunded than was paid.
  const { transactions } = await refundPosition(tx, order);
  const remaining = transactions.find((t) => t.attemptId === attempt.id)?.remaining ?? 0;
  if (data.amount > remaining || (data.currency !== null && data.currency !== attempt.currency))
    return holdRefundForStaff(tx, order, event, data, { remaining, currency: attempt.currency }, sender);
  const state = STATE_OF[event];
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      paymentAttemptId: attempt.id,
      provider: "paystack",
      transactionReference: data.transactionReference,
      providerRefundId: data.refundId,
      providerRefundReference: data.refundReference,
      amount: data.amount,
      currency: data.currency ?? attempt.currency,
      status: state === "processed" ? "pending" : state,
      failureMessage: state === "needs_attention" ? REFUND_NEEDS_ATTENTION_MESSAGE : null,
      reason: "Refunded in the Paystack dashboard",
      requestedBy: "Paystack dashboard",
    })
    .returning();
  if (state === "processed") await settleProcessedRefund(tx, order, refund!, { ...sender, changedBy: "Paystack" });
  if (state === "needs_attention") await alertAboutRefund(tx, order, refund!, "needs_attention", sender);
  return "recorded-external";
}
