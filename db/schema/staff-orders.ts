import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";

/**
 * The ways staff take an order besides the storefront (issue 46): an order's `source` and a
 * draft's `channel` are one of these (app/modules/staff-orders/sales-channels.ts labels them).
 */
const STAFF_CHANNELS_SQL = sql`('whatsapp', 'phone', 'showroom', 'instagram', 'email', 'other')`;

/**
 * An order staff are still putting together (Admin → Orders → New order): the customer, the
 * lines as staff chose them (app/modules/staff-orders/draft-lines.ts), delivery, a discount with
 * its reason and notes. Nothing is priced or reserved until it becomes an order: every view of
 * it prices the lines from the catalog by the checkout's own code. Anyone on staff can pick it
 * up; `order_id` is set, once, in the transaction that places its order.
 */
export const draftOrders = pgTable(
  "draft_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What staff read and say: "DR-4821". */
    reference: text("reference").notNull().unique(),
    channel: text("channel").notNull().default("whatsapp"),
    customerName: text("customer_name").notNull().default(""),
    customerEmail: text("customer_email").notNull().default(""),
    customerPhone: text("customer_phone").notNull().default(""),
    customerAddress: text("customer_address").notNull().default(""),
    customerCountry: text("customer_country").notNull().default("GH"),
    customerRegion: text("customer_region"),
    /** ship: to the address, priced by its shipping zone; collect: from the showroom, no fee. */
    delivery: text("delivery").notNull().default("ship"),
    /** DraftLine[] (draft-lines.ts): what to price, never a price but a custom line's own. */
    lines: jsonb("lines")
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Pesewas off the subtotal, and why (shown to staff, kept with the order). */
    discountAmount: bigint("discount_amount", { mode: "number" }).notNull().default(0),
    discountReason: text("discount_reason"),
    /**
     * The deposit it asks (docs/decisions/041): "auto" (the shop's deposit on made-to-measure and
     * custom lines, Settings → Payments), "none" (paid in full), "percent" of those lines or a
     * fixed "amount" in pesewas (`deposit_value`).
     */
    depositKind: text("deposit_kind").notNull().default("auto"),
    depositValue: bigint("deposit_value", { mode: "number" }).notNull().default(0),
    /** For staff only; kept as the order's first staff note. */
    notes: text("notes"),
    createdBy: text("created_by").notNull(),
    updatedBy: text("updated_by").notNull(),
    /** The order it became (null while it is a draft). */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("draft_orders_open_idx")
      .on(t.updatedAt.desc())
      .where(sql`${t.orderId} is null`),
    check("draft_orders_channel_known", sql`${t.channel} in ${STAFF_CHANNELS_SQL}`),
    check("draft_orders_delivery_known", sql`${t.delivery} in ('ship', 'collect')`),
    check("draft_orders_discount_not_negative", sql`${t.discountAmount} >= 0`),
    check("draft_orders_deposit_kind_known", sql`${t.depositKind} in ('auto', 'none', 'percent', 'amount')`),
    check("draft_orders_deposit_value_not_negative", sql`${t.depositValue} >= 0`),
  ],
);

/**
 * A link that lets a customer pay an order without an account (issue 46): only the SHA-256 of
 * its token is kept, so a leaked database does not leak working links. It asks for `amount`
 * (pesewas, from the order in the database) until `expires_at`, unless revoked or paid.
 */
export const paymentLinks = pgTable(
  "payment_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** What it asks for: the whole order, its deposit, or its balance (payment-request words). */
    purpose: text("purpose").notNull().default("full"),
    currency: text("currency").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: text("revoked_by"),
    /** When the order it asks for was paid (by this link or otherwise): it then opens a receipt. */
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The address it was emailed to (null: given to staff only, e.g. for WhatsApp). */
    emailedTo: text("emailed_to"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_links_order_idx").on(t.orderId, t.createdAt.desc()), check("payment_links_amount_positive", sql`${t.amount} > 0`)],
);

/**
 * Money staff took outside Paystack and recorded on an order (issue 46): cash in the showroom,
 * mobile money sent to the shop's own number, a bank transfer. The id is chosen by the form
 * that records it, so a form sent twice records one payment.
 */
export const recordedPayments = pgTable(
  "recorded_payments",
  {
    id: uuid("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    method: text("method").notNull(),
    /** The receipt, transaction id or transfer reference staff were given ("" when none). */
    reference: text("reference").notNull().default(""),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    recordedBy: text("recorded_by").notNull(),
    recordedByUserId: text("recorded_by_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("recorded_payments_order_idx").on(t.orderId, t.createdAt),
    check("recorded_payments_amount_positive", sql`${t.amount} > 0`),
    check("recorded_payments_method_known", sql`${t.method} in ('cash', 'mobile_money_transfer', 'bank_transfer')`),
  ],
);
