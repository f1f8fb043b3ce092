import { LRUCache } from "lru-cache";
import crypto from "node:crypto";
import zlib from "node:zlib";
import { sharedCacheSeconds } from "~/lib/cache-control";
import { pageQuery } from "~/lib/page-cache-key";
import { wholeBodyOf } from "~/lib/whole-body";
import { isKnownCollection } from "~/modules/catalog/catalog-constants";
import { gzipPieces, gzipPiecesOffThread, piecesAround, placedConstants, type PagePieces, type PlacedConstant } from "./gzip-pieces";

/**
 * A short-lived cache of whole responses for GET requests, whoever asks: pages and the `.data`
 * payloads of client navigations. A page that may be cached is rendered from a request without
 * its cookies (`sharedRequest`), so it cannot carry anything of the visitor's; what is
 * personal in the header (the account menu) arrives after load from /api/viewer. Signed-in
 * shoppers are therefore served the same cached page as guests. What may be kept is the
 * route's decision, never this cache's: a response is stored only when its Cache-Control says `public` with an `s-maxage`
 * (app/lib/cache-control.ts; the route's `headers` export), for that long but at most
 * PAGE_CACHE_MAX_TTL_MS. Anything else (no header, private, no-store) is never stored,
 * whatever its path. Storefront changes clear it at once (`clear()`, subscribed to the
 * storefront change announcements in server/boot.ts).
 *
 * A freshly rendered page carries a per-response CSP nonce. A cached page is fixed text, so
 * it is served under a policy that lists the SHA-256 of each of its inline scripts instead:
 * just as strict, and the body can be stored gzipped once instead of compressed per request.
 */
export const PAGE_CACHE_MAX_TTL_MS = 60_000;

/** The one key of every path only the catch-all route answers (never a path: it has no "/"). */
export const NOT_FOUND_KEY = "*not-found";

interface KeyOptions {
  /** Whether only the catch-all route answers a path (server/unknown-paths.ts). */
  catchAllOnly?: (pathname: string) => boolean;
}

interface StoreOptions {
  /** Who the response is for: a stored page is sent gzipped when they accept it. */
  request?: Request;
  /**
   * What is done to a page once, before it is kept (server/inline-stylesheet.ts): it may add
   * styles, never scripts (the policy lists the hashes of the page's scripts as rendered).
   */
  prepareHtml?: (html: Buffer) => PagePieces;
}

/**
 * A kept page, gzipped only: nearly every visitor accepts gzip, and the few who do not are sent
 * it inflated (well under a millisecond), so a page takes a sixth of the memory.
 */
export interface KeptPage {
  status: number;
  headers: [string, string][];
  gzipped: Buffer;
  /** Compressed fast (a page most often asked for once) until it is asked for again. */
  compressedFast: boolean;
  /** Times it is still to be served from the cache before it is compressed at the best level. */
  hitsBeforeBetter: number;
  /** Its constant texts (the inline stylesheet), compressed once already: compressed again, only the rest is. */
  constants: PlacedConstant[];
  /** Until when (performance.now()) the page is as fresh as its route asked (its s-maxage). */
  freshUntil: number;
  /** The address it was rendered for (path and query), to render it again when it goes stale. */
  path: string;
}

/**
 * How long past its freshness a kept page may still be served while a new copy renders, and only
 * then (`StaleRefresh`): storefront changes clear the cache at once, so past its s-maxage a page
 * can be behind only on what nobody announces (stock sold at checkout), by seconds.
 */
export const STALE_PAGE_GRACE_MS = 30_000;

/**
 * What lets a kept page gone stale be served while it renders again (stale-while-revalidate,
 * kept inside the cache): whether the server is busy (renders waiting for a slot), and how to
 * render the page at `path` again into the cache, outside any visitor's request. A quiet server
 * renders a stale page for the visitor who asked, as fresh as ever; a busy one never makes a
 * visitor of a kept page wait behind a flood of new searches for it.
 */
export interface StaleRefresh {
  busy(): boolean;
  refresh(key: string, path: string): void;
}

/**
 * A page is gzipped fast when it is rendered (level 1: about a third of the CPU of the default
 * level, some 15% larger), and again at the best level, off the event loop, once a second
 * visitor shows it is worth it. A search nobody repeats never pays for the slow compression.
 */
const FAST_GZIP_LEVEL = 1;
const BEST_GZIP_LEVEL = 9;

/**
 * Recompressing a page's own text at the best level costs about a millisecond of CPU (off the
 * event loop, but the server's all the same) and makes it some 12 % smaller, 1.3 KB on a search
 * page. A page of the shop's own is served thousands of times: it is recompressed at its first
 * hit. A search or filter (`isOneOfMany`) is mostly asked for a few times within its minute: it
 * is recompressed only once it has shown itself popular, at its fourth hit. Under the bench's
 * stream of searches, some asked again within their 10 s, 3.6 % of all requests were such a
 * first hit, each then a level-9 deflate (docs/performance.md, "2026-12-07, morning").
 */
const HITS_BEFORE_BETTER = { shopPage: 1, oneOfMany: 4 };

/**
 * Whether a key's page is one of endlessly many a visitor can ask for: it has a query parameter
 * (a search, a filter, a later page) beyond `_routes`, which only names the routes of a client
 * navigation's data; or it is a collection the shop does not have (any `/collections/<word>`
 * answers an empty collection page, docs/security.md).
 */
function isOneOfMany(key: string): boolean {
  const start = key.indexOf("?");
  if (isUnknownCollection(start < 0 ? key : key.slice(0, start))) return true;
  if (start < 0) return false;
  for (const name of new URLSearchParams(key.slice(start + 1)).keys()) if (name !== "_routes") return true;
  return false;
}

const COLLECTION_PATH = /^\/+(?:api\/)?collections\/([^/]+?)(?:\.data)?$/i;

function isUnknownCollection(pathname: string): boolean {
  const slug = COLLECTION_PATH.exec(pathname)?.[1];
  if (slug === undefined) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    return true;
  }
  return !isKnownCollection(decoded);
}

const SCRIPT_OPEN = Buffer.from("<script");
const SCRIPT_CLOSE = Buffer.from("</script>");

/** The hashes of a page's executable inline scripts (JSON-LD data blocks are not scripts). */
export function inlineScriptHashes(html: Buffer): string[] {
  const hashes = new Set<string>();
  // Searched as bytes: a page is never copied into a string for this (a render's page is 80 KB
  // or more, and all but a few of its bytes are not scripts). Each script is hashed as the very
  // bytes that were sent; only a script's opening tag is read as text (latin1, a byte a character).
  for (let open = html.indexOf(SCRIPT_OPEN); open >= 0; open = html.indexOf(SCRIPT_OPEN, open + 1)) {
    const next = html[open + SCRIPT_OPEN.length];
    // "<script" must end the tag name: "<scripts>" or "<script-x>" is another element.
    if (next !== 0x3e /* > */ && next !== 0x20 && next !== 0x09 && next !== 0x0a && next !== 0x0d && next !== 0x2f) continue;
    const tagEnd = html.indexOf(0x3e /* > */, open);
    if (tagEnd < 0) break;
    const close = html.indexOf(SCRIPT_CLOSE, tagEnd);
    if (close < 0) break;
    const attributes = html.toString("latin1", open + SCRIPT_OPEN.length, tagEnd);
    if (!/\bsrc\s*=/i.test(attributes) && !/type\s*=\s*["']application\/(ld\+)?json["']/i.test(attributes)) {
      hashes.add(
        `'sha256-${crypto
          .createHash("sha256")
          .update(html.subarray(tagEnd + 1, close))
          .digest("base64")}'`,
      );
    }
    open = close;
  }
  return [...hashes];
}

/**
 * A second lock, not the policy: paths of pages that are someone's own (or the API's, but for
 * a collection's products, which its page asks as it filters, and the shipping zones and
 * exchange rates every storefront page asks once, /api/shop-rates) are never looked up, in any
 * spelling of their case or escapes. The policy is the route's
 * Cache-Control (`store`); a page missing from this list is still never stored unless its
 * route declares it public.
 */
const PERSONAL_PATH =
  /^\/+(api\/(?!collections\/[^/]+$|shop-rates$)|admin|auth|checkout|order-confirmation|track-order|account|product\/[^/]+\/review)/i;

function isPersonalPath(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return PERSONAL_PATH.test(decoded);
}

/** Kept pages, up to `max` of them and `maxBytes` of gzipped bytes, each for its time at most. */
function keptPages(max: number, maxBytes: number): LRUCache<string, KeptPage> {
  return new LRUCache<string, KeptPage>({
    max,
    ttl: PAGE_CACHE_MAX_TTL_MS + STALE_PAGE_GRACE_MS,
    maxSize: maxBytes,
    sizeCalculation: (e) => e.gzipped.length + 512,
  });
}

export class PageCache {
  /**
   * The shop's own pages: products, collections, the home and content pages. Some 600 pages of
   * 20 KB gzipped (kept pages are recompressed smaller), more than a shop of hundreds of products
   * has. The server's whole memory budget is 250 MB: at 32 MB of kept pages the embedded
   * database's server reached 276–280 MB (docs/performance.md, "2026-12-05, 07:35–08:45 UTC").
   */
  private entries = keptPages(2_000, 12 * 1024 * 1024);

  /**
   * Searches, filters and collections the shop does not have (`isOneOfMany`), apart and smaller:
   * however many of them are asked twice, they push none of the shop's own pages out, and a
   * stream of searches holds 4 MB of memory, not the whole cache's (the embedded database's
   * server peaked 252–253 MB under the bench's searches with one cache of 16 MB for both).
   */
  private searches = keptPages(1_000, 4 * 1024 * 1024);

  /** Where the page under `key` is kept (or would be); `oneOfMany` when already known. */
  private keptFor(key: string, oneOfMany = isOneOfMany(key)): LRUCache<string, KeptPage> {
    return oneOfMany ? this.searches : this.entries;
  }

  /** The page kept under `key`, of any age; the shop's own pages, the most asked, looked in first. */
  private lookUp(key: string): KeptPage | undefined {
    return this.entries.get(key) ?? this.searches.get(key);
  }

  /**
   * How many times each page with a query (`isOneOfMany`) was asked for in the last
   * PAGE_CACHE_MAX_TTL_MS. Such a page is kept only from its second asking on, two at the same
   * moment included: anyone can make endless new searches, and a flood of searches nobody
   * repeats would otherwise push every product and collection page out of the cache.
   */
  private asked = new LRUCache<string, number>({ max: 10_000, ttl: PAGE_CACHE_MAX_TTL_MS });

  /** `maxTtlMs`: the longest a page is kept, whatever its s-maxage (PAGE_CACHE_MAX_TTL_MS). */
  constructor(
    private readonly policyForHashes: (hashes: string[]) => string,
    private readonly maxTtlMs = PAGE_CACHE_MAX_TTL_MS,
  ) {}

  /**
   * The key a request's response would be kept under, or null when it may neither be served
   * from nor go into the cache. Whether it is stored is decided by the response (`store`).
   * Paths only the catch-all route answers (`catchAllOnly`, server/unknown-paths.ts) share one
   * key: their 404 page is the same, so a flood of made-up paths is rendered once.
   */
  keyFor(request: Request, options: KeyOptions = {}): string | null {
    if (request.method !== "GET") return null;
    return this.keyForUrl(new URL(request.url), options);
  }

  /** `keyFor` of a GET request for `url`. */
  keyForUrl(url: URL, { catchAllOnly }: KeyOptions = {}): string | null {
    if (isPersonalPath(url.pathname)) return null;
    if (catchAllOnly?.(url.pathname)) return NOT_FOUND_KEY;
    const query = pageQuery(url.pathname, url.searchParams);
    return query === null ? null : url.pathname + query;
  }

  /** Renders kept pages gone stale again while their last copy is served (set once by the server). */
  staleRefresh: StaleRefresh | null = null;

  /** The page kept under `key` as sent to `request`; `anyAge`: stale too, however busy (the database away). */
  get(key: string, request: Request, { anyAge = false } = {}): Response | null {
    const entry = anyAge ? this.lookUp(key) : this.keptPage(key);
    return entry ? served(entry, request, "HIT") : null;
  }

  /**
   * The page kept under `key`, as it is stored (server/cached-page-listener.ts sends it
   * straight from Node's http layer); asking for it counts as a visit (`compressBetter`). Past
   * its freshness it is given only while a new copy is on its way: one already rendering, or
   * one started now because the server is busy (`staleRefresh`); else undefined, and the visitor's
   * request renders it.
   */
  keptPage(key: string): KeptPage | undefined {
    const entry = this.lookUp(key);
    if (!entry) return undefined;
    if (performance.now() >= entry.freshUntil) {
      if (this.rendering.has(key)) return entry;
      if (!this.staleRefresh?.busy()) return undefined;
      this.staleRefresh.refresh(key, entry.path);
      return entry;
    }
    if (entry.compressedFast && --entry.hitsBeforeBetter <= 0) this.compressBetter(key, entry);
    return entry;
  }

  private compressBetter(key: string, entry: KeptPage): void {
    entry.compressedFast = false;
    // zlib's asynchronous calls run on libuv's thread pool, beside the requests being served. The
    // stylesheet, half the page, is compressed at the best level once for all pages: only the
    // page's own text is compressed again (a third of the CPU of the whole page at level 9).
    zlib.gunzip(entry.gzipped, (inflateError, body) => {
      if (inflateError) return;
      gzipPiecesOffThread(piecesAround(body, entry.constants), BEST_GZIP_LEVEL).then(
        (smaller) => {
          // Kept again for the time it had left, so the cache counts its new, smaller size.
          const kept = this.keptFor(key);
          const ttl = kept.getRemainingTTL(key);
          if (kept.peek(key) !== entry || !(ttl > 0)) return;
          kept.set(key, { ...entry, gzipped: smaller }, { ttl });
        },
        () => {},
      );
    });
  }

  /**
   * Stores a successful, cookie-free HTML, data or JSON response whose route declared it public
   * (`Cache-Control: public, s-maxage=N`), for N seconds (capped), a page with a query only once
   * it has been asked for twice (`asked`), and a 404 only as the one page of all made-up paths
   * (NOT_FOUND_KEY), never one per path: anyone can make endlessly many paths. Returns the
   * response to send: the stored one (compressed once, here, for everyone), or the response as
   * it came when it may not be stored.
   */
  async store(key: string, response: Response, { request, prepareHtml }: StoreOptions = {}): Promise<Response> {
    const type = response.headers.get("content-type") ?? "";
    const html = type.startsWith("text/html");
    const seconds = sharedCacheSeconds(response.headers.get("cache-control"));
    const storable =
      seconds !== null &&
      (response.status === 200 || (response.status === 404 && key === NOT_FOUND_KEY)) &&
      !response.headers.has("set-cookie") &&
      (html || type.startsWith("text/x-script") || type.startsWith("application/json"));
    if (!storable) return response;
    // A page rendered whole is read as the Buffer it was made from: asking for its `body` would
    // wrap that Buffer in a stream first (@hono/node-server's Response builds one on demand).
    const whole = wholeBodyOf(response);
    if (!whole && !response.body) return response;
    const rendered = whole ?? Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    if (html) headers.set("Content-Security-Policy", this.policyForHashes(inlineScriptHashes(rendered)));
    const pieces = html && prepareHtml ? prepareHtml(rendered) : [rendered];
    const freshForMs = Math.min(seconds * 1000, this.maxTtlMs);
    const oneOfMany = isOneOfMany(key);
    const entry: KeptPage = {
      status: response.status,
      headers: [...headers.entries()],
      gzipped: gzipPieces(pieces, FAST_GZIP_LEVEL),
      compressedFast: true,
      hitsBeforeBetter: oneOfMany ? HITS_BEFORE_BETTER.oneOfMany : HITS_BEFORE_BETTER.shopPage,
      constants: placedConstants(pieces),
      freshUntil: performance.now() + freshForMs,
      path: request ? pathAndQuery(request.url) : key,
    };
    // Served compressed like a kept page either way; kept only when worth it (`asked`).
    if (!oneOfMany || (this.asked.get(key) ?? 0) >= 2) {
      this.keptFor(key, oneOfMany).set(key, entry, { ttl: freshForMs + STALE_PAGE_GRACE_MS });
    }
    return served(entry, request, "MISS");
  }

  /** Renders in flight, by key: everyone asking for a page while it renders shares that render. */
  private rendering = new Map<string, Promise<void>>();

  /** Whether the page under `key` is being rendered now (asking for it then costs no render of its own). */
  isRendering(key: string): boolean {
    return this.rendering.has(key);
  }

  /**
   * The page for `key`: from the cache, or rendered once however many ask for it at the same
   * moment (`render` stores it when its route allows). Those who waited are served the stored
   * page; if it could not be stored (a private answer, an error), each renders its own.
   */
  async renderOnce(key: string, request: Request, render: () => Promise<Response>): Promise<Response> {
    const cached = this.get(key, request);
    if (cached) return cached;
    if (isOneOfMany(key)) this.asked.set(key, (this.asked.get(key) ?? 0) + 1);
    const pending = this.rendering.get(key);
    if (pending) {
      await pending;
      const stored = this.get(key, request);
      if (stored) return stored;
      return render();
    }
    let finished = () => {};
    this.rendering.set(key, new Promise<void>((resolve) => (finished = resolve)));
    try {
      return await render();
    } finally {
      this.rendering.delete(key);
      finished();
    }
  }

  /**
   * A page anyone may be served, for `request`: from the cache, or rendered once as anyone would
   * see it (`sharedRequest`: no cookies) and stored when its route declares it public. When the
   * page may not be kept after all (a private route missing from PERSONAL_PATH, an error page)
   * and the visitor sent cookies, it is rendered again for them, with their cookies: a signed-in
   * shopper is never shown a page of theirs as if they were signed out.
   */
  async serve(
    key: string,
    request: Request,
    render: (request: Request, { shared }: { shared: boolean }) => Promise<Response>,
    options: Pick<StoreOptions, "prepareHtml"> = {},
  ): Promise<Response> {
    return this.renderOnce(key, request, async () => {
      const rendered = await render(sharedRequest(request), { shared: true });
      const answer = await this.store(key, rendered, { ...options, request });
      // A 503 (the shop busy, the database away) is nobody's own page: sent as it is.
      if (answer !== rendered || !request.headers.has("cookie") || rendered.status === 503) return answer;
      await rendered.body?.cancel();
      return render(request, { shared: false });
    });
  }

  /**
   * Renders the page kept under `key` again, for the cache alone, while its stale copy is served
   * (`StaleRefresh`); once at a time per page. What the render answers replaces the copy when it
   * may be kept; anything else (an error, a page no longer public) leaves the copy to expire.
   */
  refresh(
    key: string,
    request: Request,
    render: (request: Request) => Promise<Response>,
    options: Pick<StoreOptions, "prepareHtml"> = {},
  ): Promise<void> {
    if (this.rendering.has(key)) return Promise.resolve();
    let finished = () => {};
    this.rendering.set(key, new Promise<void>((resolve) => (finished = resolve)));
    // A page with a query was kept because it was asked for twice; it is still worth keeping.
    if (isOneOfMany(key)) this.asked.set(key, Math.max(2, this.asked.get(key) ?? 0));
    return render(sharedRequest(request))
      .then((rendered) => this.store(key, rendered, { ...options, request }))
      .then((answer) => answer.body?.cancel())
      .finally(() => {
        this.rendering.delete(key);
        finished();
      });
  }

  clear(): void {
    this.entries.clear();
    this.searches.clear();
  }
}

function pathAndQuery(url: string): string {
  const { pathname, search } = new URL(url);
  return pathname + search;
}

/** A kept page as sent to `request`: gzipped when it accepts gzip, marked HIT or MISS. */
function served(entry: KeptPage, request: Request | undefined, cache: "HIT" | "MISS"): Response {
  const headers = new Headers(entry.headers);
  headers.set("X-Cache", cache);
  headers.append("Vary", "Accept-Encoding");
  const gzip = /\bgzip\b/.test(request?.headers.get("accept-encoding") ?? "");
  if (gzip) headers.set("Content-Encoding", "gzip");
  const bytes = gzip ? entry.gzipped : zlib.gunzipSync(entry.gzipped);
  // A Buffer is a Uint8Array, which Response takes; the DOM typings just do not say so.
  return new Response(bytes as unknown as BodyInit, { status: entry.status, headers });
}

/**
 * The request a cacheable page is rendered from: the visitor's request without its cookies, so
 * no loader of a shared page can read a session (or anything else of the visitor's) by
 * mistake. A page that needs the session must be personal (a private Cache-Control, and in
 * PERSONAL_PATH so it is rendered once, for the visitor; one missing from the list is rendered
 * twice, as anyone and then for the visitor: right, but twice the work).
 */
export function sharedRequest(request: Request): Request {
  if (!request.headers.has("cookie")) return request;
  const headers = new Headers(request.headers);
  headers.delete("cookie");
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}
