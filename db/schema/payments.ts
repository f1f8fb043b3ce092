import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";

/**
 * One try at paying an order online (issue 11): created with the order (or by Pay now), its
 * reference unguessable and unique, sent to Paystack with exactly the order's total. What
 * Paystack later says (verify, webhook) is recorded here only after the shop has checked it:
 * the amount and currency must be this attempt's. Never a card number: brand and last 4, or
 * the mobile network and a masked number.
 */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull().default("paystack"),
    reference: text("reference").notNull().unique(),
    /** Pesewas, from the order's total in the database. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    /** What the shopper chose: card or mobile_money (Paystack's channel names). */
    requestedChannel: text("requested_channel").notNull(),
    /**
     * created → the shop has not reached Paystack yet (or could not: Pay now retries);
     * pending → Paystack's checkout is open; success | failed | abandoned as verified;
     * mismatch → Paystack reported another amount or currency: never paid, shown to staff.
     */
    status: text("status").notNull().default("created"),
    authorizationUrl: text("authorization_url"),
    channel: text("channel"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    fees: bigint("fees", { mode: "number" }),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    mobileNetwork: text("mobile_network"),
    mobileNumberMasked: text("mobile_number_masked"),
    /** Paystack's own words about the outcome ("Approved", "Declined"), or why it was not paid. */
    gatewayMessage: text("gateway_message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payment_attempts_order_idx").on(t.orderId, t.createdAt.desc()),
    check("payment_attempts_amount_positive", sql`${t.amount} > 0`),
    check("payment_attempts_status_known", sql`${t.status} in ('created', 'pending', 'success', 'failed', 'abandoned', 'mismatch')`),
  ],
);

/**
 * Money given back on an order (issue 11, item 8), one row per refund staff ask for. A paid
 * online order's refund goes to Paystack: the row is written (pending) before Paystack is
 * called, with its id as the idempotency key, and only Paystack's refund events (signed
 * webhooks) make it processed or failed; a refusal or an unreachable Paystack marks it failed
 * at once, with the reason. A Pay on Delivery refund is recorded only (provider "manual"):
 * processed when it is written. The order's payment status follows the processed refunds:
 * refunded when they add up to what was paid, else partially_refunded.
 */
export const refunds = pgTable(
  "refunds",
  {
    /** Chosen by the refund form (one per opening), so a resubmitted form refunds once. */
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The paid attempt refunded (online orders); null for Pay on Delivery. */
    paymentAttemptId: uuid("payment_attempt_id").references(() => paymentAttempts.id, { onDelete: "set null" }),
    /** paystack: sent to Paystack; manual: recorded only (Pay on Delivery, refunded by hand). */
    provider: text("provider").notNull(),
    /** The Paystack transaction refunded (the attempt's reference). */
    transactionReference: text("transaction_reference"),
    /** Paystack's refund id, once it has answered (or its event has named it). */
    providerRefundId: text("provider_refund_id").unique(),
    /** Pesewas. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    /** pending → processed | failed (processed is final). */
    status: text("status").notNull().default("pending"),
    reason: text("reason").notNull(),
    /** The staff member who asked for it (name or email), and their account. */
    requestedBy: text("requested_by").notNull(),
    requestedByUserId: text("requested_by_user_id"),
    /** Why it failed: Paystack's refusal, or that Paystack could not be reached. */
    failureMessage: text("failure_message"),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId, t.createdAt.desc()),
    index("refunds_transaction_idx")
      .on(t.transactionReference, t.createdAt)
      .where(sql`${t.transactionReference} is not null`),
    check("refunds_amount_positive", sql`${t.amount} > 0`),
    check("refunds_status_known", sql`${t.status} in ('pending', 'processed', 'failed')`),
    check("refunds_provider_known", sql`${t.provider} in ('paystack', 'manual')`),
  ],
);
