import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { withPreparedStatements } from "./pglite-statements";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { announceActorInTransactions } from "./activity-scope";
import * as activity from "./schema/activity";
import * as auth from "./schema/auth";
import * as catalog from "./schema/catalog";
import * as custom from "./schema/custom";
import * as customers from "./schema/customers";
import * as discounts from "./schema/discounts";
import * as orders from "./schema/orders";
import * as payments from "./schema/payments";
import * as production from "./schema/production";
import * as quotes from "./schema/quotes";
import * as shipping from "./schema/shipping";
import * as shopperReminders from "./schema/shopper-reminders";
import * as staffOrders from "./schema/staff-orders";
import * as store from "./schema/store";
import * as operations from "./schema/operations";
import * as salesTotals from "./schema/sales-totals";
import * as uploads from "./schema/uploads";

export const schema = {
  ...activity,
  ...auth,
  ...catalog,
  ...custom,
  ...customers,
  ...discounts,
  ...operations,
  ...orders,
  ...payments,
  ...production,
  ...quotes,
  ...staffOrders,
  ...salesTotals,
  ...shipping,
  ...shopperReminders,
  ...store,
  ...uploads,
};
export type Schema = typeof schema;

/** One Drizzle handle type for both drivers: module code never knows which one it has. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DriverName = "pglite" | "postgres";

export interface Database {
  db: Db;
  driver: DriverName;
  /** Apply committed migrations (idempotent); another folder's when given (a restore rebuilds an older schema first). */
  migrate(folder?: string): Promise<void>;
  /**
   * Resolves when the database answers right now: PostgreSQL a `select 1`; PGlite a look at
   * its folder's PG_VERSION, since its `select 1` answers from memory even with the folder gone.
   * The server's probe while the database is away (server/database-availability.ts).
   */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's pool: connections open, idle, and queries waiting for one (`/metrics`); absent on PGlite. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/**
 * db/migrations. Beside this file when it runs from source; inside the React Router server
 * bundle (build/server) this file's folder is the bundle's, so the project's db/migrations
 * (relative to the working directory the server runs in) is used instead.
 */
export const migrationsFolder = findMigrationsFolder();

function findMigrationsFolder(): string {
  const beside = fileURLToPath(new URL("./migrations", import.meta.url));
  if (fs.existsSync(path.join(beside, "meta", "_journal.json"))) return beside;
  return path.resolve("db", "migrations");
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory; when absent (and no url), an in-memory PGlite. */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * Where a connection's own errors go (the server closed it: a restart, a failover; a network
   * drop), whether it sat idle in the pool or was in use: the server passes its logger, so they
   * reach the structured log like every other error. Without it they are dropped (the broken
   * connection leaves the pool; the query it was running fails where it was asked).
   */
  log?: { warn(obj: object, msg?: string): void };
  /** Told of every connection error as it happens (the server marks the database down: decision 023). */
  onConnectionError?: (error: Error) => void;
}

/**
 * A request waits at most this long for a connection (the pool full, or the server not
 * answering the connect): then it fails, and the shop answers "back in a moment" (decision 023),
 * rather than holding the visitor, and the request's memory, for as long as the outage lasts.
 */
export const CONNECTION_TIMEOUT_MS = 5_000;
/** How long the probe's `select 1` may take before it counts as no answer. */
const PING_TIMEOUT_MS = 3_000;

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.url) return openPostgres(options.url, options);
  return openPglite(options.dataDir);
}

/**
 * PostgreSQL's default 128 MB of shared buffers, inside the server's own process, is half its
 * memory budget (250 MB). PGlite touches every buffer when it starts, so each megabyte here is a
 * megabyte of the server's memory from the first second. A shop small enough for the embedded
 * database keeps its hot pages (products, variants, sessions, settings: the sample shop's own
 * tables are well under 1 MB) in 4 MB, and the operating system's file cache keeps the rest close.
 * Against 16 MB, 8 MB was the same CPU per page and 8–10 MB less at peak; 4 MB took 3–4 MB more
 * off (docs/performance.md, "2026-11-27, late" and "2026-11-27, night").
 */
export const PGLITE_SETTINGS = ["shared_buffers=4MB"];

async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm }, postgresqlconf: PGLITE_SETTINGS });
  // Drizzle uses only the client's query and transaction, which withPreparedStatements provides.
  const db = announceActorInTransactions(drizzlePglite(withPreparedStatements(client) as PGlite, { schema }) as unknown as Db);
  return {
    db,
    driver: "pglite",
    migrate: (folder = migrationsFolder) => migratePglite(db as never, { migrationsFolder: folder }),
    // Relative to the data folder (PGlite's working directory): fails with 58P01 once the folder is gone.
    ping: async () => {
      await client.query("select (pg_stat_file('PG_VERSION')).size");
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    // TCP keepalive: a connection whose server vanished without a word (a failover, a dropped
    // network) is found dead by the operating system instead of hanging its query forever.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // pg emits "error" on a client whose connection fails, and an "error" nobody listens to ends
  // the process. The pool listens only while a client sits idle (it drops the client, then
  // re-emits the error on itself); a client in use, between two queries of a transaction say,
  // had no listener at all. Each client gets one here for its whole life, idle or in use: its
  // query in flight fails on its own, and once released the broken client leaves the pool.
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      options.log?.warn({ err: error }, "PostgreSQL: a connection failed");
      options.onConnectionError?.(error);
    });
  });
  // The pool's re-emitted copy of an idle client's error (reported above by the client's own listener).
  pool.on("error", () => {});
  const db = announceActorInTransactions(drizzlePg(pool, { schema }) as unknown as Db);
  return {
    db,
    driver: "postgres",
    migrate: (folder = migrationsFolder) => migratePg(db as never, { migrationsFolder: folder }),
    ping: async () => {
      await pool.query({ text: "select 1", query_timeout: PING_TIMEOUT_MS } as pg.QueryConfig);
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** Rows of a raw query; both drivers return `{ rows }` from execute. */
export async function queryRows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The server's version string, for the admin System tab and diagnostics. */
export async function databaseVersion(db: Db): Promise<string> {
  const rows = await queryRows<{ version: string }>(db, sql`select version() as version`);
  return rows[0]?.version ?? "unknown";
}
