import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";

/**
 * Discount codes (issue 47, docs/decisions/044, docs/product-rules.md §14). A code is stored
 * upper-case (codes are read case-insensitively), letters, digits and dashes, 3–32 long.
 * `value` is the percentage (1–100) for `percentage`, pesewas for `fixed`, 0 for `free_shipping`.
 * What is "scheduled", "expired" or "used up" is read from the dates and the uses, never stored;
 * only staff's pause is (`paused`).
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    kind: text("kind").notNull(),
    value: bigint("value", { mode: "number" }).notNull().default(0),
    /** pesewas; the eligible pieces must come to at least this. Null: no minimum. */
    minimumSubtotal: bigint("minimum_subtotal", { mode: "number" }),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Uses in all (orders placed with it and not given back); null: unlimited. */
    usageLimit: integer("usage_limit"),
    /** Uses per customer, counted by email and by account; null: unlimited. */
    perCustomerLimit: integer("per_customer_limit"),
    /** order: every piece; collections: pieces of `collectionIds`; products: `productIds`. */
    scope: text("scope").notNull().default("order"),
    collectionIds: integer("collection_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    productIds: integer("product_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Pieces with a struck-through (compare-at) price are not discounted. */
    excludeSaleItems: boolean("exclude_sale_items").notNull().default(false),
    /** Only these customers (normalised emails) may use it; empty: anyone. */
    customerEmails: text("customer_emails")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    paused: boolean("paused").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("discount_codes_code_idx").on(t.code),
    check("discount_codes_code_shape", sql`${t.code} ~ '^[A-Z0-9-]{3,32}$'`),
    check("discount_codes_kind_known", sql`${t.kind} in ('percentage', 'fixed', 'free_shipping')`),
    check(
      "discount_codes_value_fits_kind",
      sql`(${t.kind} = 'percentage' and ${t.value} between 1 and 100) or (${t.kind} = 'fixed' and ${t.value} > 0) or (${t.kind} = 'free_shipping' and ${t.value} = 0)`,
    ),
    check("discount_codes_scope_known", sql`${t.scope} in ('order', 'collections', 'products')`),
    check("discount_codes_limits_positive", sql`coalesce(${t.usageLimit}, 1) > 0 and coalesce(${t.perCustomerLimit}, 1) > 0`),
    check("discount_codes_dates_in_order", sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
  ],
);

/**
 * One row per order placed with a code: counted inside the order's transaction under the code's
 * row lock (app/modules/discounts/redeem-code.server.ts), so a limit holds under any concurrency.
 * `returnedAt` is set when the order is cancelled before payment: the use is given back (once:
 * only a row whose `returnedAt` is null is given back), and cleared if staff reactivate the order.
 */
export const discountCodeUses = pgTable(
  "discount_code_uses",
  {
    id: serial("id").primaryKey(),
    codeId: integer("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "restrict" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The checkout's email, trimmed and lower-cased. */
    email: text("email").notNull(),
    userId: text("user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("discount_code_uses_order_idx").on(t.orderId),
    index("discount_code_uses_code_email_idx")
      .on(t.codeId, t.email)
      .where(sql`${t.returnedAt} is null`),
    index("discount_code_uses_code_user_idx")
      .on(t.codeId, t.userId)
      .where(sql`${t.returnedAt} is null and ${t.userId} is not null`),
  ],
);
