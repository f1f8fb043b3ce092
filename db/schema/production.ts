import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";

/**
 * The workshop's progress on an order holding made-to-measure or custom lines (issue 46, part 5;
 * decision 040): one row per move, never edited, so the order's current step is its newest row's
 * (app/modules/production/production-steps.ts). A move `back` to an earlier step is a correction
 * and carries its reason in `note`. Written only by `moveProductionStep`, with the order's row locked.
 * `created_at` is the time of the move as staff and the customer read it.
 */
export const orderProductionSteps = pgTable(
  "order_production_steps",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** measured, cutting, sewing, fitting, finishing or ready. */
    step: text("step").notNull(),
    back: boolean("back").notNull().default(false),
    /** Staff's note on the move (staff only); the reason for a move back. */
    note: text("note"),
    /** The staff member's name as shown when they moved it, and their user id. */
    movedBy: text("moved_by").notNull(),
    movedByUserId: text("moved_by_user_id"),
    /** When the customer was emailed that the garment is ready (a move to ready only). */
    customerEmailedAt: timestamp("customer_emailed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An order's moves in the order they were made (the serial id, taken with the order's row
    // locked), so its newest is its current step; the orders list's step filter reads it too.
    index("order_production_steps_order_idx").on(t.orderId, t.id),
    check("order_production_steps_step_known", sql`${t.step} in ('measured', 'cutting', 'sewing', 'fitting', 'finishing', 'ready')`),
    check("order_production_steps_back_has_reason", sql`not ${t.back} or length(btrim(coalesce(${t.note}, ''))) > 0`),
  ],
);
