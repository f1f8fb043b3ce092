import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~db/client";
import { orders } from "~db/schema/orders";
import { refunds } from "~db/schema/payments";
import type { StatusEmailSender } from "~/modules/orders/order-emails.server";
import { OrderNotFoundError } from "~/modules/orders/order-errors";
import { orderIdSchema } from "~/modules/orders/order-filters.schema";
import { forgetOrderSummary } from "~/modules/orders/order-summary.server";
import {
  createRefund,
  PaystackError,
  REFUND_EVENTS,
  type PaystackClientConfig,
  type PaystackRefund,
  type PaystackRefundEvent,
  type RefundEventName,
} from "./paystack-client.server";
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
 *   Paystack is asked to refund (the refund's id travels in the merchant note). A refusal (4xx)
 *   marks it failed with Paystack's reason: nothing was made. No answer, a 5xx or an answer out of
 *   shape marks it unconfirmed: Paystack may have queued it, so its amount stays reserved, and no
 *   second refund of the same amount is sent on the order (its events could not be told apart),
 *   until the shop has asked Paystack (refund-confirmation.server.ts) or an event has settled it.
 *   The order changes only when Paystack says the refund was processed (applyRefundEvent);
 * - Pay on Delivery (or an online order marked paid by hand, with no Paystack payment): the
 *   refund is recorded only, and processed at once.
 *
 * A processed refund moves the order to refunded (everything paid is back) or partially
 * refunded, writes the history "Refunded ₵X: reason (by staff)" and queues the customer's email,
 * exactly once whatever is replayed.
 */

export type { RefundRow } from "./refund-ledger.server";
export { applyRefundEvent, type RefundEventOutcome } from "./refund-events.server";
export type { RefundEventName } from "./paystack-client.server";

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

/**
 * pending: Paystack has it (pending, processing, or waiting for staff in its dashboard), its
 * events will settle it; processed: done (recorded); failed: not made, with why; unconfirmed:
 * Paystack did not say, the shop is finding out.
 */
export type RefundResult =
  | { status: "pending"; refund: RefundRow }
  | { status: "processed"; refund: RefundRow }
  | { status: "failed"; refund: RefundRow; message: string }
  | { status: "unconfirmed"; refund: RefundRow; message: string };

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
    // Paystack's refund events name no refund of the shop's (no id, often no refund reference yet):
    // a second refund of the same amount beside an unconfirmed one could take that one's events.
    const [unconfirmed] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.status, "unconfirmed"), eq(refunds.amount, request.amount)))
      .limit(1);
    if (unconfirmed) throw new RefundRefusedError(unconfirmedMessage(order, request.amount), "too-much");
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
    // An extra payment (the customer paid twice) first, else the fullest paid transaction that
    // can take the whole amount (one, nearly always).
    const transaction = position.transactions
      .filter((t) => t.remaining >= request.amount)
      .sort((a, b) => Number(b.extraPayment) - Number(a.extraPayment) || b.remaining - a.remaining)[0]!;
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
    // Each write after Paystack's answer is a transaction of its own: the activity log records
    // what staff set off only inside one (decision 049).
    await db.transaction((tx) =>
      tx
        .update(refunds)
        .set({ providerRefundId: sql`coalesce(${refunds.providerRefundId}, ${answer.id})`, updatedAt: new Date() })
        .where(eq(refunds.id, refund.id)),
    );
    // Paystack usually answers "pending"; an answer that says more is as good as its event.
    const event = refundEventOfStatus(answer.status);
    if (event && event !== "refund.pending") {
      await applyRefundEvent(
        db,
        event,
        { ...refundEventOf(answer), transactionReference: refund.transactionReference, currency: answer.currency ?? refund.currency },
        options,
      );
    }
  } catch (error) {
    if (!(error instanceof PaystackError)) {
      await markUnconfirmed(
        db,
        refund.id,
        "The shop failed while sending this refund to Paystack. Check with Paystack before refunding again.",
      );
      throw error;
    }
    if (error.kind === "refused") {
      await db.transaction((tx) =>
        tx
          .update(refunds)
          .set({ status: "failed", failureMessage: refundFailureMessage(error), updatedAt: new Date() })
          .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending"))),
      );
    } else {
      await markUnconfirmed(db, refund.id, refundFailureMessage(error));
    }
  }
  return resultOf(await currentRefund(db, refund.id));
}

async function currentRefund(db: Db, id: string): Promise<RefundRow> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row!;
}

function resultOf(refund: RefundRow): RefundResult {
  if (refund.status === "failed") return { status: "failed", refund, message: refund.failureMessage ?? "The refund was not made." };
  if (refund.status === "unconfirmed")
    return { status: "unconfirmed", refund, message: refund.failureMessage ?? "Paystack has not said whether it took this refund." };
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

function unconfirmedMessage(order: RefundOrder, amount: number): string {
  const money = refundMoney(amount, order.currency);
  return `A refund of ${money} on ${order.orderNumber} is not confirmed by Paystack yet: the shop is checking whether Paystack made it. Refund ${money} again only once it says that refund was not made (press Check with Paystack).`;
}

/** A sent refund whose outcome is unknown: reserved, and checked with Paystack (refund-confirmation.server.ts). */
async function markUnconfirmed(db: Db, refundId: string, message: string): Promise<void> {
  await db.transaction((tx) =>
    tx
      .update(refunds)
      .set({ status: "unconfirmed", failureMessage: message, updatedAt: new Date() })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending"))),
  );
}

/** The refund event a refund's status (in an API answer) stands for, if it is one of Paystack's. */
export function refundEventOfStatus(status: string): RefundEventName | null {
  const event = `refund.${status}`;
  return (REFUND_EVENTS as readonly string[]).includes(event) ? (event as RefundEventName) : null;
}

/** An API answer's refund as its event would describe it. */
export function refundEventOf(refund: PaystackRefund): PaystackRefundEvent {
  return {
    refundId: refund.id,
    refundReference: null,
    transactionReference: refund.transactionReference,
    amount: refund.amount,
    currency: refund.currency,
    status: refund.status,
    merchantNote: refund.merchantNote,
  };
}

/** What staff read when Paystack did not take the refund, or did not say whether it did. */
export function refundFailureMessage(error: PaystackError): string {
  const unsure =
    "Paystack may have queued it, so its amount stays reserved: the shop checks with Paystack every few minutes, or press Check with Paystack.";
  switch (error.kind) {
    case "refused":
      return `Paystack refused the refund, so it was not made: ${error.providerMessage ?? "it gave no reason"}.`;
    case "unreachable":
      return `Paystack did not answer in time. ${unsure}`;
    case "server":
      return `Paystack failed on its side (HTTP ${error.httpStatus ?? "5xx"}). ${unsure}`;
    default:
      return `Paystack's answer could not be read. ${unsure}`;
  }
}
