import http from "node:http";
import zlib from "node:zlib";
import { createElement as h } from "react";
import { Outlet, type ServerBuild } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { loadConfig } from "~/env.server";
import { JobFailureAlerts } from "~/modules/owner-alerts/job-failures.server";
import { ownerAlerts } from "~db/schema/operations";
import { DatabaseAvailability } from "../../server/database-availability";
import { flushErrorTracking, startErrorTracking } from "../../server/error-tracking";
import { createHttpApp } from "../../server/http";
import { createLogger } from "../../server/logger";
import { routeKinds } from "../../server/metrics";
import type { OwnerAlerting } from "../../server/owner-alerting";
import { ServerErrorAlerts } from "../../server/server-error-alerts";
import { silentLog } from "../setup/load-context";
import { shopHttpServices } from "../setup/shop-http-services";
import { smallServerBuild } from "../setup/small-server-build";
import { describeWithDatabase } from "../setup/test-database";

/**
 * The server's side of issue 43's alerts, through server/http.ts on a small React Router build:
 * /metrics (404 without METRICS_TOKEN, 401 without the right bearer, 200 with bounded route kinds),
 * a burst of 5xx recorded as one owner alert, and an unexpected error reaching Sentry (a local
 * HTTP server standing for the DSN's host) as an envelope, without the visitor's cookie.
 */

const TOKEN = "metrics-token-0123456789abcdef";

/** A build of a page, a page whose loader fails, and an API route. */
function build(label: string): ServerBuild {
  return smallServerBuild([
    { id: "root", path: "", module: { default: () => h("html", null, h("body", null, h(Outlet))) } },
    { id: "home", parentId: "root", index: true, module: { default: () => h("h1", null, "Akwaaba") } },
    {
      id: "boom",
      parentId: "root",
      path: "boom",
      module: {
        default: () => h("h1", null, "never"),
        loader: () => {
          throw new Error(`The kente loom jammed on ${label} (customer ama@example.com)`);
        },
      },
    },
    { id: "api", parentId: "root", path: "api/ping", module: { loader: () => Response.json({ ok: true }) } },
  ]);
}

/** A local HTTP server standing for Sentry: keeps every envelope posted to it. */
async function startSentryStandIn() {
  const envelopes: { path: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const body = req.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(raw) : raw;
      envelopes.push({ path: req.url ?? "", body: body.toString("utf8") });
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    envelopes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Sentry is started once per process, as at boot: one stand-in for both drivers' blocks.
let sentry: Awaited<ReturnType<typeof startSentryStandIn>>;
beforeAll(async () => {
  sentry = await startSentryStandIn();
  await startErrorTracking({ sentryDsn: sentry.dsn, isProduction: true });
});
afterAll(async () => {
  await sentry?.close();
});

describeWithDatabase("metrics, error bursts and Sentry through the HTTP server", (database, driver) => {
  let serverErrors: ServerErrorAlerts;
  let availability: DatabaseAvailability;
  beforeEach(async () => {
    await database.db.delete(ownerAlerts);
    // React Router prints each unmatched path and failed loader to the console (the server routes it to its log).
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function app(env: Record<string, string> = {}) {
    const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://shop.test", LOG_LEVEL: "silent", ...env });
    const logger = createLogger("silent");
    serverErrors = new ServerErrorAlerts({ db: database.db, log: silentLog });
    const jobFailures = new JobFailureAlerts({ db: database.db, log: silentLog });
    const ownerAlerting = { serverErrors, jobFailures } as unknown as OwnerAlerting;
    return createHttpApp({
      services: shopHttpServices(database, config, logger, {
        databaseAvailability: (availability = new DatabaseAvailability({
          probe: () => Promise.reject(new Error("still away")),
          log: silentLog,
        })),
        ownerAlerting,
      }),
      logger,
      // Named per driver: Sentry drops an error identical to the one before (dedupe).
      build: build(driver),
      mode: "production",
    });
  }
  const get = (shop: ReturnType<typeof app>, path: string, headers: Record<string, string> = {}) =>
    shop.request(`http://shop.test${path}`, { headers });

  it("/metrics is not there without METRICS_TOKEN, refuses a wrong or missing token, and answers the right one", async () => {
    const without = app();
    expect((await get(without, "/metrics", { authorization: `Bearer ${TOKEN}` })).status).toBe(404);

    const shop = app({ METRICS_TOKEN: TOKEN });
    expect((await get(shop, "/metrics")).status).toBe(401);
    expect((await get(shop, "/metrics", { authorization: "Bearer wrong-token-0123456789abcdef" })).status).toBe(401);
    expect((await get(shop, "/metrics", { authorization: `Basic ${TOKEN}` })).status).toBe(401);

    // Traffic of every kind, and many made-up paths: the series stay per route kind, never per path.
    for (const path of [
      "/",
      "/",
      "/api/ping",
      "/api/webhooks/paystack",
      "/admin/orders",
      "/assets/app-1.js",
      "/images/a.webp",
      "/robots.txt",
    ]) {
      await get(shop, path);
    }
    for (let i = 0; i < 30; i++) await get(shop, `/made-up-${i}/page`);
    const answer = await get(shop, "/metrics", { authorization: `Bearer ${TOKEN}` });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/plain");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const text = await answer.text();
    for (const name of [
      "shop_http_requests_total",
      "shop_http_request_duration_seconds_bucket",
      "shop_page_cache_total",
      "shop_renders_total",
      "shop_email_outbox",
      "shop_owner_alerts_unsent",
      "shop_job_failures_total",
      "shop_process_cpu_user_seconds_total",
      "shop_nodejs_heap_size_used_bytes",
    ]) {
      expect(text, name).toContain(`# TYPE ${name.replace(/_bucket$/, "")} `);
    }
    if (driver === "postgres") expect(text).toMatch(/shop_db_pool_connections\{state="total"\} \d+/);
    const kinds = new Set([...text.matchAll(/route_kind="([^"]+)"/g)].map((m) => m[1]));
    expect([...kinds].every((kind) => (routeKinds as readonly string[]).includes(kind!))).toBe(true);
    expect(kinds).toEqual(new Set(["storefront-page", "api", "webhook", "admin-page", "asset", "image", "other"]));
    expect(text).not.toContain("made-up");
    expect(text).toMatch(/shop_http_requests_total\{route_kind="storefront-page",status_class="4xx"\} 30/);
  });

  it("a burst of server errors becomes one owner alert counting them; an unexpected error reaches Sentry without the visitor's data", async () => {
    const shop = app();
    const before = sentry.envelopes.length;
    for (let i = 0; i < 7; i++) {
      const answer = await get(shop, "/boom?email=kofi%40example.com", {
        cookie: "ahenfie.session_token=secret-session-cookie",
        "x-request-id": `boom-${i}`,
      });
      expect(answer.status).toBe(500);
    }
    await serverErrors.flush();
    const [alert, ...others] = await database.db.select().from(ownerAlerts);
    expect(others).toEqual([]);
    expect(alert).toMatchObject({ kind: "server-errors", details: { count: 7, firstPath: "/boom", requestId: "boom-0" } });

    await flushErrorTracking();
    const envelopes = sentry.envelopes.slice(before);
    expect(envelopes.length).toBeGreaterThan(0);
    expect(envelopes[0]!.path).toMatch(/^\/api\/1\/envelope\//);
    const sent = envelopes.map((e) => e.body).join("\n");
    expect(sent).toContain(`The kente loom jammed on ${driver}`);
    expect(sent).toContain('"request_id":"boom-0"');
    expect(sent).toContain('"release":"ahenfie-shop@');
    expect(sent).not.toContain("secret-session-cookie");
    expect(sent).not.toContain("kofi");
    expect(sent).not.toContain("ama@example.com");
  });

  it('the database away\'s "back in a moment" 503s are not server errors (the outage has its own alert)', async () => {
    const shop = app();
    availability.notice(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
    try {
      for (let i = 0; i < 8; i++) {
        const answer = await get(shop, "/api/ping");
        expect(answer.status).toBe(503);
        expect(answer.headers.get("retry-after")).toBe("5");
      }
    } finally {
      availability.stop();
    }
    await serverErrors.flush();
    expect(await database.db.select().from(ownerAlerts)).toEqual([]);
  });
});
