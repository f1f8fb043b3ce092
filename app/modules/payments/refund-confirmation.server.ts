import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~db/client";
import { paymentAttempts, refunds } from "~db/schema/payments";
import type { StatusEmailSender } from "~/modules/orders/order-emails.server";
import { listRefunds, PaystackError, verifyTransaction, type PaystackClientConfig, type PaystackRefund } from "./paystack-client.server";
import { applyRefundEvent } from "./refund-events.server";
import type { RefundRow, RefundStatus } from "./refund-ledger.server";
import { refundEventOf, refundEventOfStatus } from "./refunds.server";

/**
 * Refunds whose answer was lost (unconfirmed: no answer in time, a 5xx, an answer out of shape):
 * Paystack may or may not have queued them. The shop finds out by listing the transaction's
 * refunds at Paystack (List Refunds) and looking for this one: by the shop's refund id in the
 * merchant note (refunds.server.ts writes it there), else by amount among the refunds none of
 * the shop's others is. Found: it takes Paystack's state (through applyRefundEvent, so a
 * processed one settles the order once). Not listed CONFIRM_AFTER_MS after it was sent:
 * Paystack never took it, so it is failed and staff may send it again. Until then its amount
 * stays reserved. Staff can ask at once from the order (Check with Paystack); a background round
 * asks about every unconfirmed refund every minute (its claim on `checkedAt` is the only record
 * of when the shop asked: a staff check leaves it, at worst the round asks once more).
 */

/** A refund Paystack does not list this long after it was sent was not made. */
export const CONFIRM_AFTER_MS = 2 * 60_000;
/** The background round asks about one refund at most this often. */
export const RECHECK_AFTER_MS = 60_000;

export const NOT_AT_PAYSTACK_MESSAGE =
  "Paystack has no record of this refund, so it was not made and the customer was not paid. You can refund again.";

export interface RefundCheck {
  status: RefundStatus;
  /** A sentence for staff. */
  message: string;
}

export async function confirmRefundWithPaystack(
  db: Db,
  paystack: PaystackClientConfig,
  refundId: string,
  sender: StatusEmailSender,
  now = new Date(),
): Promise<RefundCheck> {
  if (!z.uuid().safeParse(refundId).success) return { status: "failed", message: "This refund does not exist." };
  const refund = await refundRow(db, refundId);
  if (!refund) return { status: "failed", message: "This refund does not exist." };
  if (refund.status !== "unconfirmed" || !refund.transactionReference) return describe(refund);
  const [attempt] = await db
    .select({ providerTransactionId: paymentAttempts.providerTransactionId })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.reference, refund.transactionReference));
  let listed: PaystackRefund[];
  try {
    // Paystack's refund list names each refund's transaction by its id only (its published
    // samples have no transaction_reference there): without that id nothing listed could be
    // told to be this transaction's. A payment recorded before the shop kept it: ask Paystack.
    let transactionId = attempt?.providerTransactionId ?? null;
    if (!transactionId) {
      transactionId = (await verifyTransaction(paystack, refund.transactionReference)).id;
      if (transactionId)
        await db
          .update(paymentAttempts)
          .set({ providerTransactionId: transactionId })
          .where(eq(paymentAttempts.reference, refund.transactionReference));
    }
    listed = await listRefunds(paystack, { reference: refund.transactionReference, id: transactionId });
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    return { status: "unconfirmed", message: "Paystack could not be reached to check this refund. Try again in a minute." };
  }
  const match = await matchListed(db, refund, listed);
  if (match) {
    const event = refundEventOfStatus(match.status) ?? "refund.pending";
    await applyRefundEvent(
      db,
      event,
      { ...refundEventOf(match), transactionReference: refund.transactionReference, refundId: match.id },
      sender,
    );
    return describe((await refundRow(db, refund.id))!);
  }
  if (now.getTime() - refund.createdAt.getTime() < CONFIRM_AFTER_MS)
    return { status: "unconfirmed", message: "Paystack does not list this refund yet. The shop checks again in a minute." };
  // In a transaction, which the activity log records when staff asked (decision 049).
  const [failed] = await db.transaction((tx) =>
    tx
      .update(refunds)
      .set({ status: "failed", failureMessage: NOT_AT_PAYSTACK_MESSAGE, updatedAt: now })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, "unconfirmed")))
      .returning(),
  );
  return describe(failed ?? (await refundRow(db, refund.id))!);
}

/** This refund among the transaction's refunds at Paystack, if it is there. */
async function matchListed(db: Db, refund: RefundRow, listed: PaystackRefund[]): Promise<PaystackRefund | undefined> {
  const byNote = listed.find((r) => r.merchantNote?.toLowerCase().includes(`refund ${refund.id}`));
  if (byNote) return byNote;
  // Paystack refunds the shop already knows by id belong to its other refunds.
  const known = new Set(
    (await db.select({ id: refunds.providerRefundId }).from(refunds).where(eq(refunds.transactionReference, refund.transactionReference!)))
      .map((r) => r.id)
      .filter((id): id is string => id !== null),
  );
  return listed.find((r) => !known.has(r.id) && r.amount === Number(refund.amount));
}

async function refundRow(db: Db, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

function describe(refund: RefundRow): RefundCheck {
  const status = refund.status as RefundStatus;
  const words: Record<RefundStatus, string> = {
    pending: "Paystack has this refund: it is waiting to be processed.",
    processing: "Paystack has this refund: it is being processed.",
    processed: "Paystack has refunded the customer.",
    failed: refund.failureMessage ?? "This refund was not made.",
    needs_attention: refund.failureMessage ?? "This refund needs your attention in the Paystack dashboard.",
    unconfirmed: refund.failureMessage ?? "Paystack has not said yet whether it took this refund.",
  };
  return { status, message: words[status] };
}

/**
 * One background round: asks Paystack about every unconfirmed refund not asked about in the
 * last RECHECK_AFTER_MS (oldest first, a few at a time). Safe on several instances at once: a
 * refund's check is claimed by moving its checkedAt, and every change it leads to is guarded.
 */
export async function confirmUnconfirmedRefunds(options: {
  db: Db;
  paystack: PaystackClientConfig;
  sender: StatusEmailSender;
  now?: Date;
  limit?: number;
}): Promise<number> {
  const { db, paystack, sender, limit = 10 } = options;
  const now = options.now ?? new Date();
  const due = await db
    .select({ id: refunds.id, checkedAt: refunds.checkedAt })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, "unconfirmed"),
        or(isNull(refunds.checkedAt), lt(refunds.checkedAt, new Date(now.getTime() - RECHECK_AFTER_MS))),
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
  let checked = 0;
  for (const refund of due) {
    const claimed = await db
      .update(refunds)
      .set({ checkedAt: now })
      .where(
        and(
          eq(refunds.id, refund.id),
          refund.checkedAt ? eq(refunds.checkedAt, refund.checkedAt) : isNull(refunds.checkedAt),
          eq(refunds.status, "unconfirmed"),
        ),
      )
      .returning({ id: refunds.id });
    if (claimed.length === 0) continue;
    await confirmRefundWithPaystack(db, paystack, refund.id, sender, now);
    checked++;
  }
  return checked;
}
