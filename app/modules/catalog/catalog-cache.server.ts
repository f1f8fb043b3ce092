import { LRUCache } from "lru-cache";
import type { Db } from "~db/client";
import { onStorefrontChange } from "~/modules/storefront/storefront-changes.server";

/**
 * Catalog reads are frequent and change rarely, so each database handle gets a small
 * in-process cache. Entries live for CATALOG_CACHE_TTL_MS; a storefront change announced
 * by any instance (storefront-changes.server.ts) clears it at once.
 */
export const CATALOG_CACHE_TTL_MS = 30_000;

type Cache = LRUCache<string, { value: unknown }>;

/** One LRU cache of `max` entries per database handle, cleared by any storefront change. */
function cachePerDb(max: number) {
  const caches = new WeakMap<Db, Cache>();
  return {
    of(db: Db): Cache {
      const kept = caches.get(db);
      if (kept) return kept;
      const cache: Cache = new LRUCache({ max, ttl: CATALOG_CACHE_TTL_MS });
      caches.set(db, cache);
      onStorefrontChange(db, () => cache.clear());
      return cache;
    },
    clear: (db: Db) => caches.get(db)?.clear(),
  };
}

const catalog = cachePerDb(2_000);

/**
 * Which products a search or a price range matched, and how many: a few ids and figures (about
 * 200 bytes), kept apart from the catalog cache so that a flood of unique searches never pushes
 * out the product cards every page draws. The cards are read from the catalog cache one product
 * at a time (storefront-queries.server.ts, listingCards).
 */
export const MATCHES_CACHE_MAX = 5_000;
const matches = cachePerDb(MATCHES_CACHE_MAX);

/** The value kept for key, or computed once (concurrent callers share the promise). */
async function remember<T>(cache: Cache, key: string, compute: () => Promise<T>): Promise<T> {
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

/** Returns the cached value for key, or computes it once (concurrent callers share the promise). */
export function cached<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  return remember(catalog.of(db), key, compute);
}

/** As `cached`, in the cache of matches: what a search or a price range found. */
export function cachedMatches<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  return remember(matches.of(db), key, compute);
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
  const cache = catalog.of(db);
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
  catalog.clear(db);
  matches.clear(db);
}
