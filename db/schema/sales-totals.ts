import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Running totals the admin's cards and customer list read instead of aggregating every order
 * (issue 44, docs/decisions/026-sales-totals-kept-by-the-database.md). They are written only by
 * the database itself: statement triggers on `orders` (and on `refunds`, through
 * orders.refunded_amount) change them in the same transaction as the order, whichever code
 * wrote it; migration 0020 fills them for an existing shop. Never write them from the app.
 *
 * Money follows the payment ledger: an order's "refunded part" is its whole total when its
 * payment status is refunded, its processed refunds (at most its total) when partially refunded,
 * else 0. Revenue is total minus refunded part; paid revenue is that for orders whose payment
 * status is paid, partially refunded or refunded.
 */

/** Every order, per currency, order status and payment status. */
export const orderTotals = pgTable(
  "order_totals",
  {
    currency: text("currency").notNull(),
    orderStatus: text("order_status").notNull(),
    paymentStatus: text("payment_status").notNull(),
    orders: bigint("orders", { mode: "number" }).notNull().default(0),
    /** Sum of total_amount, pesewas. */
    totalAmount: bigint("total_amount", { mode: "number" }).notNull().default(0),
    /** Sum of the orders' refunded parts, pesewas. */
    refundedAmount: bigint("refunded_amount", { mode: "number" }).notNull().default(0),
    /** Sum of the orders' paid parts (what came in: paid_amount), pesewas. */
    paidAmount: bigint("paid_amount", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.currency, t.orderStatus, t.paymentStatus] })],
);

/**
 * Orders not cancelled per quarter hour (UTC) of their placement and currency: every time zone's
 * midnight falls on a quarter hour, so a day in the store's time zone is a range of these rows.
 */
export const salesByQuarterHour = pgTable(
  "sales_by_quarter_hour",
  {
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    currency: text("currency").notNull(),
    orders: integer("orders").notNull().default(0),
    /** Total minus refunded part, pesewas. */
    revenue: bigint("revenue", { mode: "number" }).notNull().default(0),
    /** The same, over orders paid (or since refunded), pesewas. */
    paidRevenue: bigint("paid_revenue", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.startsAt, t.currency] })],
);

/**
 * One row per customer (the Customers page's key: "user:<id>" or "email:<trimmed lower-case
 * email>"), recomputed from the customer's own orders whenever one of them changes.
 */
export const customerTotals = pgTable(
  "customer_totals",
  {
    customerKey: text("customer_key").primaryKey(),
    userId: text("user_id"),
    /** Orders not cancelled, every currency. */
    totalOrders: integer("total_orders").notNull(),
    cancelledOrders: integer("cancelled_orders").notNull(),
    firstOrderAt: timestamp("first_order_at", { withTimezone: true }).notNull(),
    lastOrderAt: timestamp("last_order_at", { withTimezone: true }).notNull(),
    /** The name on the newest order (sorting by name). */
    latestName: text("latest_name").notNull(),
    /**
     * The customer's customer_spend row in the store's currency (Settings → General; its
     * orders and spent, 0 without one), kept here so that the list sorts by amount spent and by
     * orders through an index: a change of currency recounts every row (migration 0021).
     */
    storeCurrencyOrders: integer("store_currency_orders").notNull().default(0),
    storeCurrencySpent: bigint("store_currency_spent", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    index("customer_totals_recent_idx").on(t.lastOrderAt.desc(), t.customerKey),
    index("customer_totals_name_idx").on(sql`lower(${t.latestName})`, t.customerKey),
    index("customer_totals_orders_idx").on(t.totalOrders.desc(), t.storeCurrencySpent.desc(), t.customerKey),
    index("customer_totals_spent_idx").on(t.storeCurrencySpent.desc(), t.customerKey),
  ],
);

/** A customer's orders not cancelled and their revenue, per currency (prices are never converted). */
export const customerSpend = pgTable(
  "customer_spend",
  {
    customerKey: text("customer_key")
      .notNull()
      .references(() => customerTotals.customerKey, { onDelete: "cascade" }),
    currency: text("currency").notNull(),
    orders: integer("orders").notNull(),
    /** Total minus refunded part, pesewas. */
    spent: bigint("spent", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerKey, t.currency] }),
    index("customer_spend_currency_idx").on(t.currency, t.spent.desc(), t.customerKey),
  ],
);

/** How many customers there are and how many ordered more than once (not cancelled): one row, id 1. */
export const customerCounts = pgTable(
  "customer_counts",
  {
    id: smallint("id").primaryKey().default(1),
    customers: bigint("customers", { mode: "number" }).notNull().default(0),
    repeatCustomers: bigint("repeat_customers", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("customer_counts_one_row", sql`${t.id} = 1`)],
);
