import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~db/client";
import { orders } from "~db/schema/orders";
import { settings } from "~db/schema/store";
import { withoutRecording } from "~/modules/activity/record-activity.server";
import { listShippingZones } from "~/modules/shipping/shipping-zones.server";
import { storedTaxSettingsSchema } from "./tax-settings.schema";
import { defaultTaxSettings, taxSnapshotOf, TIN_PATTERN, type TaxDestination, type TaxSettings, type TaxSnapshot } from "./tax-settings";

/**
 * Settings → Taxes on the database (decision 045): one row of the settings table (key "taxes"),
 * kept apart from the store settings' cache because nothing a shopper sees reads it: only
 * placing an order (inside its transaction) and the admin's pages do.
 */
const TAX_SETTINGS_KEY = "taxes";

export async function getTaxSettings(db: Db): Promise<TaxSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, TAX_SETTINGS_KEY));
  const parsed = row ? storedTaxSettingsSchema.safeParse(row.value) : null;
  return parsed?.success ? parsed.data : defaultTaxSettings;
}

/**
 * Saves the Taxes tab (already checked by taxSettingsFormSchema) in one statement. Zones that no
 * longer exist are dropped. Orders placed before keep their own snapshot: nothing else changes.
 */
export async function saveTaxSettings(db: Db, value: TaxSettings): Promise<TaxSettings> {
  const zoneIds = new Set((await listShippingZones(db)).map((zone) => zone.id));
  const kept = storedTaxSettingsSchema.parse({ ...value, zeroRatedZoneIds: value.zeroRatedZoneIds.filter((id) => zoneIds.has(id)) });
  // In a transaction, which the activity log records (decision 049). Never saved before, the
  // defaults are stored first, unrecorded (nothing changes), so the log reads default → new.
  await db.transaction(async (tx) => {
    await withoutRecording(tx, () =>
      tx.insert(settings).values({ key: TAX_SETTINGS_KEY, value: defaultTaxSettings, updatedAt: new Date() }).onConflictDoNothing(),
    );
    await tx
      .insert(settings)
      .values({ key: TAX_SETTINGS_KEY, value: kept, updatedAt: new Date() })
      .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` } });
  });
  return kept;
}

/**
 * What an order placed now keeps of the tax settings: called inside the order's transaction
 * (place-order, a staff draft placed, a quote accepted), so it is the settings that transaction sees.
 */
export async function taxSnapshotForOrder(tx: Db, destination: TaxDestination): Promise<TaxSnapshot> {
  return taxSnapshotOf(await getTaxSettings(tx), destination);
}

const taxSnapshotSchema = z.object({
  pricesIncludeTax: z.literal(true),
  lines: storedTaxSettingsSchema.shape.lines,
  tin: z.string().regex(TIN_PATTERN).nullable(),
  zeroRated: z
    .discriminatedUnion("reason", [z.object({ reason: z.literal("export") }), z.object({ reason: z.literal("zone"), zone: z.string() })])
    .nullable(),
}) satisfies z.ZodType<TaxSnapshot>;

/** A stored snapshot as the invoice reads it; null for an order placed before taxes (or unreadable). */
export function readTaxSnapshot(value: unknown): TaxSnapshot | null {
  const parsed = taxSnapshotSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The tax snapshot one order keeps (null: none, or no such order). */
export async function orderTaxSnapshot(db: Db, orderId: string): Promise<TaxSnapshot | null> {
  const [row] = await db.select({ taxSnapshot: orders.taxSnapshot }).from(orders).where(eq(orders.id, orderId));
  return row ? readTaxSnapshot(row.taxSnapshot) : null;
}
