import { inArray } from "drizzle-orm";
import type { Db } from "~db/client";
import { settings } from "~db/schema/store";
import type { CurrencyCode } from "~/lib/money";

/**
 * Store settings kept in the `settings` table (key → JSON value). Missing keys fall back to
 * these defaults, so a fresh shop works before anyone opens the admin Settings page.
 */
export interface StoreSettings {
  currency: CurrencyCode;
  /** pesewas */
  shippingFee: number;
  /** pesewas; subtotals at or above it ship free */
  freeShippingThreshold: number;
}

export const defaultStoreSettings: StoreSettings = {
  currency: "GHS",
  ...defaultShippingRates,
};

export async function getStoreSettings(db: Db): Promise<StoreSettings> {
  const keys = Object.keys(defaultStoreSettings);
  const rows = await db.select().from(settings).where(inArray(settings.key, keys));
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return { ...defaultStoreSettings, ...stored } as StoreSettings;
}

export async function saveStoreSettings(db: Db, values: Partial<StoreSettings>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    await db
      .insert(settings)
      .values({ key, value, updatedAt: new Date() })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  }
}

export { shippingFor } from "./shipping";
import { defaultShippingRates } from "./shipping";
