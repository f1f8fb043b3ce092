import crypto from "node:crypto";
import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "~db/client";
import { orders, orderStatusHistory } from "~db/schema/orders";
import { paymentAttempts } from "~db/schema/payments";
import { recordedPayments } from "~db/schema/staff-orders";
import { staffPaymentMethodLabels } from "~/modules/staff-orders/sales-channels";
import { markPaymentLinksPaid } from "./payment-link-rows.server";
import type { StatusEmailSender } from "~/modules/orders/order-emails.server";
import { raiseOwnerAlert } from "~/modules/owner-alerts/owner-alerts.server";
import { alertStaffOnOrder } from "./payment-alerts.server";
import { queuePaymentFailed, queuePaymentReceipt } from "./payment-emails.server";
import { amountDueNow } from "./order-balance";
import { receivePayment } from "./receive-payment.server";
import { refundMoney } from "./refund-email.server";
import type { VerifiedPaystackTransaction } from "./paystack-client.server";

/** The channels a shopper can pay through online (Paystack's names). */
export type OnlineChannel = "card" | "mobile_money";

export type PaymentAttempt = typeof paymentAttempts.$inferSelect;

/** What the shop has verified about a transaction (from Paystack's verify call or a signed webhook). */
export type VerifiedTransaction = Pick<
  VerifiedPaystackTransaction,
  "status" | "amount" | "currency" | "channel" | "paidAt" | "fees" | "card" | "mobileMoney" | "gatewayResponse"
> &
  Partial<Pick<VerifiedPaystackTransaction, "id" | "requestedAmount">>;

/**
 * How applying a verified transaction ended; extra-payment: a success on an order another
 * attempt had already paid (the customer was charged twice): recorded, and staff alerted.
 */
export type PaymentOutcome =
  "paid" | "already-paid" | "extra-payment" | "pending" | "failed" | "abandoned" | "mismatch" | "unknown-reference";

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

/** Whether a Paystack reference is one of the shop's payment attempts. */
export async function isPaymentReference(db: Db, reference: string): Promise<boolean> {
  const [found] = await db.select({ id: paymentAttempts.id }).from(paymentAttempts).where(eq(paymentAttempts.reference, reference));
  return found !== undefined;
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
 * - success for another amount or currency: recorded as a mismatch for staff, never paid. The
 *   amount compared is what the shop asked for (`requested_amount` where Paystack sends it: its
 *   `amount` includes the fees when the customer bears them), else `amount`;
 * - success on an order another attempt had already paid: the customer paid twice; the attempt
 *   is recorded as paid (the money was taken) and marked an extra payment, the history and a
 *   staff note say so, the admins are emailed, and the refund form offers to refund it;
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
      ...(verified.id ? { providerTransactionId: verified.id } : {}),
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
      const asked = verified.requestedAmount ?? verified.amount;
      if (asked !== attempt.amount || verified.currency !== attempt.currency) {
        await tx
          .update(paymentAttempts)
          .set({
            ...details,
            status: "mismatch",
            gatewayMessage: `Paystack reported ${verified.currency} ${asked / 100} for a charge of ${attempt.currency} ${attempt.amount / 100}: not marked paid.`,
          })
          .where(eq(paymentAttempts.id, attempt.id));
        // Once per attempt (a replay finds it a mismatch already): the owner hears in the next digest.
        if (attempt.status !== "mismatch") await raiseMismatchAlert(tx, attempt, { amount: asked, currency: verified.currency });
        return "mismatch";
      }
      const paidAt = verified.paidAt ?? now;
      // The order's row is locked too (attempt first, then order: the payment hold's order), so
      // two attempts of one order succeeding at once are applied one after the other.
      const [order] = await tx
        .select({
          id: orders.id,
          orderStatus: orders.orderStatus,
          orderNumber: orders.orderNumber,
          paymentStatus: orders.paymentStatus,
          totalAmount: orders.totalAmount,
          paidAmount: orders.paidAmount,
          depositAmount: orders.depositAmount,
          currency: orders.currency,
        })
        .from(orders)
        .where(eq(orders.id, attempt.orderId))
        .for("update");
      // Paid already (online, or money staff recorded meanwhile): this one is an extra payment.
      // An order whose deposit came in still owes its balance: this payment counts towards it.
      const owing = order !== undefined && amountDueNow(order) !== null;
      const paidBefore = order && !owing ? await paidBeforeOf(tx, attempt.orderId, reference) : undefined;
      await tx
        .update(paymentAttempts)
        .set({ ...details, status: "success", paidAt, extraPayment: paidBefore !== undefined })
        .where(eq(paymentAttempts.id, attempt.id));
      const method = describeMethod(verified);
      if (paidBefore && order) {
        await recordExtraPayment(
          tx,
          { orderId: attempt.orderId, orderNumber: order.orderNumber },
          { reference, paidBefore: paidBefore.reference, amount: attempt.amount, currency: attempt.currency, method },
          sender,
        );
        return "extra-payment";
      }
      if (!order) return "already-paid";
      const afterCancel = order.orderStatus === "cancelled" ? " after the order was cancelled: refund it or reactivate the order" : "";
      // The receipt below replaces the generic payment-status email (one email per payment).
      await receivePayment(tx, order, attempt.amount, {
        changedBy: "Paystack",
        notes: `Paid online (${method}), reference ${reference}${afterCancel}`,
      });
      await tx.update(orders).set({ paymentDueAt: null }).where(eq(orders.id, attempt.orderId));
      await markPaymentLinksPaid(tx, attempt.orderId, paidAt);
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

/** What paid the order before an extra payment: its earlier online payment, else a payment staff recorded. */
async function paidBeforeOf(tx: Db, orderId: string, reference: string): Promise<{ reference: string }> {
  const [paidOnline] = await tx
    .select({ reference: paymentAttempts.reference })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, "success"), ne(paymentAttempts.reference, reference)))
    .orderBy(desc(paymentAttempts.paidAt))
    .limit(1);
  return paidOnline ?? (await recordedPaymentOf(tx, orderId)) ?? { reference: "marked paid by staff" };
}

/** A payment staff recorded on the order (recorded-payments.server.ts), named as the "paid before" of an extra payment. */
async function recordedPaymentOf(tx: Db, orderId: string): Promise<{ reference: string } | undefined> {
  const [recorded] = await tx
    .select({ method: recordedPayments.method, reference: recordedPayments.reference })
    .from(recordedPayments)
    .where(eq(recordedPayments.orderId, orderId))
    .limit(1);
  if (!recorded) return undefined;
  const method = staffPaymentMethodLabels[recorded.method] ?? recorded.method;
  return { reference: `${method} recorded by staff${recorded.reference ? `, ${recorded.reference}` : ""}` };
}

/**
 * A second success on an order already paid: the history and a staff note say what happened
 * and what to do, and the admins are emailed (once: the attempt is success from now on).
 */
async function recordExtraPayment(
  tx: Db,
  order: { orderId: string; orderNumber: string },
  payment: { reference: string; paidBefore: string; amount: number; currency: string; method: string },
  sender: StatusEmailSender,
): Promise<void> {
  const amount = refundMoney(payment.amount, payment.currency);
  const body =
    `Paid twice: a second payment of ${amount} (${payment.method}, reference ${payment.reference}) came in after the order was ` +
    `already paid (reference ${payment.paidBefore}). The customer was charged twice: refund the extra payment from the order's ` +
    `Payments section unless they asked for it.`;
  const [current] = await tx
    .select({ status: orders.orderStatus, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, order.orderId));
  await tx.insert(orderStatusHistory).values({
    orderId: order.orderId,
    status: current!.status,
    paymentStatus: current!.paymentStatus,
    notes: body,
    changedBy: "Paystack",
  });
  await alertStaffOnOrder(
    tx,
    { id: order.orderId, orderNumber: order.orderNumber },
    {
      author: "Paystack",
      subject: `Paid twice — order ${order.orderNumber}`,
      heading: `Order ${order.orderNumber} was paid twice`,
      body,
      kind: "extra-payment-alert",
    },
    sender,
  );
}

/** Tells the owner (owner-alerts) of a payment for another amount or currency than the attempt's. */
async function raiseMismatchAlert(tx: Db, attempt: PaymentAttempt, reported: { amount: number; currency: string }): Promise<void> {
  const [order] = await tx.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, attempt.orderId));
  const orderNumber = order?.orderNumber ?? "unknown";
  await raiseOwnerAlert(tx, {
    kind: "payment-mismatch",
    message:
      `Order ${orderNumber}: Paystack reported ${refundMoney(reported.amount, reported.currency)} for a charge of ` +
      `${refundMoney(attempt.amount, attempt.currency)} (reference ${attempt.reference}); the order was not marked paid.`,
    details: { orderNumber, reference: attempt.reference },
  });
}

/** "Visa •••• 4081", "MTN mobile money •••987", or the channel's name. */
export function describeMethod(paid: Pick<VerifiedTransaction, "channel" | "card" | "mobileMoney">): string {
  if (paid.card?.last4) return `${capitalise(paid.card.brand ?? "card")} •••• ${paid.card.last4}`;
  if (paid.mobileMoney) {
    const network = paid.mobileMoney.network ?? "Mobile";
    // Paystack names some networks in full ("MTN Mobile Money"): not "MTN Mobile Money mobile money".
    const label = /mobile money|momo/i.test(network) ? network : `${network} mobile money`;
    return `${label}${paid.mobileMoney.maskedNumber ? ` ${paid.mobileMoney.maskedNumber}` : ""}`;
  }
  return paid.channel === "mobile_money" ? "mobile money" : (paid.channel ?? "online");
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
