import { sql } from "drizzle-orm";
import { bigint, boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Shipping zones (docs/product-rules.md §13 "Selling worldwide"). A zone covers areas: ISO 3166-1 country
 * codes ("GB") and, inside Ghana, ISO 3166-2 regions ("GH-AA" Greater Accra). An address falls
 * in the zone naming its region, else the one naming its country, else the one rest-of-world
 * zone, so every address is in exactly one zone (app/modules/shipping/shipping-zones.ts).
 * Orders keep the zone's name, fee and estimate as they were (orders.shipping_zone...).
 */
export const shippingZones = pgTable(
  "shipping_zones",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Country and region codes; empty for the rest-of-world zone. */
    areas: text("areas")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Catches every country no other zone names; exactly one zone is it. */
    isRestOfWorld: boolean("is_rest_of_world").notNull().default(false),
    /** pesewas */
    fee: bigint("fee", { mode: "number" }).notNull(),
    /** pesewas; subtotals at or above it ship free. Null: never free. */
    freeShippingThreshold: bigint("free_shipping_threshold", { mode: "number" }),
    /** Working days from dispatch, e.g. 5 and 8 for "5–8 working days". */
    deliveryMinDays: integer("delivery_min_days").notNull(),
    deliveryMaxDays: integer("delivery_max_days").notNull(),
    payOnDelivery: boolean("pay_on_delivery").notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("shipping_zones_name_unique").on(sql`lower(${t.name})`),
    uniqueIndex("shipping_zones_one_rest_of_world")
      .on(t.isRestOfWorld)
      .where(sql`${t.isRestOfWorld}`),
    check("shipping_zones_fee_range", sql`${t.fee} >= 0`),
    check(
      "shipping_zones_days_range",
      sql`${t.deliveryMinDays} between 0 and 365 and ${t.deliveryMaxDays} between ${t.deliveryMinDays} and 365`,
    ),
  ],
);
