import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
     * created → the shop has no checkout page for it yet (never sent, or Paystack's answer was
     * lost: `sentAt` says which; Pay now then opens a new attempt, this one stays for the hold
     * to verify); pending → Paystack's checkout is open; success | failed | abandoned as
     * verified; mismatch → Paystack reported another amount or currency: never paid, shown to staff.
     */
    status: text("status").notNull().default("created"),
    /** When the shop asked Paystack to initialise it (null: never sent, so it may be sent now). */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Paystack's own id of the transaction (verify, charge events): refunds list by it. */
    providerTransactionId: text("provider_transaction_id"),
    /**
     * A success on an order another attempt had already paid (an open mobile money prompt and a
     * new try both approved): the customer was charged twice; staff are told and offered the
     * refund of this payment, which does not change the order's own payment status.
     */
    extraPayment: boolean("extra_payment").notNull().default(false),
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
    /** Paystack's refund reference (`refund_reference` in its refund events, "TRF_…"), once named. */
    providerRefundReference: text("provider_refund_reference").unique(),
    /** Pesewas. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    /**
     * Paystack's refund states (docs/product-rules.md §7): pending → processing → processed
     * (final) | failed (final: the money did not go back) | needs_attention (Paystack needs the
     * customer's account details; retried from its dashboard). unconfirmed: sent, but Paystack's
     * answer was lost (time-out, 5xx): it may have been queued, so its amount stays reserved until
     * the shop has asked Paystack (refund-confirmation.server.ts) or an event has settled it.
     */
    status: text("status").notNull().default("pending"),
    reason: text("reason").notNull(),
    /** The staff member who asked for it (name or email), and their account. */
    requestedBy: text("requested_by").notNull(),
    requestedByUserId: text("requested_by_user_id"),
    /** Why it failed or needs staff: Paystack's refusal or state, in words for staff. */
    failureMessage: text("failure_message"),
    /** When the shop last asked Paystack about this refund (unconfirmed ones). */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId, t.createdAt.desc()),
    index("refunds_transaction_idx")
      .on(t.transactionReference, t.createdAt)
      .where(sql`${t.transactionReference} is not null`),
    // The dashboard's "Payments that need you" and the unconfirmed-refund round read only these.
    index("refunds_attention_idx")
      .on(t.updatedAt)
      .where(sql`${t.status} in ('failed', 'needs_attention', 'unconfirmed')`),
    check("refunds_amount_positive", sql`${t.amount} > 0`),
    check("refunds_status_known", sql`${t.status} in ('pending', 'processing', 'processed', 'failed', 'needs_attention', 'unconfirmed')`),
    check("refunds_provider_known", sql`${t.provider} in ('paystack', 'manual')`),
  ],
);

/**
 * A dispute (chargeback) a customer opened with their bank on one of the shop's Paystack
 * payments (`charge.dispute.create / remind / resolve`). Staff must answer in Paystack's
 * dashboard before `dueAt` or the money goes back to the customer: the order and the dashboard
 * show it, and the owner is emailed when it opens, on each reminder and when it is resolved.
 */
export const paymentDisputes = pgTable(
  "payment_disputes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    paymentAttemptId: uuid("payment_attempt_id").references(() => paymentAttempts.id, { onDelete: "set null" }),
    /** Paystack's dispute id. */
    providerDisputeId: text("provider_dispute_id").notNull().unique(),
    transactionReference: text("transaction_reference").notNull(),
    /** Paystack's words: awaiting-merchant-feedback, awaiting-bank-feedback, pending, resolved… */
    status: text("status").notNull(),
    /** Once resolved: merchant-accepted, declined, auto-accepted… */
    resolution: text("resolution"),
    /** chargeback or fraud-claim. */
    category: text("category"),
    /** What the customer asks back (pesewas). */
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    /** Staff must answer in Paystack's dashboard before this. */
    dueAt: timestamp("due_at", { withTimezone: true }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** What the customer or their bank said first (Paystack's `messages`), trimmed. */
    customerMessage: text("customer_message"),
    /** Paystack's `updated_at` of the newest event applied: an older or repeated one changes nothing. */
    providerUpdatedAt: timestamp("provider_updated_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payment_disputes_order_idx").on(t.orderId, t.createdAt.desc()),
    index("payment_disputes_open_idx")
      .on(t.dueAt)
      .where(sql`${t.resolvedAt} is null`),
    check("payment_disputes_amount_positive", sql`${t.amount} >= 0`),
  ],
);

/**
 * Paystack events already applied, by the SHA-256 of their signed body: Paystack re-sends the
 * same body until it gets a 200, so a body seen before is a delivery of an event already
 * handled. Written in the same transaction as the event's effect (refund and dispute events,
 * whose bodies may name no id to deduplicate on); pruned after 30 days.
 */
export const paymentProviderEvents = pgTable(
  "payment_provider_events",
  {
    fingerprint: text("fingerprint").primaryKey(),
    event: text("event").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_provider_events_received_idx").on(t.receivedAt)],
);
