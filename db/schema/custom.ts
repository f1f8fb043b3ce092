import { sql } from "drizzle-orm";
import { check, date, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Custom order requests (bespoke garments): what the customer asked for, their measurements if
 * given (app/modules/measurements), their reference photos (private files, served to staff
 * only) and where staff are with it (new → quoted → accepted or declined).
 */
export const customRequests = pgTable(
  "custom_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What people read and quote: "CR-482913". */
    reference: text("reference").notNull().unique(),
    userId: text("user_id"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    garmentType: text("garment_type").notNull(),
    occasion: text("occasion"),
    dateNeeded: date("date_needed"),
    budget: text("budget"),
    notes: text("notes"),
    /** { unit, values } as in app/modules/measurements/measurements.ts, or null. */
    measurements: jsonb("measurements"),
    /** Stored photo names under DATA_DIR (never public URLs). */
    photos: text("photos")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text("status").notNull().default("new"),
    staffNotes: text("staff_notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("custom_requests_status_known", sql`${t.status} in ('new', 'quoted', 'accepted', 'declined')`),
    index("custom_requests_created_idx").on(t.createdAt.desc()),
    index("custom_requests_status_created_idx").on(t.status, t.createdAt.desc()),
  ],
);

/** A signed-in customer's last measurements, offered the next time they order made to measure. */
export const customerMeasurements = pgTable("customer_measurements", {
  userId: text("user_id").primaryKey(),
  measurements: jsonb("measurements").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
