import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The activity log (issue 48, decision 049): one row per row an admin action created, changed or
 * removed, written by the database itself. A trigger on each audited table (migration 0034,
 * `record_admin_activity`) reads who is acting from the transaction's `ahenfie.activity` setting,
 * which the admin's transactions set (db/activity-scope.ts): so an entry commits, or rolls back,
 * with its change, and the storefront's own writes (no setting) leave none.
 *
 * `changes` holds `{ column: [before, after] }` for what changed (an addition: `[null, value]`;
 * a removal: `[value, null]`); a secret's pair is the string "hidden". Actor and subject are
 * copied at the time, so the log still reads right after a product or a member is removed.
 */
export const activityLog = pgTable(
  "activity_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // Milliseconds, as a JavaScript Date holds them: a page's cursor is the last entry's time as
    // read back, and with microseconds stored, the entries of one transaction (one `now()`) past a
    // page's end were skipped (the cursor's time, cut to milliseconds, fell before theirs).
    at: timestamp("at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    actorRole: text("actor_role"),
    /** The address the change came from (the one the rate limits count). */
    ip: text("ip"),
    /** The admin form that made it: "admin/orders#refund". */
    action: text("action").notNull(),
    /** The filter group: products, orders, payments, discounts, shipping, settings, staff, … */
    area: text("area").notNull(),
    /** What kind of row: product, variant, order, refund, setting, staff member, … */
    kind: text("kind").notNull(),
    operation: text("operation").notNull(),
    subjectId: text("subject_id").notNull(),
    subjectLabel: text("subject_label"),
    /** The product or order the row belongs to (their own history). */
    productId: integer("product_id"),
    orderId: uuid("order_id"),
    changes: jsonb("changes").notNull(),
  },
  // Every filter's entries are one walk down the index of its columns, newest first (the
  // reader, app/modules/activity/activity-log.server.ts, and docs/performance.md, "issue 48").
  // The unfiltered index sorts NULLS FIRST, the others NULLS LAST (`at` and `id` are never null,
  // so both read the same order): a filtered query orders NULLS LAST, which the unfiltered index
  // cannot give, so the planner never walks it and drops what does not match, which reads the
  // whole log when the matches are all old (a member who left; statistics assume them spread).
  (t) => [
    index("activity_log_at_idx").on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("activity_log_actor_idx").on(t.actorId, t.at.desc(), t.id.desc()),
    index("activity_log_actor_area_idx").on(t.actorId, t.area, t.at.desc(), t.id.desc()),
    index("activity_log_area_idx").on(t.area, t.at.desc(), t.id.desc()),
    index("activity_log_product_idx")
      .on(t.productId, t.at.desc(), t.id.desc())
      .where(sql`${t.productId} is not null`),
    index("activity_log_order_idx")
      .on(t.orderId, t.at.desc(), t.id.desc())
      .where(sql`${t.orderId} is not null`),
  ],
);
