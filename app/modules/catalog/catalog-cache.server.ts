import { LRUCache } from "lru-cache";
import type { Db } from "~db/client";

/**
 * Catalog reads are frequent and change rarely, so each database handle gets a small
 * in-process cache. Entries live for CATALOG_CACHE_TTL_MS; admin edits call
 * invalidateCatalogCache so this instance shows them at once, and other instances
 * within the TTL.
 */
export const CATALOG_CACHE_TTL_MS = 30_000;

const caches = new WeakMap<Db, LRUCache<string, { value: unknown }>>();

function cacheFor(db: Db) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache({ max: 2_000, ttl: CATALOG_CACHE_TTL_MS });
    caches.set(db, cache);
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

/** After any catalog change: this instance's catalog reads and cached pages start fresh. */
export function invalidateStorefront(context: { database: { db: Db }; pageCache: { clear(): void } }): void {
  invalidateCatalogCache(context.database.db);
  context.pageCache.clear();
}
