import { inArray, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { LRUCache } from "lru-cache";
import type { Db } from "~db/client";
import { settings } from "~db/schema/store";
import { withoutRecording } from "~/modules/activity/record-activity.server";
import { announceStorefrontChange, onStorefrontChange } from "~/modules/storefront/storefront-changes.server";
import { storedSettingsSchema } from "./settings.schema";
import { defaultStoreSettings, storeSettingKeys, type StoreSettings } from "./store-settings";

/**
 * Store settings kept in the `settings` table (key → JSON value). Missing keys — and stored
 * values that no longer match the schema — fall back to the defaults, so a fresh shop works
 * before anyone opens the admin Settings page.
 *
 * Reads are cached in process for SETTINGS_CACHE_TTL_MS, because every storefront request
 * reads them (maintenance check, store name). saveStoreSettings announces a storefront
 * change, which clears this cache here at once and on other instances of the shop behind the
 * same PostgreSQL database as soon as they hear it (storefront-changes.server.ts). Reads inside a transaction always go to the database, so an order is priced with
 * the settings its own transaction sees.
 */
export type { StoreSettings } from "./store-settings";
export { defaultStoreSettings } from "./store-settings";

export const SETTINGS_CACHE_TTL_MS = 5_000;

/** Keyed by database handle (tests open several); the value is the read in flight or done. */
const cache = new LRUCache<Db, Promise<StoreSettings>>({ max: 32, ttl: SETTINGS_CACHE_TTL_MS });
/** Handles whose cached settings already drop on storefront changes. */
const subscribed = new WeakSet<Db>();

export async function getStoreSettings(db: Db): Promise<StoreSettings> {
  if (isTransaction(db)) return readStoreSettings(db);
  const cached = cache.get(db);
  if (cached) return cached;
  const reading = startReading(db);
  // Expired but never announced changed: the last read is served while this one comes
  // (`staleButUnchanged`), so no request waits on the database for settings that were not changed.
  return staleButUnchanged(db) ?? reading;
}

/** Reads the settings into the cache (concurrent readers share the one query). */
function startReading(db: Db): Promise<StoreSettings> {
  // Caching the promise makes concurrent first readers share one query; a failed read is
  // dropped so the next request tries again.
  const reading = readStoreSettings(db);
  cache.set(db, reading);
  if (!subscribed.has(db)) {
    subscribed.add(db);
    onStorefrontChange(db, () => invalidateStoreSettingsCache(db));
  }
  reading.then(
    (read) => {
      lastRead.set(db, read);
      // Not a read a change overtook (it cleared the cache while this was on its way).
      if (cache.get(db) === reading) unchangedSince.set(db, { settings: read, readAt: performance.now() });
      settledReads.set(reading, read);
    },
    () => {
      if (cache.get(db) === reading) cache.delete(db);
    },
  );
  return reading;
}

/**
 * How long settings nobody announced changed may still be served while they are read again.
 * Every change is announced (saveStoreSettings) and clears them at once, here and on the other
 * instances; the cache's expiry is only a safety net for an announcement missed, so a read that
 * expired is as good as fresh for this long, and the requests of a busy minute (a flood of new
 * searches on the embedded database's one connection) never queue for them.
 */
const UNCHANGED_SETTINGS_SERVED_FOR_MS = 60_000;

/** The last read, while no change was announced since and it is not too old; else undefined. */
let unchangedSince = new WeakMap<Db, { settings: StoreSettings; readAt: number }>();

function staleButUnchanged(db: Db): StoreSettings | undefined {
  const last = unchangedSince.get(db);
  return last && performance.now() - last.readAt < UNCHANGED_SETTINGS_SERVED_FOR_MS ? last.settings : undefined;
}

/** Each cached read's settings, once it has arrived. */
const settledReads = new WeakMap<Promise<StoreSettings>, StoreSettings>();

/**
 * The settings as `getStoreSettings` would give them now, without waiting: undefined when the
 * cached read has expired or not yet arrived (the caller then takes the path that reads them).
 * For the cached-page fast path, which must not serve a kept page once maintenance is on.
 */
export function freshStoreSettings(db: Db): StoreSettings | undefined {
  const reading = cache.get(db);
  const settled = reading && settledReads.get(reading);
  if (settled) return settled;
  const unchanged = staleButUnchanged(db);
  // Read again in the background; meanwhile the last read stands (no change was announced).
  if (unchanged && !reading) void startReading(db).catch(() => {});
  return unchanged;
}

/** The last settings read from each handle, however old: for pages made while the database is away. */
const lastRead = new WeakMap<Db, StoreSettings>();

/**
 * The settings this process last read from `db`, without asking it (undefined before the first
 * read): what the "back in a moment" page (server/database-outage.ts) names the shop with while
 * the database cannot be asked.
 */
export function lastReadStoreSettings(db: Db): StoreSettings | undefined {
  return lastRead.get(db);
}

function isTransaction(db: Db): boolean {
  return db instanceof PgTransaction;
}

/** Forget this process's cached settings of one handle, or of all (storefront changes do it; also for tests). */
export function invalidateStoreSettingsCache(db?: Db): void {
  if (db) {
    cache.delete(db);
    unchangedSince.delete(db);
  } else {
    cache.clear();
    unchangedSince = new WeakMap();
  }
}

async function readStoreSettings(db: Db): Promise<StoreSettings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, storeSettingKeys));
  const result: StoreSettings = { ...defaultStoreSettings };
  for (const row of rows) {
    const key = row.key as keyof StoreSettings;
    const parsed = storedSettingsSchema.shape[key].safeParse(row.value);
    if (parsed.success) Object.assign(result, { [key]: parsed.data });
  }
  return result;
}

export class InvalidSettingsError extends Error {
  override name = "InvalidSettingsError";
}

/**
 * Saves the given settings in one transaction (all or nothing) and announces a storefront change
 * (the store name, contact details and maintenance mode are on every page; every save
 * announces, as saves are rare). Values are checked against the stored schema; a form's values
 * should come through the tab schemas in settings.schema.ts first. Call it outside a
 * transaction, so no read re-caches the old values between the write and its commit.
 */
export async function saveStoreSettings(db: Db, values: Partial<StoreSettings>): Promise<StoreSettings> {
  const parsed = storedSettingsSchema.partial().strict().safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidSettingsError(`Invalid setting ${issue?.path.join(".") || ""}: ${issue?.message ?? "not allowed"}`.trim());
  }
  // A setting saved as null (no logo) is its default: its row goes, the read falls back to it.
  const cleared = Object.entries(parsed.data)
    .filter(([, value]) => value === null)
    .map(([key]) => key);
  const entries = Object.entries(parsed.data).filter(([, value]) => value !== undefined && value !== null);
  // One transaction: all or nothing, and the activity log's entries with it (decision 049).
  await db.transaction(async (tx) => {
    if (cleared.length > 0) await tx.delete(settings).where(inArray(settings.key, cleared));
    if (entries.length > 0) {
      const now = new Date();
      // A key never saved holds its default: stored as that first (a key saved before is left as
      // it is), unrecorded since nothing changes, so the log reads default → new for it, and
      // nothing for the tab's fields left as they were.
      const current = await readStoreSettings(tx);
      const asTheyAre = entries
        .map(([key]) => [key, current[key as keyof StoreSettings]] as const)
        .filter(([, value]) => value !== null && value !== undefined);
      if (asTheyAre.length > 0)
        await withoutRecording(tx, () =>
          tx
            .insert(settings)
            .values(asTheyAre.map(([key, value]) => ({ key, value, updatedAt: now })))
            .onConflictDoNothing(),
        );
      await tx
        .insert(settings)
        .values(entries.map(([key, value]) => ({ key, value, updatedAt: now })))
        .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` } });
    }
  });
  await announceStorefrontChange(db);
  return getStoreSettings(db);
}
