import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { busyAnswerParts } from "./busy-answer";
import { headerText } from "./cached-page-listener";
import type { Logger } from "./logger";
import type { ShopMetrics } from "./metrics";
import type { RenderQueue } from "./render-queue";
import { securityHeaders } from "./security-headers";

export interface RenderAdmissionOptions {
  renderQueue: RenderQueue;
  /** The page-cache key of a request's URL, or null: not a page anyone may be served (server/page-keys.ts). */
  keyOf: (url: string | undefined) => string | null;
  /** Whether the page under a key is being rendered now (whoever asks for it shares that render). */
  isRendering: (key: string) => boolean;
  /** The store name to put on the busy page (the last read: nothing here waits on the database). */
  storeName: () => string;
  logger: Logger;
  metrics: ShopMetrics;
}

/**
 * Turns away, at Node's `http` layer and before any framework work, a request for a page anyone
 * may be served that is not kept (a new search, a filter, a later page) when the render queue
 * could not start its render within the longest wait (`RenderQueue.admitsPage`): the visitor is
 * answered "One moment, please" (503 with Retry-After, server/busy-answer.ts) at once.
 *
 * Why here: a flood of new searches answered through the framework cost a millisecond or more
 * each only to be told to come back (the Web Request and Response, the middleware, a gzip
 * stream for the page), and on the embedded database, whose queries run in this process, those
 * milliseconds lengthen every turn of the event loop. Node accepts one new connection a turn
 * (libuv), so long turns kept new visitors, kept pages and checkout among them, waiting
 * seconds before their request was even read.
 *
 * Called after the kept-page fast path (server/cached-page-listener.ts): kept pages never wait.
 * A shopper's own pages, checkout and every POST are never turned away: they have no key here
 * and go to the framework, where they go first in the render queue. Returns true when it
 * answered, false when it wrote nothing.
 */
export function renderAdmission(options: RenderAdmissionOptions): (request: IncomingMessage, response: ServerResponse) => boolean {
  const { renderQueue, keyOf, isRendering, storeName, logger, metrics } = options;
  const everyAnswersHeaders = securityHeaders("production").flat();
  return (request, response) => {
    if (request.method !== "GET" || renderQueue.admitsPage()) return false;
    const key = keyOf(request.url);
    if (!key || isRendering(key)) return false;
    const started = performance.now();
    renderQueue.turnedAway++;
    const url = new URL(request.url!, "http://shop.invalid");
    const { status, headers, body } = busyAnswerParts(url, "GET", storeName());
    const requestId = headerText(request.headers["x-request-id"])?.slice(0, 64) || crypto.randomUUID();
    const list = [...headers.flat(), ...everyAnswersHeaders, "x-request-id", requestId];
    if (body) list.push("content-length", String(body.length));
    response.writeHead(status, list);
    response.end(body ?? undefined);
    const ms = performance.now() - started;
    metrics.observe(url.pathname, status, ms / 1000, null);
    logger.info({ requestId, method: "GET", path: url.pathname, status, ms: Math.round(ms * 10) / 10, shed: "at arrival" });
    return true;
  };
}
