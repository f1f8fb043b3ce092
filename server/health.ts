import fs from "node:fs";
import path from "node:path";
import type { Hono } from "hono";
import { sql } from "drizzle-orm";
import { migrationsFolder, queryRows, type Database } from "~db/client";
import type { DatabaseAvailability } from "./database-availability";
import type { Lifecycle } from "./lifecycle";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * `/api/health`: the process is alive and answering (a container's HEALTHCHECK, a platform's
 * liveness probe). It never asks the database, so an outage does not get a healthy process
 * restarted. `/api/ready`: this instance should be sent shoppers: the database answers, every
 * migration this version knows is applied, and it is not draining for a shutdown (a load
 * balancer's or Caddy's health check, a platform's readiness probe). Both before everything
 * else: no session, maintenance or page cache in the way.
 */
export function addHealthRoutes(
  app: Hono<never>,
  options: {
    database: Database;
    availability: DatabaseAvailability;
    lifecycle: Lifecycle;
    /** The "back in a moment" answer while the database is away (Retry-After, JSON for /api). */
    outageAnswer: (request: Request) => Response;
  },
) {
  const { database, availability, lifecycle } = options;
  const known = knownMigrations();
  let migrated = false;
  app.get("/api/health", (c) => c.json({ status: "ok", uptimeSeconds: Math.round(process.uptime()) }, 200, NO_STORE));
  app.get("/api/ready", async (c) => {
    if (lifecycle.draining) return c.json({ status: "draining" }, 503, { ...NO_STORE, "Retry-After": "5" });
    if (availability.down) return options.outageAnswer(c.req.raw);
    try {
      await database.ping();
      if (!migrated) {
        const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        migrated = (row?.n ?? 0) >= known;
        if (!migrated) return c.json({ status: "migrations pending", applied: row?.n ?? 0, known }, 503, NO_STORE);
      }
      return c.json({ status: "ready", database: database.driver }, 200, NO_STORE);
    } catch (error) {
      availability.notice(error);
      return options.outageAnswer(c.req.raw);
    }
  });
}

function knownMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}
