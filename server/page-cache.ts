import { LRUCache } from "lru-cache";

/**
 * A short-lived cache of whole storefront responses for anonymous GET requests: pages
 * and the `.data` payloads of client navigations. Nothing on a storefront page depends on
 * the visitor (cart and wishlist live in the browser), so one rendering serves everyone
 * for PAGE_CACHE_TTL_MS, and admin edits clear it at once (`clear()`).
 *
 * HTML carries a CSP nonce: a cached page is served with a fresh nonce every time
 * (the stored one is replaced), so no two responses share a nonce.
 */
export const PAGE_CACHE_TTL_MS = 10_000;

/** Cookies that mark a signed-in visitor; their pages are never cached. */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Secure-)?(?:session|better-auth|ahenfie_session)[^=]*=/i;

interface Entry {
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string | null;
}

export class PageCache {
  private entries = new LRUCache<string, Entry>({ max: 1_000, ttl: PAGE_CACHE_TTL_MS, maxSize: 64 * 1024 * 1024, sizeCalculation: (e) => e.body.length + 256 });

  keyFor(request: Request): string | null {
    if (request.method !== "GET") return null;
    const url = new URL(request.url);
    if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/admin") || url.pathname.startsWith("/auth")) return null;
    if (PERSONAL_COOKIE.test(request.headers.get("cookie") ?? "")) return null;
    return url.pathname + url.search;
  }

  get(key: string, nonce: string): Response | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const body = entry.nonce ? entry.body.replaceAll(entry.nonce, nonce) : entry.body;
    const headers = new Headers(entry.headers);
    headers.set("X-Cache", "HIT");
    return new Response(body, { status: entry.status, headers });
  }

  /** Stores a successful, cookie-free HTML or data response; returns the response to send. */
  async store(key: string, response: Response, nonce: string): Promise<Response> {
    const type = response.headers.get("content-type") ?? "";
    const storable =
      response.status === 200 &&
      !response.headers.has("set-cookie") &&
      (type.startsWith("text/html") || type.startsWith("text/x-script"));
    if (!storable || !response.body) return response;
    const body = await response.text();
    const headers = [...response.headers.entries()].filter(([name]) => name !== "content-length");
    this.entries.set(key, { status: response.status, headers, body, nonce: type.startsWith("text/html") ? nonce : null });
    const fresh = new Headers(headers);
    fresh.set("X-Cache", "MISS");
    return new Response(body, { status: response.status, headers: fresh });
  }

  clear(): void {
    this.entries.clear();
  }
}
