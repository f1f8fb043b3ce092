import { LRUCache } from "lru-cache";
import type { Db } from "~db/client";
import { onStorefrontChange } from "~/modules/storefront/storefront-changes.server";

/**
 * Catalog reads are frequent and change rarely, so each database handle gets a small
 * in-process cache. Entries live for CATALOG_CACHE_TTL_MS; a storefront change announced
 * by any instance (storefront-changes.server.ts) clears it at once.
 */
export const CATALOG_CACHE_TTL_MS = 30_000;

const caches = new WeakMap<Db, LRUCache<string, { value: unknown }>>();

function cacheFor(db: Db) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache({ max: 2_000, ttl: CATALOG_CACHE_TTL_MS });
    caches.set(db, cache);
    onStorefrontChange(db, () => invalidateCatalogCache(db));
  }
  return cache;
}

/** Returns the cached value for key, or computes it once (concurrent callers share the promise). */
export async function cached<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  const cache = cacheFor(db);
  const hit = cache.get(key);
  if (hit) return hit.value as Promise<T>;
  const pending = compute();
  cache.set(key, { value: pending });
  try {
    return await pending;
  } catch (error) {
    cache.delete(key);
    throw error;
  }
}

export function invalidateCatalogCache(db: Db): void {
  caches.get(db)?.clear();
}
