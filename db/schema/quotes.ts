import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { customRequests } from "./custom";
import { orders } from "./orders";

/**
 * A written quote for a custom request (issue 46, part 4; docs/decisions/042): the pieces and
 * their prices, the deposit it asks, until when it holds and staff's message. The customer opens
 * it by a link (`/quote/<token>`, only the token's SHA-256 kept) and accepts or declines it.
 * Every version stays: a revision makes the open one `superseded`; a declined or accepted one
 * keeps its date; an open one past `valid_until` reads as expired. Accepting sets `order_id`,
 * once, in the transaction that makes its order.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => customRequests.id, { onDelete: "cascade" }),
    /** 1, 2, …: the request's quotes in the order they were written. */
    version: integer("version").notNull(),
    /** QuoteLine[] (app/modules/quotes/quote-lines.ts): description, unit price (pesewas), quantity, production days. */
    lines: jsonb("lines").notNull(),
    /** Pesewas: the lines' sum, kept as written (the order is made from the lines). */
    totalAmount: bigint("total_amount", { mode: "number" }).notNull(),
    /** How staff set the deposit (percent of the total, or an amount) and what it comes to in pesewas. */
    depositKind: text("deposit_kind").notNull(),
    depositValue: bigint("deposit_value", { mode: "number" }).notNull(),
    depositAmount: bigint("deposit_amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    /** The last calendar day (the store's timezone) on which it may be accepted. */
    validUntil: date("valid_until").notNull(),
    message: text("message"),
    /** open, accepted, declined, superseded ("expired" is read from valid_until). */
    status: text("status").notNull().default("open"),
    tokenHash: text("token_hash").notNull().unique(),
    emailedTo: text("emailed_to").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    supersededAt: timestamp("superseded_at", { withTimezone: true }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("quotes_request_version_idx").on(t.requestId, t.version),
    // One open quote per request: a revision supersedes the open one in the same transaction.
    uniqueIndex("quotes_one_open_per_request_idx")
      .on(t.requestId)
      .where(sql`${t.status} = 'open'`),
    index("quotes_order_idx")
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    check("quotes_status_known", sql`${t.status} in ('open', 'accepted', 'declined', 'superseded')`),
    check("quotes_deposit_kind_known", sql`${t.depositKind} in ('percent', 'amount')`),
    check("quotes_deposit_within_total", sql`${t.depositAmount} > 0 and ${t.depositAmount} < ${t.totalAmount}`),
  ],
);
