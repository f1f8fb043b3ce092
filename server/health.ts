import type { Hono } from "hono";
import type { Database } from "~db/client";
import { migrationLevel } from "~/modules/diagnostics/migrations.server";
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
  let migrated = false;
  app.get("/api/health", (c) => c.json({ status: "ok", uptimeSeconds: Math.round(process.uptime()) }, 200, NO_STORE));
  app.get("/api/ready", async (c) => {
    if (lifecycle.draining) return c.json({ status: "draining" }, 503, { ...NO_STORE, "Retry-After": "5" });
    if (availability.down) return options.outageAnswer(c.req.raw);
    try {
      await database.ping();
      if (!migrated) {
        // Once every migration this version knows is applied, it stays so: asked until then only.
        const level = await migrationLevel(database.db);
        migrated = level.pending.length === 0;
        if (!migrated) return c.json({ status: "migrations pending", applied: level.applied, known: level.known }, 503, NO_STORE);
      }
      return c.json({ status: "ready", database: database.driver }, 200, NO_STORE);
    } catch (error) {
      availability.notice(error);
      return options.outageAnswer(c.req.raw);
    }
  });
}
