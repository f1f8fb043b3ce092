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
