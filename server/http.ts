import { Hono, type Context } from "hono";
import { compress } from "hono/compress";
import crypto from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import os from "node:os";
import path from "node:path";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import type { AppServices } from "~/context.server";
import { runInActivityScope } from "~db/activity-scope";
import { requestLogger, type Logger } from "./logger";
import { contentSecurityPolicy, FORM_ACTION_HEADER, formActionOrigins, newNonce } from "./csp";
import { MAINTENANCE_HEADERS } from "~/modules/settings/maintenance.server";
import { PRIVATE_PAGE_CACHE_CONTROL } from "~/lib/cache-control";
import { NOT_FOUND_KEY, type PageCache } from "./page-cache";
import { asPublicRequest, clientAddress, makeCookiesSecure, reachedOverHttps } from "./proxy";
import { limitRequestBody } from "./body-limit";
import { StylesheetInliner } from "./inline-stylesheet";
import { devIslandsManifest, readIslandsManifest } from "./islands-manifest";
import { ISLANDS_MANIFEST_FILE } from "~/islands/islands-manifest";
import { maintenanceVerdict, pagePathsOf } from "./maintenance-gate";
import { reviewPhotoVisible } from "~/modules/reviews/review-photos.server";
import { serveUploads } from "./uploads";
import { IMMUTABLE, isUnloggedFilePath, PUBLIC_FILE_CACHE_CONTROL, staticFiles } from "./static-files";
import { staticFileListener } from "./static-file-listener";
import { catchAllOnlyPaths } from "./unknown-paths";
import type { DatabaseAvailability } from "./database-availability";
import { databaseOutageAnswer, FALLBACK_STORE_NAME, isDatabaseOutageAnswer } from "./database-outage";
import { freshStoreSettings, lastReadStoreSettings } from "~/modules/settings/settings.server";
import { cachedPageListener } from "./cached-page-listener";
import { viewerListener } from "./viewer-listener";
import { pageKeysByUrl } from "./page-keys";
import { renderAdmission } from "./render-admission";
import type { OwnerAlerting } from "./owner-alerting";
import { captureServerError } from "./error-tracking";
import { bearerMatches, ShopMetrics } from "./metrics";
import { addHealthRoutes } from "./health";
import { securityHeaders } from "./security-headers";
import { setAnswerHeader } from "./answer-headers";
import { RenderQueue, TURNED_AWAY, type RenderPriority } from "./render-queue";
import { busyAnswer, isBusyAnswer } from "./busy-answer";
import type { Lifecycle } from "./lifecycle";

export interface HttpAppOptions {
  services: AppServices & { pageCache: PageCache; databaseAvailability: DatabaseAvailability; ownerAlerting?: OwnerAlerting };
  logger: Logger;
  /** The built server bundle, or a function returning it (dev: Vite loads it per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  /** Folder of built browser assets (production only; Vite serves them in dev). */
  clientDir?: string;
  /** Set draining by the shutdown (server/lifecycle.ts): `/api/ready` then answers 503. */
  lifecycle?: Lifecycle;
  /** How many renders run at once (RENDER_SLOTS_PER_CORE per core unless given). */
  renderSlots?: number;
  /** The longest a page anyone may be served waits for a render (LONGEST_PAGE_WAIT_MS unless given). */
  longestPageWaitMs?: number;
}

/**
 * How many renders (pages, their data, resource routes) run at once per core. Past that, a
 * render waits for a slot instead of starting (server/render-queue.ts): a hundred renders started
 * together all finish late, each holding its loader data and half-written page in memory (peaks
 * of several hundred MB), and starve the cached pages and API calls that need only a moment. Two
 * per core keeps a core busy while another render waits on the database. Kept pages never wait:
 * they are served before any render.
 */
const RENDER_SLOTS_PER_CORE = 2;

/**
 * The longest a page anyone may be served (a new search, say) waits for a render slot before it
 * is answered "busy, try again in a moment" (server/busy-answer.ts). With the render itself
 * (tens of milliseconds, a few hundred at worst on a starved machine), nobody waits a second.
 * A shopper's own pages and actions are never turned away and go first.
 */
const LONGEST_PAGE_WAIT_MS = 700;

/** The shop's Hono app (tests call it with Web requests; `createShopHttp` adds the kept-page fast path). */
export function createHttpApp(options: HttpAppOptions) {
  return createShopHttp(options).app;
}

/**
 * The shop's HTTP answers: the Hono app, and `answerBeforeApp`, which a Node server calls first
 * with each request: from the http layer itself it sends a page the page cache holds
 * (server/cached-page-listener.ts), or turns a new page away when the renders are full
 * (server/render-admission.ts), or answers the header's /api/viewer (server/viewer-listener.ts),
 * and says whether it took the request; everything else goes to the app.
 */
export function createShopHttp(options: HttpAppOptions) {
  const { services, logger, build, mode, clientDir, lifecycle = { draining: false } } = options;
  const app = new Hono<{ Variables: { requestId: string; clientIp: string; arrivedAt: number } }>();
  const { config } = services;
  const pageCache = services.pageCache;
  const handleRequest = createRequestHandler(build, mode);
  // Made-up paths share one cached 404 page (a development build's routes change as you edit).
  const catchAllOnly = typeof build === "function" ? undefined : catchAllOnlyPaths(build.routes);
  // What maintenance mode lets render its page (every other closed path is refused).
  const isPage = typeof build === "function" ? undefined : pagePathsOf(build.routes);
  const dev = mode === "development";
  // Pages of islands (decision 021): the build's, or under `npm run dev` the same pages served by Vite.
  const islands = dev ? devIslandsManifest() : clientDir ? readIslandsManifest(path.join(clientDir, "..", ISLANDS_MANIFEST_FILE)) : null;
  // Cached pages carry the stylesheet inside them (production builds only).
  const islandEntries = Object.values(islands?.pages ?? {}).map((page) => page.entry);
  const stylesheet = clientDir ? new StylesheetInliner(clientDir, { islandEntries }) : null;
  // Renders are CPU work: a few at a time, the rest wait their turn (RENDER_SLOTS_PER_CORE).
  const renderSlots = options.renderSlots ?? Math.max(2, os.availableParallelism() * RENDER_SLOTS_PER_CORE);
  const renderQueue = new RenderQueue(renderSlots, options.longestPageWaitMs ?? LONGEST_PAGE_WAIT_MS);
  const metrics = new ShopMetrics(services.database, () => services.ownerAlerting?.jobFailures.counts ?? new Map());
  const serverErrors = services.ownerAlerting?.serverErrors;

  // Prometheus metrics, only with METRICS_TOKEN (without it the path is an unknown page, 404), only
  // to a bearer of it; answered before anything else: never cached, never in the request log.
  const metricsToken = config.metricsToken;
  if (metricsToken) {
    app.get("/metrics", async (c) => {
      const headers = { "Cache-Control": "no-store" };
      if (!bearerMatches(c.req.header("authorization"), metricsToken)) {
        return c.text("Unauthorized", 401, { ...headers, "WWW-Authenticate": 'Bearer realm="metrics"' });
      }
      return c.body(await metrics.registry.metrics(), 200, { ...headers, "Content-Type": metrics.registry.contentType });
    });
  }

  // One log line per request, with its id, status and duration.
  app.use("*", async (c, next) => {
    const started = performance.now();
    c.set("arrivedAt", started);
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || crypto.randomUUID();
    c.set("requestId", requestId);
    await next();
    setAnswerHeader(c, "X-Request-Id", requestId);
    const path = c.req.path;
    const status = c.res.status;
    metrics.observe(path, status, (performance.now() - started) / 1000, c.res.headers.get("X-Cache"));
    // Health checks every few seconds are logged only when they fail.
    const probe = path === "/api/health" || path === "/api/ready";
    // A burst of server errors tells the owner; the "back in a moment" of an outage, maintenance's
    // and draining's 503s (they say when to come back) and a failing readiness probe are not errors.
    if (status >= 500 && !probe && !(status === 503 && c.res.headers.has("Retry-After"))) {
      serverErrors?.record(path, requestId);
    }
    if (!(probe && status === 200) && !isUnloggedFilePath(path) && !path.startsWith("/@")) {
      logger.info({
        requestId,
        method: c.req.method,
        path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    }
  });

  const everyAnswersHeaders = securityHeaders(mode);
  app.use("*", async (c, next) => {
    await next();
    for (const [name, value] of everyAnswersHeaders) setAnswerHeader(c, name, value);
  });

  app.use("*", compress());

  app.use(
    "/uploads/*",
    serveUploads(services.database.db, services.config.dataDir, logger, (request, filePath) =>
      // Who asks matters here (staff, the author), not from where: no address is counted.
      reviewPhotoVisible(request, filePath, { ...services, log: logger, clientIp: "" }),
    ),
  );

  // First path segments answered by files (the build's assets, uploads, public/) or by /metrics
  // before any page: the kept-page fast path leaves them alone (its catch-all key would match them).
  const answeredBeforePages = new Set(["assets", "uploads", "metrics"]);
  if (clientDir) {
    // Fingerprinted build output never changes under its name. Its scripts and stylesheets
    // were compressed at build time (vite.config.ts): each goes out as the .br or .gz beside it
    // when the browser accepts that, and the compression middleware leaves it be.
    const serveAsset = staticFiles({ root: clientDir, precompressed: true }, IMMUTABLE);
    app.use("/assets/*", async (c, next) => (await serveAsset(c)) ?? next());
    // The rest of public/ (images, icons), looked for only under its own top-level names: a
    // page request costs no file lookup.
    const publicNames = new Set(fs.readdirSync(clientDir).filter((name) => name !== "assets"));
    for (const name of publicNames) answeredBeforePages.add(name);
    const servePublic = staticFiles({ root: clientDir }, PUBLIC_FILE_CACHE_CONTROL);
    app.use("*", async (c, next) => (publicNames.has(c.req.path.split("/")[1] ?? "") ? ((await servePublic(c)) ?? next()) : next()));
  }

  const availability = services.databaseAvailability;
  // Who is asking (the address the rate limits count), then how much they may send.
  const requestContext = (c: { get(key: "requestId" | "clientIp"): string }, outage: RequestOutage) => ({
    ...services,
    islands,
    log: requestLogger(logger, c.get("requestId")),
    requestId: c.get("requestId"),
    clientIp: c.get("clientIp"),
    noticeDatabaseError: (error: unknown) => (availability.notice(error) ? (outage.met = true) : false),
    reportServerError: (error: unknown, path: string) => captureServerError(error, { requestId: c.get("requestId"), path }),
  });
  app.use("*", async (c, next) => {
    c.set("clientIp", clientAddress(c, config.trustProxy));
    await next();
  });
  app.use("*", (c, next) => limitRequestBody(c, next, { ...services, log: logger, clientIp: c.get("clientIp") }));
  addHealthRoutes(app as never, { database: services.database, availability, lifecycle, outageAnswer: (request) => outageAnswer(request) });

  app.all("*", async (c) => {
    try {
      // A change (never a GET) runs in a scope where the admin's guard names who acts, for the
      // activity log (db/activity-scope.ts).
      const method = c.req.method;
      return await (method === "GET" || method === "HEAD" ? answer(c) : runInActivityScope(() => answer(c)));
    } catch (thrown) {
      // The database went away while answering (the maintenance gate's settings, a session).
      if (availability.notice(thrown)) return whileDatabaseAway(c.req.raw);
      // Hono's error handler takes only Errors: anything else thrown (a Response, a React
      // Router `data()`) would end as an empty 500 with nothing logged.
      if (thrown instanceof Response) return thrown;
      throw thrown instanceof Error ? thrown : new Error(`Non-error thrown while answering: ${String(thrown)}`);
    }
  });

  async function answer(c: Context<{ Variables: { requestId: string; clientIp: string; arrivedAt: number } }>): Promise<Response> {
    // While the database is away, nothing waits on it: a kept page, else "back in a moment".
    if (availability.down) return whileDatabaseAway(c.req.raw);
    const nonce = newNonce();
    // Everything logged while answering this request carries its id without passing it.
    const outage: RequestOutage = { met: false };
    const context = requestContext(c, outage);
    const https = reachedOverHttps(c.req.raw, config.origin, config.trustProxy);
    const maintenance = await maintenanceVerdict(c.req.raw, context, isPage);
    if (maintenance.closed && maintenance.refusal) return maintenance.refusal;

    const cacheKey = dev || maintenance.closed ? null : pageCache.keyFor(c.req.raw, { catchAllOnly });
    if (!cacheKey) {
      // (Posts are never cached: they all come this way, under the shop's public address.)
      const personal = await render(
        asPublicRequest(c.req.raw, config),
        { ...context, cspNonce: nonce, renderComplete: false, closedForMaintenance: maintenance.closed },
        outage,
        "shopper",
        c.get("arrivedAt"),
      );
      return withHttpsPolicy(withInlineStylesheet(personal, new URL(c.req.url).pathname), https);
    }
    // Rendered once for everyone asking at that moment, as anyone would see it, and kept when
    // the route says it is public; a page that turns out personal is rendered for the visitor.
    const response = await pageCache.serve(
      cacheKey,
      c.req.raw,
      (request, { shared }) =>
        render(
          request,
          { ...context, cspNonce: nonce, renderComplete: shared, closedForMaintenance: false },
          outage,
          // Rendered as anyone sees it: it waits its turn; again for the visitor: their own page.
          shared ? "page" : "shopper",
          c.get("arrivedAt"),
        ),
      { prepareHtml: stylesheet?.inline },
    );
    // The not-found route warns of each unknown path it renders; one served its kept page is warned of here.
    if (cacheKey === NOT_FOUND_KEY && response.headers.get("X-Cache") === "HIT") {
      context.log.warn({ path: c.req.path }, "404: unknown path");
    }
    // A page that could not be kept (a 404, a visitor's own answer) was sent as rendered.
    const kept = response.headers.has("X-Cache");
    return withHttpsPolicy(kept ? response : withInlineStylesheet(response, new URL(c.req.url).pathname), https);
  }

  /**
   * A shopper's own page (checkout, confirmation, account, sign-in) and a page not found carry
   * the stylesheet inside them too: checkout is where a slow phone must not wait for a second
   * request. The admin's pages keep the link, which the browser has cached after their first page.
   */
  function withInlineStylesheet(response: Response, pathname: string): Response {
    if (!stylesheet || !isOfType(response, "text/html") || !response.body || /^\/+admin(\/|$)/i.test(pathname)) return response;
    // The "back in a moment" page carries its own few rules, allowed by its own policy.
    if (isDatabaseOutageAnswer(response) || isBusyAnswer(response)) return response;
    const headers = new Headers(response.headers);
    headers.delete("Content-Length");
    return new Response(stylesheet.inlineStream(response.body), { status: response.status, statusText: response.statusText, headers });
  }

  /**
   * While the database is away: the page as kept in the page cache when it is there (better for
   * shoppers than nothing), else the "back in a moment" 503, which the cache never keeps.
   */
  function whileDatabaseAway(request: Request): Response {
    const key = dev ? null : pageCache.keyFor(request, { catchAllOnly });
    return (key ? pageCache.get(key, request, { anyAge: true }) : null) ?? outageAnswer(request);
  }

  /** "Back in a moment", named with the store name last read (none can be read now). */
  function outageAnswer(request: Request): Response {
    return databaseOutageAnswer(request, storeNameNow());
  }

  /** The store name last read (a brief page made here cannot wait for the database). */
  function storeNameNow(): string {
    return lastReadStoreSettings(services.database.db)?.storeName ?? FALLBACK_STORE_NAME;
  }

  /** The app's answer, with the headers every response gets: a private Cache-Control unless the route said otherwise, the CSP, maintenance's. */
  async function render(request: Request, context: AppLoadContext, outage: RequestOutage, priority: RenderPriority, arrivedAt: number) {
    const response = await renderQueue.run(
      priority,
      () => {
        // Whoever gave up while waiting for a slot is not rendered for.
        if (request.signal.aborted) return Promise.resolve(new Response(null, { status: 499 }));
        metrics.rendered();
        return handleRequest(request, context);
      },
      arrivedAt,
    );
    if (response === TURNED_AWAY) return busyAnswer(request, storeNameNow());
    // An answer that failed for want of the database (the route told handleError, or the
    // database is known away) is "back in a moment", not an error page.
    if (response.status >= 500 && (outage.met || availability.down)) {
      await response.body?.cancel();
      return outageAnswer(request);
    }
    // Nothing the app answers is kept by a browser or proxy unless its route said it may be.
    if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", PRIVATE_PAGE_CACHE_CONTROL);
    const formActions = formActionOrigins(response.headers.get(FORM_ACTION_HEADER));
    response.headers.delete(FORM_ACTION_HEADER);
    if (isOfType(response, "text/html")) {
      response.headers.set("Content-Security-Policy", contentSecurityPolicy(`'nonce-${context.cspNonce}'`, dev, formActions));
    }
    if (isOfType(response, "application/json") && response.body && !response.headers.has("Content-Length")) return withLength(response);
    if (response.status === 503) {
      // Maintenance mode (the root loader): crawlers are told when to come back, and no
      // browser or proxy keeps the closed page. (Headers of a thrown loader response do not
      // reach the document on their own.)
      for (const [name, value] of Object.entries(MAINTENANCE_HEADERS)) response.headers.set(name, value);
    }
    return response;
  }

  app.onError((error, c) => {
    // Uploads (served from the database) and anything else before the app: the database away.
    if (availability.notice(error)) return whileDatabaseAway(c.req.raw);
    logger.error({ err: error, requestId: c.get("requestId"), path: c.req.path }, "unhandled server error");
    captureServerError(error, { requestId: c.get("requestId"), path: c.req.path });
    return c.text("Something went wrong on our side. Please try again.", 500);
  });

  // A kept page gone stale on a busy server is served while it renders again, first in line (it
  // is many visitors' page), for the cache alone: its visitors never wait behind a flood.
  if (!dev) {
    pageCache.staleRefresh = {
      busy: () => renderQueue.busy,
      refresh: (key, path) => {
        const request = new Request(new URL(path, config.origin), { headers: { "accept-encoding": "gzip" } });
        const refreshId = crypto.randomUUID();
        // One outage record, read by the render: the database going away mid-render is noticed there.
        const outage: RequestOutage = { met: false };
        const context = requestContext({ get: (name) => (name === "requestId" ? refreshId : "") }, outage);
        pageCache
          .refresh(
            key,
            request,
            (shared) =>
              render(
                shared,
                { ...context, cspNonce: newNonce(), renderComplete: true, closedForMaintenance: false },
                outage,
                "shopper",
                performance.now(),
              ),
            { prepareHtml: stylesheet?.inline },
          )
          .catch((error: unknown) => logger.warn({ err: error, path }, "a stale kept page could not be rendered again"));
      },
    };
  }

  // Production only: the development server's routes change as you edit, and it keeps no pages.
  const keyOf = pageKeysByUrl({
    pageCache,
    catchAllOnly,
    isPagePath: (pathname) => !answeredBeforePages.has(pathname.split("/")[1] ?? ""),
  });
  // Settings read within their cache time, maintenance off: what the http layer's answers need.
  const shopKnownOpen = () => freshStoreSettings(services.database.db)?.maintenanceMode === false;
  const answerKeptPage = cachedPageListener({
    pageCache,
    keyOf,
    shopOpen: shopKnownOpen,
    origin: config.origin,
    trustProxy: config.trustProxy,
    logger,
    metrics,
  });
  const turnAwayNewPage = renderAdmission({
    renderQueue,
    keyOf,
    isRendering: (key) => pageCache.isRendering(key),
    storeName: storeNameNow,
    logger,
    metrics,
  });
  const answerViewer = viewerListener({
    services,
    shopOpen: () => !availability.down && shopKnownOpen(),
    logger,
    metrics,
  });
  // The build's files, as the app's static middleware above would send them (production builds only).
  const answerStaticFile = clientDir ? staticFileListener({ clientDir, logger, metrics }) : () => false;
  // `passOn` hands a request the fast paths took and then left to the app (the viewer's rarer cases).
  const answerBeforeApp = dev
    ? () => false
    : (request: IncomingMessage, response: ServerResponse, passOn: () => void) =>
        answerStaticFile(request, response) ||
        answerKeptPage(request, response) ||
        answerViewer(request, response, passOn) ||
        turnAwayNewPage(request, response);

  return { app, answerBeforeApp };
}

/** Whether this request met the database away (told by React Router's handleError or a route). */
interface RequestOutage {
  met: boolean;
}

function isOfType(response: Response, mediaType: string): boolean {
  return (response.headers.get("Content-Type") ?? "").startsWith(mediaType);
}

/**
 * An API route's JSON (the header's /api/viewer, on every signed-in page view) is small and
 * whole when it is answered, but React Router hands it over as a stream of unknown length, so
 * the compression middleware would gzip even 60 bytes through a stream (about 7 % of the
 * request's CPU, and a bigger body). Read whole, it states its length: under 1 KB it is sent
 * as it is, and larger answers are still compressed.
 */
async function withLength(response: Response): Promise<Response> {
  const body = await response.arrayBuffer();
  const headers = new Headers(response.headers);
  headers.set("Content-Length", String(body.byteLength));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Over https (PUBLIC_URL, or a trusted proxy's X-Forwarded-Proto): cookies only travel
 * encrypted, and the page asks the browser to fetch anything it links over https too.
 */
function withHttpsPolicy(response: Response, https: boolean): Response {
  if (!https) return response;
  const policy = response.headers.get("Content-Security-Policy");
  if (policy && !policy.includes("upgrade-insecure-requests")) {
    response.headers.set("Content-Security-Policy", `${policy}; upgrade-insecure-requests`);
  }
  return makeCookiesSecure(response);
}
