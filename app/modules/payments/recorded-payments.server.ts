import { eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { orders } from "~db/schema/orders";
import { recordedPayments } from "~db/schema/staff-orders";
import { formatMoneyWithCode, currencySymbols, type CurrencyCode } from "~/lib/money";
import type { StatusEmailSender } from "~/modules/orders/order-emails.server";
import { isOnlinePayment } from "~/modules/orders/order-constants";
import { recordedPaymentMethods, type RecordedPaymentMethod } from "~/modules/staff-orders/sales-channels";
import { balanceOf, recordableAmounts } from "./order-balance";
import { markPaymentLinksPaid } from "./payment-link-rows.server";
import { receivePayment } from "./receive-payment.server";
import { queuePaymentReceipt } from "./payment-emails.server";

/**
 * Money staff took outside Paystack (issue 46, parts 2 and 3): cash in the showroom, mobile money
 * sent to the shop's own number, a bank transfer. Recorded with its method, reference and who, in
 * one transaction with the order's row locked: what came in is added to the order
 * (receivePayment: paid, or deposit paid with its balance due), the order stops being held, its
 * open payment links close once it is paid, the history says who recorded what, and the customer
 * gets the receipt. The form chooses the payment's id, so a form sent twice records one payment.
 * The amount is one the order asks for as the database has it (what is due now, e.g. its
 * deposit, or everything it still owes): any other figure is refused, so neither a stale form nor
 * a forged one can record a sum the order does not ask.
 */
export interface RecordPaymentInput {
  paymentId: string;
  orderId: string;
  method: RecordedPaymentMethod;
  reference: string;
  /** The amount the form offered, in pesewas: what is due now or everything owed. */
  amount: number;
  by: { name: string; userId: string | null };
}

export type RecordPaymentResult = { ok: true; recorded: boolean; balance: number } | { ok: false; message: string };

export async function recordPayment(db: Db, input: RecordPaymentInput, sender: StatusEmailSender): Promise<RecordPaymentResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
    if (!order) return { ok: false, message: "No such order." };
    const [again] = await tx.select({ id: recordedPayments.id }).from(recordedPayments).where(eq(recordedPayments.id, input.paymentId));
    if (again) return { ok: true, recorded: false, balance: balanceOf(order) };
    if (order.orderStatus === "cancelled")
      return { ok: false, message: "This order is cancelled. Reactivate it before recording a payment." };
    const amounts = recordableAmounts(order);
    if (amounts.length === 0) return { ok: false, message: "This order is already paid: nothing was recorded." };
    const currency = (order.currency in currencySymbols ? order.currency : "GHS") as CurrencyCode;
    if (!amounts.includes(input.amount))
      return {
        ok: false,
        message: `The order now owes ${formatMoneyWithCode(balanceOf(order), currency)}. Reload the order and record what was paid again.`,
      };
    const now = new Date();
    await tx.insert(recordedPayments).values({
      id: input.paymentId,
      orderId: order.id,
      method: input.method,
      reference: input.reference,
      amount: input.amount,
      currency: order.currency,
      recordedBy: input.by.name,
      recordedByUserId: input.by.userId,
      createdAt: now,
    });
    const label = recordedPaymentMethods.find((m) => m.value === input.method)!.label;
    const received = await receivePayment(tx, order, input.amount, {
      changedBy: input.by.name,
      notes: `Paid: ${label}, ${formatMoneyWithCode(input.amount, currency)}${input.reference ? `, reference ${input.reference}` : ""}, recorded by ${input.by.name}`,
    });
    // An order waiting for a link or an online payment now says how it was paid, and holds nothing.
    const method = order.paymentMethod === "payment_link" || isOnlinePayment(order.paymentMethod) ? input.method : order.paymentMethod;
    await tx.update(orders).set({ paymentMethod: method, paymentDueAt: null, updatedAt: now }).where(eq(orders.id, order.id));
    await markPaymentLinksPaid(tx, order.id, now);
    await queuePaymentReceipt(
      tx,
      { orderId: order.id, amount: input.amount, method: label, paidAt: now, reference: input.reference || `recorded by ${input.by.name}` },
      sender,
    );
    return { ok: true, recorded: true, balance: received.balance };
  });
}

/** An order's recorded payments, oldest first, for staff. */
export function recordedPaymentsOf(db: Db, orderId: string) {
  return db.select().from(recordedPayments).where(eq(recordedPayments.orderId, orderId)).orderBy(recordedPayments.createdAt);
}
