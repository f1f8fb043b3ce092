import { LRUCache } from "lru-cache";
import type { PageCache } from "./page-cache";

export interface PageKeysOptions {
  pageCache: PageCache;
  /** Whether only the catch-all route answers a path (server/unknown-paths.ts). */
  catchAllOnly?: (pathname: string) => boolean;
  /** False for paths answered before any page (the build's assets, uploads, public files, /metrics). */
  isPagePath: (pathname: string) => boolean;
}

/** Request URLs longer than this are never looked up by the http layer: the framework's path answers them. */
const LONGEST_REMEMBERED_URL = 512;

/**
 * The page-cache key of a request's URL as Node's `http` layer reads it (`request.url`: path and
 * query), or null when the URL is no page anyone may be served (a shopper's own page, an asset,
 * an unusual form): the same rules as `PageCache.keyForUrl`. Remembered per URL, since a URL's
 * key is a pure function of it (the route table is fixed in production).
 */
export function pageKeysByUrl({ pageCache, catchAllOnly, isPagePath }: PageKeysOptions): (url: string | undefined) => string | null {
  const keys = new LRUCache<string, string | false>({ max: 10_000 });
  return (url) => {
    if (!url || url.charCodeAt(0) !== 47 /* / */ || url.length > LONGEST_REMEMBERED_URL) return null;
    let key = keys.get(url);
    if (key === undefined) {
      const parsed = new URL(url, "http://shop.invalid");
      key = (isPagePath(parsed.pathname) && pageCache.keyForUrl(parsed, { catchAllOnly })) || false;
      keys.set(url, key);
    }
    return key || null;
  };
}
