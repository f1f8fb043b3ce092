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

/**
 * The cached values of several keys, in order. The keys not in the cache are computed together,
 * by one call of `computeMissing` (a listing's product cards: one query for those not kept),
 * and concurrent callers of a key share its promise as with `cached`. A key that `computeMissing`
 * leaves out of its map yields undefined and is not kept.
 */
export async function cachedEach<K, T>(
  db: Db,
  keys: readonly K[],
  cacheKey: (key: K) => string,
  computeMissing: (missing: K[]) => Promise<Map<K, T>>,
): Promise<(T | undefined)[]> {
  const cache = cacheFor(db);
  const values = new Map<K, Promise<T | undefined>>();
  const missing: K[] = [];
  for (const key of new Set(keys)) {
    const hit = cache.get(cacheKey(key));
    if (hit) values.set(key, hit.value as Promise<T | undefined>);
    else missing.push(key);
  }
  if (missing.length > 0) {
    const computing = computeMissing(missing);
    for (const key of missing) {
      const name = cacheKey(key);
      const forget = () => {
        if (cache.get(name)?.value === value) cache.delete(name);
      };
      const value: Promise<T | undefined> = computing.then((found) => {
        if (!found.has(key)) forget();
        return found.get(key);
      });
      value.catch(forget);
      cache.set(name, { value });
      values.set(key, value);
    }
  }
  return Promise.all(keys.map((key) => values.get(key)));
}

export function invalidateCatalogCache(db: Db): void {
  caches.get(db)?.clear();
}
