/**
 * Who may keep a page is the route's own decision, stated in its `headers` export (React Router
 * applies it to the document and to the `.data` payload of a client navigation alike):
 *
 * - `export const headers = publicPageHeaders;` — the same for every anonymous visitor: shared
 *   caches, the shop's own page cache included (server/page-cache.ts), may keep it for
 *   PUBLIC_PAGE_SECONDS. Browsers revalidate every time (`max-age=0`).
 * - `export const headers = privatePageHeaders;` — someone's own page (checkout, an order,
 *   admin, sign-in): never stored anywhere.
 * - no `headers` export: no Cache-Control (a layout's passes to its child routes); the page
 *   cache never stores such a page either.
 *
 * Only a leaf route opts in: a layout that said "public" would make every child without
 * headers of its own public too.
 */
const PUBLIC_PAGE_SECONDS = 10;

export const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${PUBLIC_PAGE_SECONDS}`;
export const PRIVATE_PAGE_CACHE_CONTROL = "private, no-store";

export function publicPageHeaders(): Record<string, string> {
  return { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL };
}

export function privatePageHeaders(): Record<string, string> {
  return { "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL };
}

/**
 * How long a shared cache may keep a response with this Cache-Control, in seconds: its
 * `s-maxage` when it says `public`, else null (private, no-store, no-cache, or not public).
 */
export function sharedCacheSeconds(cacheControl: string | null | undefined): number | null {
  if (!cacheControl) return null;
  const directives = new Map<string, string | undefined>();
  for (const part of cacheControl.split(",")) {
    const [name, value] = part.trim().split("=", 2);
    if (name) directives.set(name.toLowerCase(), value?.trim().replace(/^"|"$/g, ""));
  }
  if (!directives.has("public") || directives.has("private") || directives.has("no-store") || directives.has("no-cache")) return null;
  const seconds = Number(directives.get("s-maxage"));
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}
