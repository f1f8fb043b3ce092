import { LRUCache } from "lru-cache";
import crypto from "node:crypto";
import zlib from "node:zlib";
import { hasAuthCookie } from "~/modules/auth/auth-cookies";

/**
 * A short-lived cache of whole storefront responses for anonymous GET requests: pages
 * and the `.data` payloads of client navigations. Nothing on a storefront page depends on
 * the visitor (cart and wishlist live in the browser), so one rendering serves everyone
 * for PAGE_CACHE_TTL_MS, and admin edits clear it at once (`clear()`).
 *
 * A freshly rendered page carries a per-response CSP nonce. A cached page is fixed text, so
 * it is served under a policy that lists the SHA-256 of each of its inline scripts instead:
 * just as strict, and the body can be stored gzipped once instead of compressed per request.
 */
export const PAGE_CACHE_TTL_MS = 10_000;

interface Entry {
  status: number;
  headers: [string, string][];
  body: Buffer;
  gzipped: Buffer;
}

/** The hashes of a page's executable inline scripts (JSON-LD data blocks are not scripts). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/i.test(attributes) || /type\s*=\s*["']application\/(ld\+)?json["']/i.test(attributes)) continue;
    hashes.add(
      `'sha256-${crypto
        .createHash("sha256")
        .update(match[2] ?? "")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

export class PageCache {
  private entries = new LRUCache<string, Entry>({
    max: 1_000,
    ttl: PAGE_CACHE_TTL_MS,
    maxSize: 128 * 1024 * 1024,
    sizeCalculation: (e) => e.body.length + e.gzipped.length + 256,
  });

  constructor(private readonly policyForHashes: (hashes: string[]) => string) {}

  keyFor(request: Request): string | null {
    if (request.method !== "GET") return null;
    const url = new URL(request.url);
    // Never pages with someone's order on them, nor admin, sign-in or the API.
    if (/^\/(api\/|admin|auth|order-confirmation|track-order|account)/.test(url.pathname)) return null;
    // A signed-in visitor's page carries their email (account menu): never stored, never served.
    if (hasAuthCookie(request.headers.get("cookie"))) return null;
    return url.pathname + url.search;
  }

  get(key: string, request: Request): Response | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const headers = new Headers(entry.headers);
    headers.set("X-Cache", "HIT");
    headers.append("Vary", "Accept-Encoding");
    const gzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
    if (gzip) headers.set("Content-Encoding", "gzip");
    const bytes = gzip ? entry.gzipped : entry.body;
    // A Buffer is a Uint8Array, which Response takes; the DOM typings just do not say so.
    return new Response(bytes as unknown as BodyInit, { status: entry.status, headers });
  }

  /** Stores a successful, cookie-free HTML or data response; returns the response to send. */
  async store(key: string, response: Response): Promise<Response> {
    const type = response.headers.get("content-type") ?? "";
    const html = type.startsWith("text/html");
    const storable = response.status === 200 && !response.headers.has("set-cookie") && (html || type.startsWith("text/x-script"));
    if (!storable || !response.body) return response;
    const text = await response.text();
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    if (html) headers.set("Content-Security-Policy", this.policyForHashes(inlineScriptHashes(text)));
    const body = Buffer.from(text);
    this.entries.set(key, { status: response.status, headers: [...headers.entries()], body, gzipped: zlib.gzipSync(body) });
    const fresh = new Headers(response.headers);
    fresh.set("X-Cache", "MISS");
    return new Response(text, { status: response.status, headers: fresh });
  }

  clear(): void {
    this.entries.clear();
  }
}
