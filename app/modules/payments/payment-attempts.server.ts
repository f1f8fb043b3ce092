import crypto from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { paymentAttempts } from "~db/schema/payments";
import type { StatusEmailSender } from "~/modules/orders/order-emails.server";
import { changePaymentStatus } from "~/modules/orders/order-status.server";

/** The channels a shopper can pay through online (Paystack's names). */
export type OnlineChannel = "card" | "mobile_money";

export type PaymentAttempt = typeof paymentAttempts.$inferSelect;

/** What the shop has verified about a transaction (from Paystack's verify call or a signed webhook). */
export interface VerifiedTransaction {
  status: string;
  /** In the currency's subunit (pesewas). */
  amount: number;
  currency: string;
  channel: string | null;
  paidAt: Date | null;
  fees: number | null;
  card: { brand: string | null; last4: string | null } | null;
  mobileMoney: { network: string | null; maskedNumber: string | null } | null;
  gatewayResponse: string | null;
}

/** How applying a verified transaction ended. */
export type PaymentOutcome = "paid" | "already-paid" | "pending" | "failed" | "abandoned" | "mismatch" | "unknown-reference";

/** A fresh reference nobody can guess: 16 random bytes, URL-safe. */
export function newPaymentReference(): string {
  return `AHF-${crypto.randomBytes(16).toString("base64url")}`;
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
 *   email), whatever else runs at the same time: replays, duplicates, a webhook racing the
 *   callback all end in one paid transition;
 * - success for another amount or currency: recorded as a mismatch for staff, never paid;
 * - failed, abandoned: recorded (a later success on the same reference still wins);
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
      await tx
        .update(paymentAttempts)
        .set({ ...details, status: "success", paidAt: verified.paidAt ?? now })
        .where(eq(paymentAttempts.id, attempt.id));
      const { changed } = await changePaymentStatus(tx, attempt.orderId, "paid", {
        changedBy: "Paystack",
        notes: `Paid online (${describeMethod(verified)}), reference ${reference}`,
        notifyCustomer: true,
        ...sender,
      });
      return changed ? "paid" : "already-paid";
    }
    if (FINAL_FAILURES.has(verified.status)) {
      const status = verified.status === "abandoned" ? "abandoned" : "failed";
      if (attempt.status !== status)
        await tx
          .update(paymentAttempts)
          .set({ ...details, status })
          .where(eq(paymentAttempts.id, attempt.id));
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
