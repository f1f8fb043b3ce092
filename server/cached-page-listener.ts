import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { lastForwardedValue } from "~/lib/http.server";
import type { Logger } from "./logger";
import type { ShopMetrics } from "./metrics";
import { NOT_FOUND_KEY, type KeptPage, type PageCache } from "./page-cache";
import { securityHeaders } from "./security-headers";

export interface CachedPageListenerOptions {
  pageCache: PageCache;
  /** The page-cache key of a request's URL, or null (server/page-keys.ts). */
  keyOf: (url: string | undefined) => string | null;
  /** True only while the shop is known to be open: settings read within their cache time, maintenance off. */
  shopOpen: () => boolean;
  /** PUBLIC_URL's origin, and whether X-Forwarded-Proto of a trusted proxy counts (config). */
  origin: string;
  trustProxy: boolean;
  logger: Logger;
  metrics: ShopMetrics;
}

/**
 * Serves a page the page cache holds straight from Node's `http` layer, before any per-request
 * framework work: no Web `Request` or `Response` is built, the kept page's headers are written as
 * one precomputed list and its gzipped bytes as they are stored. A kept page costs what sending
 * it costs (issue 44: about a tenth of the framework's path).
 *
 * The answer is the one the framework's path gives a hit (server/http.ts, `PageCache.get`): the same
 * key rules (`PageCache.keyForUrl`), headers, `Vary`, security headers, request id, log line and
 * metrics. Anything this does not know to be a plain hit goes on to the framework: a method other
 * than GET, a browser that does not take gzip, a page not kept, a URL not in the usual form, and
 * every request while the shop is closed for maintenance or its settings' cached read has expired
 * (the framework's path reads them again, at most once every few seconds).
 *
 * Returns a listener that answers and returns true, or returns false and writes nothing.
 */
export function cachedPageListener(options: CachedPageListenerOptions): (request: IncomingMessage, response: ServerResponse) => boolean {
  const { pageCache, keyOf, shopOpen, logger, metrics } = options;
  const alwaysHttps = options.origin.startsWith("https://");
  const headerLists = new WeakMap<KeptPage, { plain?: string[]; https?: string[] }>();
  const headersOf = (page: KeptPage, https: boolean): string[] => {
    let lists = headerLists.get(page);
    if (!lists) headerLists.set(page, (lists = {}));
    const variant = https ? "https" : "plain";
    return (lists[variant] ??= hitHeaders(page, https));
  };

  return (request, response) => {
    const url = request.url;
    if (request.method !== "GET" || !url) return false;
    if (!/\bgzip\b/.test(request.headers["accept-encoding"] ?? "") || !shopOpen()) return false;
    const key = keyOf(url);
    const page = key && pageCache.keptPage(key);
    if (!page) return false;
    const started = performance.now();
    const https =
      alwaysHttps ||
      (options.trustProxy && lastForwardedValue(headerText(request.headers["x-forwarded-proto"]))?.toLowerCase() === "https");
    const requestId = headerText(request.headers["x-request-id"])?.slice(0, 64) || crypto.randomUUID();
    response.writeHead(page.status, [...headersOf(page, https), "x-request-id", requestId]);
    response.end(page.gzipped);
    const path = url.split("?", 1)[0]!;
    if (key === NOT_FOUND_KEY) logger.child({ requestId }).warn({ path }, "404: unknown path");
    const ms = performance.now() - started;
    metrics.observe(path, page.status, ms / 1000, "HIT");
    logger.info({ requestId, method: "GET", path, status: page.status, ms: Math.round(ms * 10) / 10 });
    return true;
  };
}

/** The headers of a kept page sent gzipped, as a flat [name, value, …] list for `writeHead`. */
function hitHeaders(page: KeptPage, https: boolean): string[] {
  const list: string[] = [];
  for (const [name, value] of page.headers) {
    // The policy of a page reached over https asks the browser to fetch what it links over https (withHttpsPolicy).
    const upgraded =
      https && name === "content-security-policy" && !value.includes("upgrade-insecure-requests")
        ? `${value}; upgrade-insecure-requests`
        : value;
    list.push(name, upgraded);
  }
  list.push("x-cache", "HIT", "vary", "Accept-Encoding", "content-encoding", "gzip", "content-length", String(page.gzipped.length));
  for (const [name, value] of securityHeaders("production")) list.push(name, value);
  return list;
}

export function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}
