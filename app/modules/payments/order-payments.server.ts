import { eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { orders } from "~db/schema/orders";
import { orderIdSchema } from "~/modules/orders/order-filters.schema";
import { describeMethod, paymentAttemptsOf, type PaymentAttempt } from "./payment-attempts.server";
import { REFUNDABLE_PAYMENT_STATUSES, refundOrderColumns, refundPosition, refundsOf, type RefundRow } from "./refund-ledger.server";

/**
 * An order's payments as staff see them in the order's details: every online payment attempt
 * (what Paystack reported, a mismatch flagged), every refund, and whether and how much can be
 * refunded now. Plain data for the loader: money in pesewas, dates as ISO strings.
 */

export interface StaffPaymentAttempt {
  id: string;
  reference: string;
  /** created, pending, success, failed, abandoned, mismatch (payment_attempts.status). */
  status: string;
  amount: number;
  currency: string;
  channel: string | null;
  /** "Visa •••• 4081", "MTN mobile money •••789"; null until Paystack has said. */
  method: string | null;
  paidAt: string | null;
  fees: number | null;
  gatewayMessage: string | null;
  createdAt: string;
}

export interface StaffRefund {
  id: string;
  provider: "paystack" | "manual";
  status: "pending" | "processed" | "failed";
  amount: number;
  currency: string;
  reason: string;
  requestedBy: string;
  providerRefundId: string | null;
  failureMessage: string | null;
  createdAt: string;
  processedAt: string | null;
}

export interface StaffRefundability {
  /** paystack: the refund goes to Paystack; manual: recorded only. */
  provider: "paystack" | "manual";
  paid: number;
  processed: number;
  pending: number;
  /** The most one refund can take now (pesewas); 0 when none can be made. */
  refundable: number;
  /** Why no refund can be made now, in words for staff; null when one can. */
  unavailable: string | null;
}

export interface StaffOrderPayments {
  attempts: StaffPaymentAttempt[];
  refunds: StaffRefund[];
  refund: StaffRefundability;
}

export async function orderPaymentsForStaff(
  db: Db,
  orderId: string,
  options: { paystackConnected: boolean },
): Promise<StaffOrderPayments | null> {
  if (!orderIdSchema.safeParse(orderId).success) return null;
  const [order] = await db.select(refundOrderColumns).from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const [attempts, rows, position] = await Promise.all([paymentAttemptsOf(db, orderId), refundsOf(db, orderId), refundPosition(db, order)]);
  let unavailable: string | null = null;
  if (order.paymentStatus === "refunded") unavailable = "This order has been refunded in full.";
  else if (!REFUNDABLE_PAYMENT_STATUSES.includes(order.paymentStatus)) unavailable = "Only a paid order can be refunded.";
  else if (position.provider === "paystack" && !options.paystackConnected)
    unavailable = "Paystack is not connected: refund this payment in the Paystack dashboard, or connect Paystack (Settings → Payments).";
  else if (position.refundable === 0)
    unavailable =
      position.pending > 0 ? "Nothing more can be refunded until Paystack confirms the pending refund." : "Nothing more can be refunded.";
  return {
    attempts: attempts.map(toStaffAttempt),
    refunds: rows.map(toStaffRefund),
    refund: {
      provider: position.provider,
      paid: position.paid,
      processed: position.processed,
      pending: position.pending,
      refundable: unavailable ? 0 : position.refundable,
      unavailable,
    },
  };
}

function toStaffAttempt(a: PaymentAttempt): StaffPaymentAttempt {
  const reported = a.channel !== null || a.cardLast4 !== null || a.mobileNetwork !== null;
  return {
    id: a.id,
    reference: a.reference,
    status: a.status,
    amount: Number(a.amount),
    currency: a.currency,
    channel: a.channel ?? a.requestedChannel,
    method: reported
      ? describeMethod({
          channel: a.channel,
          card: a.cardLast4 || a.cardBrand ? { brand: a.cardBrand, last4: a.cardLast4 } : null,
          mobileMoney: a.channel === "mobile_money" ? { network: a.mobileNetwork, maskedNumber: a.mobileNumberMasked } : null,
        })
      : null,
    paidAt: a.paidAt?.toISOString() ?? null,
    fees: a.fees === null ? null : Number(a.fees),
    gatewayMessage: a.gatewayMessage,
    createdAt: a.createdAt.toISOString(),
  };
}

function toStaffRefund(r: RefundRow): StaffRefund {
  return {
    id: r.id,
    provider: r.provider === "manual" ? "manual" : "paystack",
    status: r.status === "processed" || r.status === "failed" ? r.status : "pending",
    amount: Number(r.amount),
    currency: r.currency,
    reason: r.reason,
    requestedBy: r.requestedBy,
    providerRefundId: r.providerRefundId,
    failureMessage: r.failureMessage,
    createdAt: r.createdAt.toISOString(),
    processedAt: r.processedAt?.toISOString() ?? null,
  };
}
