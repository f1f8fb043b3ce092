import crypto from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { orders } from "~db/schema/orders";
import { paymentAttempts } from "~db/schema/payments";
import type { StatusEmailSender } from "~/modules/orders/order-emails.server";
import { changePaymentStatus } from "~/modules/orders/order-status.server";
import { queuePaymentFailed, queuePaymentReceipt } from "./payment-emails.server";
import type { VerifiedPaystackTransaction } from "./paystack-client.server";

/** The channels a shopper can pay through online (Paystack's names). */
export type OnlineChannel = "card" | "mobile_money";

export type PaymentAttempt = typeof paymentAttempts.$inferSelect;

/** What the shop has verified about a transaction (from Paystack's verify call or a signed webhook). */
export type VerifiedTransaction = Pick<
  VerifiedPaystackTransaction,
  "status" | "amount" | "currency" | "channel" | "paidAt" | "fees" | "card" | "mobileMoney" | "gatewayResponse"
>;

/** How applying a verified transaction ended. */
export type PaymentOutcome = "paid" | "already-paid" | "pending" | "failed" | "abandoned" | "mismatch" | "unknown-reference";

/** A fresh reference nobody can guess: 16 random bytes in hex (Paystack allows letters, digits, "-", "." and "=" only). */
export function newPaymentReference(): string {
  return `AHF-${crypto.randomBytes(16).toString("hex")}`;
}

/** Starts an attempt for exactly the order's total, as the database has it (call inside the order's transaction). */
export async function createPaymentAttempt(
  db: Db,
  attempt: { orderId: string; amount: number; currency: string; channel: OnlineChannel },
): Promise<PaymentAttempt> {
  const [created] = await db
    .insert(paymentAttempts)
    .values({
      orderId: attempt.orderId,
      reference: newPaymentReference(),
      amount: attempt.amount,
      currency: attempt.currency,
      requestedChannel: attempt.channel,
    })
    .returning();
  return created!;
}

/** An order's attempts, newest first. */
export function paymentAttemptsOf(db: Db, orderId: string): Promise<PaymentAttempt[]> {
  return db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)).orderBy(desc(paymentAttempts.createdAt));
}

const FINAL_FAILURES = new Set(["failed", "abandoned", "reversed"]);

/**
 * Records what Paystack said about one attempt, once it has been verified (the verify call's
 * answer, or a webhook whose signature checked out), in one transaction with the attempt's row
 * locked:
 *
 * - success for exactly the attempt's amount and currency: the attempt is paid and the order's
 *   payment becomes paid through changePaymentStatus (one history entry, the customer's receipt
 *   email, payment-emails.server.ts), whatever else runs at the same time: replays, duplicates,
 *   a webhook racing the callback all end in one paid transition; the order is no longer held
 *   (paymentDueAt cleared). Money that arrives after the hold cancelled the order is still
 *   recorded as paid (it was taken), with a history note telling staff to refund or reactivate;
 * - success for another amount or currency: recorded as a mismatch for staff, never paid;
 * - failed, abandoned: recorded (a later success on the same reference still wins); an attempt
 *   that becomes failed emails the shopper "payment failed, Pay now" once, while the order is held;
 * - anything else: still pending.
 */
export async function applyVerifiedTransaction(
  db: Db,
  reference: string,
  verified: VerifiedTransaction,
  sender: StatusEmailSender,
): Promise<PaymentOutcome> {
  return db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.reference, reference)).for("update");
    if (!attempt) return "unknown-reference";
    if (attempt.status === "success") return "already-paid";
    const now = new Date();
    const details = {
      channel: verified.channel,
      fees: verified.fees,
      cardBrand: verified.card?.brand ?? null,
      cardLast4: verified.card?.last4 ?? null,
      mobileNetwork: verified.mobileMoney?.network ?? null,
      mobileNumberMasked: verified.mobileMoney?.maskedNumber ?? null,
      gatewayMessage: verified.gatewayResponse,
      updatedAt: now,
    };
    if (verified.status === "success") {
      if (verified.amount !== attempt.amount || verified.currency !== attempt.currency) {
        await tx
          .update(paymentAttempts)
          .set({
            ...details,
            status: "mismatch",
            gatewayMessage: `Paystack reported ${verified.currency} ${verified.amount / 100} for a charge of ${attempt.currency} ${attempt.amount / 100}: not marked paid.`,
          })
          .where(eq(paymentAttempts.id, attempt.id));
        return "mismatch";
      }
      const paidAt = verified.paidAt ?? now;
      await tx
        .update(paymentAttempts)
        .set({ ...details, status: "success", paidAt })
        .where(eq(paymentAttempts.id, attempt.id));
      const [order] = await tx.select({ status: orders.orderStatus }).from(orders).where(eq(orders.id, attempt.orderId));
      const method = describeMethod(verified);
      const afterCancel = order?.status === "cancelled" ? " after the order was cancelled: refund it or reactivate the order" : "";
      // The receipt below replaces the generic payment-status email (one email per payment).
      const { changed } = await changePaymentStatus(tx, attempt.orderId, "paid", {
        changedBy: "Paystack",
        notes: `Paid online (${method}), reference ${reference}${afterCancel}`,
        notifyCustomer: false,
        ...sender,
      });
      await tx.update(orders).set({ paymentDueAt: null }).where(eq(orders.id, attempt.orderId));
      if (!changed) return "already-paid";
      await queuePaymentReceipt(tx, { orderId: attempt.orderId, amount: verified.amount, method, paidAt, reference }, sender);
      return "paid";
    }
    if (FINAL_FAILURES.has(verified.status)) {
      const status = verified.status === "abandoned" ? "abandoned" : "failed";
      if (attempt.status !== status) {
        await tx
          .update(paymentAttempts)
          .set({ ...details, status })
          .where(eq(paymentAttempts.id, attempt.id));
        // Once per attempt: the row is locked and its status is failed from now on.
        if (status === "failed") await queuePaymentFailed(tx, { orderId: attempt.orderId, reason: verified.gatewayResponse, now }, sender);
      }
      return status;
    }
    return "pending";
  });
}

/** "Visa •••• 4081", "MTN mobile money", or the channel's name. */
export function describeMethod(paid: Pick<VerifiedTransaction, "channel" | "card" | "mobileMoney">): string {
  if (paid.card?.last4) return `${capitalise(paid.card.brand ?? "card")} •••• ${paid.card.last4}`;
  if (paid.mobileMoney)
    return `${paid.mobileMoney.network ?? "Mobile"} mobile money${paid.mobileMoney.maskedNumber ? ` ${paid.mobileMoney.maskedNumber}` : ""}`;
  return paid.channel === "mobile_money" ? "mobile money" : (paid.channel ?? "online");
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
