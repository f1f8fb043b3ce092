import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { queryRows, type Database } from "~db/client";
import { unsentOwnerAlertCount } from "~/modules/owner-alerts/owner-alert-digest.server";

/**
 * Prometheus metrics for `/metrics` (issue 43), served only with METRICS_TOKEN. Each instance
 * counts its own requests; the jobs' figures read the database when scraped. Labels come from
 * fixed lists (a route kind, a status class), never from a raw path, so the series stay few.
 */
export const routeKinds = ["storefront-page", "admin-page", "api", "webhook", "asset", "image", "other"] as const;
export type RouteKind = (typeof routeKinds)[number];

const ASSET_EXTENSIONS = /\.(js|mjs|css|map|woff2?|ttf|ico|webmanifest)$/i;
const IMAGE_EXTENSIONS = /\.(png|jpe?g|webp|avif|gif|svg)$/i;

/** What kind of route a path is, by its shape alone. */
export function routeKindOf(path: string): RouteKind {
  const p = path.toLowerCase();
  if (p.startsWith("/api/webhooks/")) return "webhook";
  if (p === "/api" || p.startsWith("/api/")) return "api";
  if (p.startsWith("/assets/") || p.startsWith("/fonts/") || ASSET_EXTENSIONS.test(p)) return "asset";
  if (p.startsWith("/images/") || p.startsWith("/uploads/") || IMAGE_EXTENSIONS.test(p)) return "image";
  if (p === "/admin" || p === "/admin.data" || p.startsWith("/admin/")) return "admin-page";
  // A page or its data (/collections/kaftans, /collections/kaftans.data); a file of another kind is "other".
  const last = p.slice(p.lastIndexOf("/") + 1);
  if (!last.includes(".") || last.endsWith(".data")) return "storefront-page";
  return "other";
}

export function statusClassOf(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
}

/** Job failures per job (JobFailureAlerts.counts). */
export type JobFailureCounts = () => ReadonlyMap<string, number>;

export class ShopMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<"route_kind" | "status_class">;
  private readonly duration: Histogram<"route_kind" | "status_class">;
  private readonly pageCache: Counter<"result">;
  private readonly renders: Counter;

  constructor(database: Database, jobFailures?: JobFailureCounts) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: "shop_" });
    const labelNames = ["route_kind", "status_class"] as const;
    this.requests = new Counter({
      name: "shop_http_requests_total",
      help: "HTTP requests answered, by route kind and status class",
      labelNames,
      registers,
    });
    this.duration = new Histogram({
      name: "shop_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route kind and status class",
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.pageCache = new Counter({
      name: "shop_page_cache_total",
      help: "Page cache lookups of cacheable pages: hit or miss",
      labelNames: ["result"],
      registers,
    });
    this.renders = new Counter({
      name: "shop_renders_total",
      help: "React Router renders (pages, their data, resource routes)",
      registers,
    });
    if (database.driver === "postgres") {
      new Gauge({
        name: "shop_db_pool_connections",
        help: "PostgreSQL pool connections: total, idle, and requests waiting for one",
        labelNames: ["state"],
        registers,
        collect() {
          const stats = database.poolStats?.();
          if (!stats) return;
          this.set({ state: "total" }, stats.total);
          this.set({ state: "idle" }, stats.idle);
          this.set({ state: "waiting" }, stats.waiting);
        },
      });
    }
    new Gauge({
      name: "shop_email_outbox",
      help: "Emails waiting to be sent (pending, retrying: all), and being sent or given up (sending, failed: created in the last 7 days)",
      labelNames: ["status"],
      registers,
      async collect() {
        // Read through the outbox's indexes (the due rows' partial index, the creation time's), not the whole table's history.
        const rows = await queryRows<{ status: string; n: number }>(
          database.db,
          sql`select status, count(*)::int as n from email_outbox where status in ('pending', 'retrying') group by status
              union all
              select status, count(*)::int as n from email_outbox
              where created_at > now() - interval '7 days' and status in ('sending', 'failed') group by status`,
        );
        for (const status of ["pending", "retrying", "sending", "failed"])
          this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
      },
    });
    new Gauge({
      name: "shop_owner_alerts_unsent",
      help: "Owner alerts waiting for the next digest email",
      registers,
      async collect() {
        this.set(await unsentOwnerAlertCount(database.db));
      },
    });
    new Counter({
      name: "shop_job_failures_total",
      help: "Background job failures on this instance since it started, by job",
      labelNames: ["job"],
      registers,
      collect() {
        this.reset();
        for (const [job, count] of jobFailures?.() ?? []) this.inc({ job }, count);
      },
    });
  }

  /** One answered request. */
  observe(path: string, status: number, seconds: number, cache: string | null): void {
    const labels = { route_kind: routeKindOf(path), status_class: statusClassOf(status) };
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
    if (cache === "HIT" || cache === "MISS") this.pageCache.inc({ result: cache.toLowerCase() });
  }

  rendered(): void {
    this.renders.inc();
  }
}

/** Whether `header` is "Bearer <token>", compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(header ?? "")?.[1]?.trim() ?? "";
  // Hashed first: timingSafeEqual needs equal lengths, and the hash hides the token's.
  const digest = (value: string) => crypto.createHash("sha256").update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}
