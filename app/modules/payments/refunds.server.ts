import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~db/client";
import { orders } from "~db/schema/orders";
import { refunds } from "~db/schema/payments";
import type { StatusEmailSender } from "~/modules/orders/order-emails.server";
import { OrderNotFoundError } from "~/modules/orders/order-errors";
import { orderIdSchema } from "~/modules/orders/order-filters.schema";
import { forgetOrderSummary } from "~/modules/orders/order-summary.server";
import { createRefund, PaystackError, type PaystackClientConfig } from "./paystack-client.server";
import { refundMoney } from "./refund-email.server";
import { applyRefundEvent } from "./refund-events.server";
import {
  REFUNDABLE_PAYMENT_STATUSES,
  refundOrderColumns,
  refundPosition,
  settleProcessedRefund,
  type RefundOrder,
  type RefundPosition,
  type RefundRow,
} from "./refund-ledger.server";

/**
 * Refunds (issue 11, item 8). Staff refund a paid order in full or in part, with a reason:
 *
 * - paid through Paystack: one transaction locks the order, checks the amount against what can
 *   still be refunded and records a pending refund (who, why, how much); then, outside it,
 *   Paystack is asked to refund (the refund's id travels in the merchant note). A refusal or an
 *   unreachable Paystack marks the refund failed with the reason, for staff to see. The order
 *   changes only when Paystack's refund event says the refund was processed (applyRefundEvent);
 * - Pay on Delivery (or an online order marked paid by hand, with no Paystack payment): the
 *   refund is recorded only, and processed at once.
 *
 * A processed refund moves the order to refunded (everything paid is back) or partially
 * refunded, writes the history "Refunded ₵X: reason (by staff)" and queues the customer's email,
 * exactly once whatever is replayed.
 */

export type { RefundRow } from "./refund-ledger.server";
export { applyRefundEvent, type RefundEventName, type RefundEventOutcome } from "./refund-events.server";

/** Why a refund was not made, in words for staff. */
export class RefundRefusedError extends Error {
  override name = "RefundRefusedError";
  constructor(
    message: string,
    readonly reason: "invalid" | "not-paid" | "too-much" | "not-connected" | "stale-form",
  ) {
    super(message);
  }
}

export interface RefundRequest {
  orderId: string;
  /** Chosen by the refund form when it was shown: the same id refunds once. */
  refundId: string;
  /** Pesewas: a whole number above 0, at most what can still be refunded. */
  amount: number;
  reason: string;
  /** The staff member's name or email, for the history. */
  requestedBy: string;
  requestedByUserId?: string | null;
}

export interface RefundOptions extends StatusEmailSender {
  /** Paystack's configuration (paystackConfigOf), null when it is not connected. */
  paystack: PaystackClientConfig | null;
}

/** pending: Paystack has it, its event will settle it; processed: done (recorded); failed: not made, with why. */
export type RefundResult =
  | { status: "pending"; refund: RefundRow }
  | { status: "processed"; refund: RefundRow }
  | { status: "failed"; refund: RefundRow; message: string };

export async function refundOrder(db: Db, request: RefundRequest, options: RefundOptions): Promise<RefundResult> {
  if (!orderIdSchema.safeParse(request.orderId).success) throw new OrderNotFoundError(`Order ${request.orderId} not found`);
  if (!z.uuid().safeParse(request.refundId).success)
    throw new RefundRefusedError("This form is out of date. Open the order again.", "stale-form");
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0)
    throw new RefundRefusedError("The amount to refund must be more than 0.00.", "invalid");
  const reason = request.reason.trim();
  if (!reason) throw new RefundRefusedError("Say why you are refunding.", "invalid");

  const started = await db.transaction(async (tx) => {
    const [order] = await tx.select(refundOrderColumns).from(orders).where(eq(orders.id, request.orderId)).for("update");
    if (!order) throw new OrderNotFoundError(`Order ${request.orderId} not found`);
    const [existing] = await tx.select().from(refunds).where(eq(refunds.id, request.refundId));
    if (existing) {
      if (existing.orderId !== order.id) throw new RefundRefusedError("This form is out of date. Open the order again.", "stale-form");
      return { kind: "existing" as const, refund: existing };
    }
    if (!REFUNDABLE_PAYMENT_STATUSES.includes(order.paymentStatus)) throw new RefundRefusedError(notPaidMessage(order), "not-paid");
    const position = await refundPosition(tx, order);
    if (position.provider === "paystack" && !options.paystack)
      throw new RefundRefusedError(
        "Paystack is not connected, so this card or mobile money payment cannot be refunded from the shop. Connect Paystack (Settings → Payments) or refund it in the Paystack dashboard.",
        "not-connected",
      );
    if (request.amount > position.refundable) throw new RefundRefusedError(tooMuchMessage(order, position), "too-much");
    const common = {
      id: request.refundId,
      orderId: order.id,
      amount: request.amount,
      currency: order.currency,
      reason,
      requestedBy: request.requestedBy,
      requestedByUserId: request.requestedByUserId ?? null,
    };
    if (position.provider === "manual") {
      const [refund] = await tx
        .insert(refunds)
        .values({ ...common, provider: "manual" })
        .returning();
      await settleProcessedRefund(tx, order, refund!, { ...options, changedBy: request.requestedBy });
      return { kind: "recorded" as const, refund: refund! };
    }
    // The fullest paid transaction that can take the whole amount (one, nearly always).
    const transaction = position.transactions.filter((t) => t.remaining >= request.amount).sort((a, b) => b.remaining - a.remaining)[0]!;
    const [refund] = await tx
      .insert(refunds)
      .values({ ...common, provider: "paystack", paymentAttemptId: transaction.attemptId, transactionReference: transaction.reference })
      .returning();
    return { kind: "send" as const, refund: refund!, orderNumber: order.orderNumber };
  });

  if (started.kind === "existing") return resultOf(started.refund);
  if (started.kind === "recorded") {
    forgetOrderSummary(db);
    return resultOf(await currentRefund(db, started.refund.id));
  }

  const { refund } = started;
  try {
    const answer = await createRefund(options.paystack!, {
      transaction: refund.transactionReference!,
      amount: refund.amount,
      merchantNote: `${started.orderNumber}, refund ${refund.id}: ${reason}`.slice(0, 500),
      customerNote: reason,
    });
    await db
      .update(refunds)
      .set({ providerRefundId: sql`coalesce(${refunds.providerRefundId}, ${answer.id})`, updatedAt: new Date() })
      .where(eq(refunds.id, refund.id));
    // Paystack usually answers "pending"; an answer that already says how it ended is as good as the event.
    if (answer.status === "processed" || answer.status === "failed") {
      await applyRefundEvent(
        db,
        `refund.${answer.status}`,
        { id: answer.id, amount: answer.amount, transaction_reference: refund.transactionReference },
        options,
      );
    }
  } catch (error) {
    const message = error instanceof PaystackError ? refundFailureMessage(error) : "The refund could not be sent to Paystack.";
    await db
      .update(refunds)
      .set({ status: "failed", failureMessage: message, updatedAt: new Date() })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending")));
    if (!(error instanceof PaystackError)) throw error;
  }
  return resultOf(await currentRefund(db, refund.id));
}

async function currentRefund(db: Db, id: string): Promise<RefundRow> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row!;
}

function resultOf(refund: RefundRow): RefundResult {
  if (refund.status === "failed") return { status: "failed", refund, message: refund.failureMessage ?? "The refund was not made." };
  return { status: refund.status === "processed" ? "processed" : "pending", refund };
}

function notPaidMessage(order: RefundOrder): string {
  if (order.paymentStatus === "refunded") return `${order.orderNumber} has already been refunded in full.`;
  return `${order.orderNumber} is not paid (its payment is ${order.paymentStatus.replaceAll("_", " ")}), so there is nothing to refund.`;
}

function tooMuchMessage(order: RefundOrder, position: RefundPosition): string {
  const most = refundMoney(position.refundable, order.currency);
  if (position.refundable === 0)
    return position.pending > 0
      ? `Nothing more can be refunded on ${order.orderNumber} while ${refundMoney(position.pending, order.currency)} is waiting for Paystack.`
      : `Nothing more can be refunded on ${order.orderNumber}.`;
  return `At most ${most} can still be refunded on ${order.orderNumber}.`;
}

/** What staff read when Paystack did not take the refund. */
export function refundFailureMessage(error: PaystackError): string {
  const check = "Check the Paystack dashboard before trying again: it may have been made.";
  switch (error.kind) {
    case "refused":
      return `Paystack refused the refund: ${error.providerMessage ?? "it gave no reason"}.`;
    case "unreachable":
      return `Paystack could not be reached, so the refund was probably not made. ${check}`;
    case "server":
      return `Paystack failed on its side (HTTP ${error.httpStatus ?? "5xx"}). ${check}`;
    default:
      return `Paystack's answer could not be read. ${check}`;
  }
}
