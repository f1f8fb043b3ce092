import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { PRIVATE_PAGE_CACHE_CONTROL } from "~/lib/cache-control";
import { headerViewerOf, type HeaderViewer } from "~/lib/header-viewer";
import { hasAuthCookie } from "~/modules/auth/auth-cookies";
import { readSessionByCookie } from "~/modules/auth/session-read.server";
import type { AppServices } from "~/context.server";
import { headerText } from "./cached-page-listener";
import type { Logger } from "./logger";
import type { ShopMetrics } from "./metrics";
import { securityHeaders } from "./security-headers";

export const VIEWER_PATH = "/api/viewer";

export interface ViewerListenerOptions {
  services: Pick<AppServices, "auth" | "database">;
  /** True only while the shop is known to be open (as for kept pages) and its database answering. */
  shopOpen: () => boolean;
  logger: Logger;
  metrics: ShopMetrics;
}

/**
 * Answers the header's "who is signed in" (GET /api/viewer, app/routes/api/viewer.ts) from Node's
 * `http` layer in its two everyday cases: no session cookie (`{"viewer":null}`), and a session
 * that the one-query read confirms (app/modules/auth/session-read.server.ts). Every signed-in page
 * view asks it once, and through the framework it cost a Web `Request`, React Router's matching,
 * a `Response` and their garbage: under load the embedded database's server grew past its
 * 250 MB in this line alone (docs/performance.md, issue 44).
 *
 * The answer is the route's, byte for byte: the same JSON, `Cache-Control`, security headers,
 * request id, log line and metrics. Anything else goes on to the framework (`passOn`), whose route
 * asks better-auth: a session to renew (it sends a new cookie), an expired, unknown or forged one
 * (it clears the cookie), a leftover session-data cookie, a database error (the framework tells
 * the outage apart), and every request while the shop is closed or its settings' read is stale.
 *
 * Returns a listener that takes the request (true) or leaves it untouched (false).
 */
export function viewerListener(
  options: ViewerListenerOptions,
): (request: IncomingMessage, response: ServerResponse, passOn: () => void) => boolean {
  const { services, shopOpen, logger, metrics } = options;
  const headers = [
    "cache-control",
    PRIVATE_PAGE_CACHE_CONTROL,
    "content-type",
    "application/json",
    ...securityHeaders("production").flat(),
  ];

  const send = (request: IncomingMessage, response: ServerResponse, viewer: HeaderViewer | null, started: number) => {
    const body = JSON.stringify({ viewer });
    const requestId = headerText(request.headers["x-request-id"])?.slice(0, 64) || crypto.randomUUID();
    response.writeHead(200, [...headers, "content-length", String(Buffer.byteLength(body)), "x-request-id", requestId]);
    response.end(body);
    const ms = performance.now() - started;
    metrics.observe(VIEWER_PATH, 200, ms / 1000, null);
    logger.info({ requestId, method: "GET", path: VIEWER_PATH, status: 200, ms: Math.round(ms * 10) / 10 });
  };

  return (request, response, passOn) => {
    if (request.method !== "GET" || request.url !== VIEWER_PATH || !shopOpen()) return false;
    const started = performance.now();
    const cookie = headerText(request.headers.cookie) ?? null;
    if (!hasAuthCookie(cookie)) {
      send(request, response, null, started);
      return true;
    }
    readSessionByCookie(cookie, services).then(
      (viewer) => (viewer ? send(request, response, headerViewerOf(viewer), started) : passOn()),
      () => passOn(),
    );
    return true;
  };
}
