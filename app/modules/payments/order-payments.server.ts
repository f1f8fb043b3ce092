import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { orders } from "~db/schema/orders";
import { paymentDisputes } from "~db/schema/payments";
import { orderIdSchema } from "~/modules/orders/order-filters.schema";
import { isOpenDispute } from "./dispute-words";
import { describeMethod, paymentAttemptsOf, type PaymentAttempt } from "./payment-attempts.server";
import { REFUNDABLE_PAYMENT_STATUSES, refundOrderColumns, refundPosition, refundsOf, type RefundRow } from "./refund-ledger.server";

/**
 * An order's payments as staff see them in the order's details: every online payment attempt
 * (what Paystack reported, a mismatch or a second payment flagged), every refund in Paystack's
 * state, the disputes (chargebacks) customers opened with their bank, and whether and how much
 * can be refunded now. Plain data for the loader: money in pesewas, dates as ISO strings.
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
  /** A success on an order another attempt had already paid: the customer was charged twice. */
  extraPayment: boolean;
  createdAt: string;
}

/** Paystack's refund states (refunds.status), and unconfirmed: sent, but its answer was lost. */
export const STAFF_REFUND_STATUSES = ["pending", "processing", "processed", "failed", "needs_attention", "unconfirmed"] as const;
export type StaffRefundStatus = (typeof STAFF_REFUND_STATUSES)[number];

export interface StaffRefund {
  id: string;
  provider: "paystack" | "manual";
  status: StaffRefundStatus;
  amount: number;
  currency: string;
  reason: string;
  requestedBy: string;
  providerRefundId: string | null;
  /** Paystack's refund reference ("TRF_…"), once its answer or an event has named it. */
  providerRefundReference: string | null;
  /** What happened and what to do (failed, needs attention, unconfirmed), in words for staff. */
  failureMessage: string | null;
  createdAt: string;
  processedAt: string | null;
}

/**
 * A dispute (chargeback or fraud claim) on one of the order's Paystack payments, as the lead's
 * event handler stored it (payment_disputes). `open` until Paystack resolves it; `overdue` when
 * open past its due date (at the time of loading).
 */
export interface StaffDispute {
  id: string;
  providerDisputeId: string;
  /** Paystack's words: awaiting-merchant-feedback, awaiting-bank-feedback, pending, resolved… */
  status: string;
  /** Once resolved: merchant-accepted, declined, auto-accepted… */
  resolution: string | null;
  /** chargeback or fraud-claim. */
  category: string | null;
  amount: number;
  currency: string;
  dueAt: string | null;
  resolvedAt: string | null;
  customerMessage: string | null;
  transactionReference: string;
  open: boolean;
  overdue: boolean;
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
  /** Newest first. */
  disputes: StaffDispute[];
  refund: StaffRefundability;
  /** Whether the shop can ask Paystack (Check with Paystack on an unconfirmed refund). */
  paystackConnected: boolean;
}

export async function orderPaymentsForStaff(
  db: Db,
  orderId: string,
  options: { paystackConnected: boolean; now?: Date },
): Promise<StaffOrderPayments | null> {
  if (!orderIdSchema.safeParse(orderId).success) return null;
  const [order] = await db.select(refundOrderColumns).from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const [attempts, rows, position, disputes] = await Promise.all([
    paymentAttemptsOf(db, orderId),
    refundsOf(db, orderId),
    refundPosition(db, order),
    disputesOf(db, orderId),
  ]);
  const now = options.now ?? new Date();
  const unconfirmed = rows.some((r) => r.status === "unconfirmed");
  let unavailable: string | null = null;
  if (order.paymentStatus === "refunded") unavailable = "This order has been refunded in full.";
  else if (!REFUNDABLE_PAYMENT_STATUSES.includes(order.paymentStatus)) unavailable = "Only a paid order can be refunded.";
  else if (position.provider === "paystack" && !options.paystackConnected)
    unavailable = "Paystack is not connected: refund this payment in the Paystack dashboard, or connect Paystack (Settings → Payments).";
  else if (position.refundable === 0)
    unavailable = unconfirmed
      ? "Nothing more can be refunded until Paystack confirms the refund it has not answered for: use Check with Paystack on it."
      : position.pending > 0
        ? "Nothing more can be refunded until Paystack confirms the pending refund."
        : "Nothing more can be refunded.";
  return {
    attempts: attempts.map(toStaffAttempt),
    refunds: rows.map(toStaffRefund),
    disputes: disputes.map((d) => toStaffDispute(d, now)),
    paystackConnected: options.paystackConnected,
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

/** An order's disputes, newest first (payment_disputes_order_idx). */
function disputesOf(db: Db, orderId: string) {
  return db
    .select()
    .from(paymentDisputes)
    .where(eq(paymentDisputes.orderId, orderId))
    .orderBy(desc(paymentDisputes.createdAt), sql`${paymentDisputes.id}`);
}

function toStaffDispute(d: typeof paymentDisputes.$inferSelect, now: Date): StaffDispute {
  const open = isOpenDispute(d);
  return {
    id: d.id,
    providerDisputeId: d.providerDisputeId,
    status: d.status,
    resolution: d.resolution,
    category: d.category,
    amount: Number(d.amount),
    currency: d.currency,
    dueAt: d.dueAt?.toISOString() ?? null,
    resolvedAt: d.resolvedAt?.toISOString() ?? null,
    customerMessage: d.customerMessage,
    transactionReference: d.transactionReference,
    open,
    overdue: open && d.dueAt !== null && d.dueAt.getTime() < now.getTime(),
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
    extraPayment: a.extraPayment,
    createdAt: a.createdAt.toISOString(),
  };
}

function toStaffRefund(r: RefundRow): StaffRefund {
  return {
    id: r.id,
    provider: r.provider === "manual" ? "manual" : "paystack",
    status: isStaffRefundStatus(r.status) ? r.status : "pending",
    amount: Number(r.amount),
    currency: r.currency,
    reason: r.reason,
    requestedBy: r.requestedBy,
    providerRefundId: r.providerRefundId,
    providerRefundReference: r.providerRefundReference,
    failureMessage: r.failureMessage,
    createdAt: r.createdAt.toISOString(),
    processedAt: r.processedAt?.toISOString() ?? null,
  };
}

function isStaffRefundStatus(status: string): status is StaffRefundStatus {
  return (STAFF_REFUND_STATUSES as readonly string[]).includes(status);
}
