import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { products, productVariants } from "./catalog";
import { orders } from "./orders";

/**
 * The invitation to review a delivered order (docs/product-rules.md §13 "Bringing shoppers back"): one row per order,
 * written in the transaction that queues its email, so the primary key is what keeps an order
 * from being invited twice, whichever instance runs the round. `emailed` is false when the
 * customer had opted out (the order is then settled without an email).
 */
export const reviewInvitations = pgTable("review_invitations", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  emailed: boolean("emailed").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Addresses that asked for no more of one kind of email ("review-invitations"), from the
 * signed link in the email itself; kept lower-case.
 */
export const emailOptOuts = pgTable(
  "email_opt_outs",
  {
    email: text("email").notNull(),
    kind: text("kind").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email, t.kind] })],
);

/**
 * "Tell me when it is back": an address waiting for one sold-out colour × size. `notified_at`
 * is set in the transaction that queues its one email, once the variant has stock again; a
 * waiting address is kept once per variant (any letter case).
 */
export const backInStockRequests = pgTable(
  "back_in_stock_requests",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("back_in_stock_requests_waiting_unique")
      .on(t.variantId, sql`lower(${t.email})`)
      .where(sql`${t.notifiedAt} is null`),
    // The round reads only the waiting requests.
    index("back_in_stock_requests_waiting_idx")
      .on(t.variantId)
      .where(sql`${t.notifiedAt} is null`),
  ],
);
