import { eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { orders } from "~db/schema/orders";
import { paymentAttempts, paymentDisputes } from "~db/schema/payments";
import { formatDateTimeWithZone } from "~/lib/dates";
import type { StatusEmailSender } from "~/modules/orders/order-emails.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { describeResolution } from "./dispute-words";
import { raiseOwnerAlert } from "~/modules/owner-alerts/owner-alerts.server";
import { alertStaffOnOrder } from "./payment-alerts.server";
import type { DisputeEventName, PaystackDispute } from "./paystack-client.server";
import { claimProviderEvent } from "./provider-events.server";
import { refundMoney } from "./refund-email.server";

/**
 * Disputes (chargebacks) on the shop's Paystack payments, from Paystack's `charge.dispute.create`,
 * `charge.dispute.remind` and `charge.dispute.resolve` events (docs/product-rules.md §7). A
 * dispute has a deadline: staff must answer it in Paystack's dashboard before `dueAt`, or the
 * money goes back to the customer. So each one is stored (payment_disputes), shown on the order
 * and on the dashboard with its due date, and written on the order as a staff note and emailed
 * to the admins when it opens, on each reminder and when it is resolved. The shop does not
 * answer disputes itself: the evidence is uploaded in Paystack's dashboard.
 */

/**
 * - opened: first heard of (from any of the three events); reminded / resolved / updated: known
 *   dispute, now in the event's state;
 * - stale: an event older than what the shop already has (Paystack's updated_at): nothing changed;
 * - duplicate: this very event (same signed body) was applied before;
 * - unknown-dispute: about a transaction that is not one of the shop's.
 */
export type DisputeEventOutcome = "opened" | "reminded" | "resolved" | "updated" | "stale" | "duplicate" | "unknown-dispute";

export async function applyDisputeEvent(
  db: Db,
  event: DisputeEventName,
  dispute: PaystackDispute,
  sender: StatusEmailSender,
  options: { fingerprint?: string } = {},
): Promise<DisputeEventOutcome> {
  const { timezone } = await getStoreSettings(db);
  return db.transaction(async (tx): Promise<DisputeEventOutcome> => {
    if (options.fingerprint && !(await claimProviderEvent(tx, options.fingerprint, event))) return "duplicate";
    const [attempt] = await tx
      .select({ id: paymentAttempts.id, orderId: paymentAttempts.orderId })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.reference, dispute.transactionReference));
    if (!attempt) return "unknown-dispute";
    // The order's lock orders this event after any other about the same order.
    const [order] = await tx
      .select({ id: orders.id, orderNumber: orders.orderNumber })
      .from(orders)
      .where(eq(orders.id, attempt.orderId))
      .for("update");
    if (!order) return "unknown-dispute";
    const [known] = await tx.select().from(paymentDisputes).where(eq(paymentDisputes.providerDisputeId, dispute.id)).for("update");
    if (known?.providerUpdatedAt && dispute.updatedAt && dispute.updatedAt < known.providerUpdatedAt) return "stale";

    const resolved = event === "charge.dispute.resolve" || dispute.status === "resolved";
    const values = {
      status: dispute.status,
      resolution: dispute.resolution,
      category: dispute.category,
      amount: dispute.amount,
      currency: dispute.currency,
      dueAt: dispute.dueAt,
      resolvedAt: resolved ? (dispute.resolvedAt ?? new Date()) : null,
      providerUpdatedAt: dispute.updatedAt ?? known?.providerUpdatedAt ?? null,
      updatedAt: new Date(),
    };
    if (known) {
      await tx.update(paymentDisputes).set(values).where(eq(paymentDisputes.id, known.id));
    } else {
      await tx.insert(paymentDisputes).values({
        ...values,
        orderId: order.id,
        paymentAttemptId: attempt.id,
        providerDisputeId: dispute.id,
        transactionReference: dispute.transactionReference,
        customerMessage: dispute.message,
      });
    }
    const alert = disputeAlert(order.orderNumber, event, dispute, resolved, timezone);
    // The owner hears of it in the next digest too, once per staff note (a replay writes neither).
    if (await alertStaffOnOrder(tx, order, alert, sender)) {
      await raiseOwnerAlert(tx, {
        kind: "dispute",
        message: `${alert.heading}. ${alert.body}`,
        details: { orderNumber: order.orderNumber, disputeId: dispute.id },
      });
    }
    if (!known) return "opened";
    return resolved ? "resolved" : event === "charge.dispute.remind" ? "reminded" : "updated";
  });
}

function disputeAlert(orderNumber: string, event: DisputeEventName, dispute: PaystackDispute, resolved: boolean, timeZone: string) {
  const amount = refundMoney(dispute.amount, dispute.currency);
  const kind = dispute.category === "fraud-claim" ? "fraud claim" : "chargeback";
  const due = dispute.dueAt ? formatDateTimeWithZone(dispute.dueAt, timeZone) : null;
  const what = `the customer's bank disputes ${amount} of payment ${dispute.transactionReference} (${kind}, Paystack dispute ${dispute.id})`;
  const todo =
    `Answer it in the Paystack dashboard (Disputes)${due ? ` before ${due}` : ""}: upload the proof of delivery, ` +
    `or accept it. If nobody answers in time, Paystack gives the money back to the customer.`;
  const said = dispute.message ? ` The complaint: "${dispute.message}"` : "";
  if (resolved) {
    return {
      author: "Paystack",
      subject: `Dispute resolved — order ${orderNumber}`,
      heading: `The dispute on order ${orderNumber} is resolved`,
      body: `Dispute resolved: ${describeResolution(dispute.resolution)} (${amount}, payment ${dispute.transactionReference}, Paystack dispute ${dispute.id}).`,
      kind: "dispute-alert",
    };
  }
  const reminder = event === "charge.dispute.remind";
  // Each reminder says when Paystack sent it: Paystack reminds more than once as the due date
  // comes closer, and a note with the same text as one already written would be taken for a replay.
  const remindedAt = formatDateTimeWithZone(dispute.updatedAt ?? new Date(), timeZone);
  return {
    author: "Paystack",
    subject: `${reminder ? "Reminder: answer the dispute" : "Dispute opened"} on order ${orderNumber}${due ? ` by ${due}` : ""}`,
    heading: reminder
      ? `The dispute on order ${orderNumber} still needs your answer`
      : `A customer disputes a payment on order ${orderNumber}`,
    body: `${reminder ? `Reminder (Paystack, ${remindedAt})` : "Dispute opened"}: ${what}. ${todo}${said}`,
    kind: "dispute-alert",
  };
}
