import { and, asc, desc, eq, gte, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { orders } from "~db/schema/orders";
import { paymentDisputes, refunds } from "~db/schema/payments";
import { CLOSED_DISPUTE_STATUSES } from "./dispute-words";

/**
 * "Payments that need you" on the admin dashboard: the disputes (chargebacks) still open, most
 * urgent first, and the refunds staff must look at: failed in the last 30 days (the customer
 * did not get the money), needing attention (Paystack needs the customer's details), or
 * unconfirmed (Paystack's answer was lost: it may have been made). One query each.
 */

/** Each list shows at most this many; `more` says there are others. */
export const PAYMENTS_ATTENTION_LIMIT = 10;
/** Failed refunds are listed for this long after they failed. */
export const FAILED_REFUND_DAYS = 30;

export interface AttentionDispute {
  id: string;
  orderId: string;
  orderNumber: string;
  category: string | null;
  status: string;
  amount: number;
  currency: string;
  dueAt: string | null;
  overdue: boolean;
}

export interface AttentionRefund {
  id: string;
  orderId: string;
  orderNumber: string;
  status: "failed" | "needs_attention" | "unconfirmed";
  amount: number;
  currency: string;
  /** When it last changed (failed, flagged, or sent without an answer). */
  at: string;
}

export interface PaymentsAttention {
  disputes: AttentionDispute[];
  refunds: AttentionRefund[];
  /** More than PAYMENTS_ATTENTION_LIMIT of each. */
  moreDisputes: boolean;
  moreRefunds: boolean;
}

const ATTENTION_REFUND_STATUSES = ["failed", "needs_attention", "unconfirmed"] as const;

export async function paymentsNeedingAttention(db: Db, now: Date = new Date()): Promise<PaymentsAttention> {
  const failedSince = new Date(now.getTime() - FAILED_REFUND_DAYS * 24 * 60 * 60 * 1000);
  const [disputeRows, refundRows] = await Promise.all([
    // payment_disputes_open_idx (due_at where resolved_at is null): open ones, soonest due first.
    db
      .select({
        id: paymentDisputes.id,
        orderId: paymentDisputes.orderId,
        orderNumber: orders.orderNumber,
        category: paymentDisputes.category,
        status: paymentDisputes.status,
        amount: paymentDisputes.amount,
        currency: paymentDisputes.currency,
        dueAt: paymentDisputes.dueAt,
      })
      .from(paymentDisputes)
      .innerJoin(orders, eq(orders.id, paymentDisputes.orderId))
      .where(and(isNull(paymentDisputes.resolvedAt), notInArray(paymentDisputes.status, [...CLOSED_DISPUTE_STATUSES])))
      .orderBy(sql`${paymentDisputes.dueAt} asc nulls last`, asc(paymentDisputes.id))
      .limit(PAYMENTS_ATTENTION_LIMIT + 1),
    // Refunds are few beside orders; no index on status yet (see the report to the lead).
    db
      .select({
        id: refunds.id,
        orderId: refunds.orderId,
        orderNumber: orders.orderNumber,
        status: refunds.status,
        amount: refunds.amount,
        currency: refunds.currency,
        at: refunds.updatedAt,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(
        or(
          inArray(refunds.status, ["needs_attention", "unconfirmed"]),
          and(eq(refunds.status, "failed"), gte(refunds.updatedAt, failedSince)),
        ),
      )
      .orderBy(desc(refunds.updatedAt), asc(refunds.id))
      .limit(PAYMENTS_ATTENTION_LIMIT + 1),
  ]);
  return {
    disputes: disputeRows.slice(0, PAYMENTS_ATTENTION_LIMIT).map((d) => ({
      ...d,
      amount: Number(d.amount),
      dueAt: d.dueAt?.toISOString() ?? null,
      overdue: d.dueAt !== null && d.dueAt.getTime() < now.getTime(),
    })),
    refunds: refundRows.slice(0, PAYMENTS_ATTENTION_LIMIT).map((r) => ({
      ...r,
      status: (ATTENTION_REFUND_STATUSES as readonly string[]).includes(r.status) ? (r.status as AttentionRefund["status"]) : "failed",
      amount: Number(r.amount),
      at: r.at.toISOString(),
    })),
    moreDisputes: disputeRows.length > PAYMENTS_ATTENTION_LIMIT,
    moreRefunds: refundRows.length > PAYMENTS_ATTENTION_LIMIT,
  };
}
