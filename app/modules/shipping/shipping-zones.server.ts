import { asc } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { LRUCache } from "lru-cache";
import type { Db } from "~db/client";
import { shippingZones } from "~db/schema/shipping";
import { onStorefrontChange } from "~/modules/storefront/storefront-changes.server";
import type { ShippingZone } from "./shipping-zones";

/**
 * The shop's shipping zones, read like the settings: cached in process for a few seconds per
 * database handle and dropped at once on a storefront change (every zone edit announces one,
 * here and on the shop's other instances). Inside a transaction they are always read afresh, so
 * an order is priced with the zones its own transaction sees.
 */
const ZONES_CACHE_TTL_MS = 5_000;
const cache = new LRUCache<Db, Promise<ShippingZone[]>>({ max: 32, ttl: ZONES_CACHE_TTL_MS });
const subscribed = new WeakSet<Db>();

/** Every zone, in the order staff arranged them. */
export async function listShippingZones(db: Db): Promise<ShippingZone[]> {
  if (isTransaction(db)) return readZones(db);
  const cached = cache.get(db);
  if (cached) return cached;
  const reading = readZones(db);
  cache.set(db, reading);
  if (!subscribed.has(db)) {
    subscribed.add(db);
    onStorefrontChange(db, () => cache.delete(db));
  }
  reading.catch(() => {
    if (cache.get(db) === reading) cache.delete(db);
  });
  return reading;
}

function isTransaction(db: Db): boolean {
  return db instanceof PgTransaction;
}

/** Forget this process's cached zones (a zone edit announces a storefront change, which does it too). */
export function invalidateShippingZonesCache(db?: Db): void {
  if (db) cache.delete(db);
  else cache.clear();
}

async function readZones(db: Db): Promise<ShippingZone[]> {
  return db
    .select({
      id: shippingZones.id,
      name: shippingZones.name,
      areas: shippingZones.areas,
      isRestOfWorld: shippingZones.isRestOfWorld,
      fee: shippingZones.fee,
      freeShippingThreshold: shippingZones.freeShippingThreshold,
      deliveryMinDays: shippingZones.deliveryMinDays,
      deliveryMaxDays: shippingZones.deliveryMaxDays,
      payOnDelivery: shippingZones.payOnDelivery,
    })
    .from(shippingZones)
    .orderBy(asc(shippingZones.position), asc(shippingZones.id));
}
