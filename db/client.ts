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
import * as auth from "./schema/auth";
import * as catalog from "./schema/catalog";
import * as custom from "./schema/custom";
import * as customers from "./schema/customers";
import * as orders from "./schema/orders";
import * as payments from "./schema/payments";
import * as shipping from "./schema/shipping";
import * as store from "./schema/store";
import * as uploads from "./schema/uploads";

export const schema = { ...auth, ...catalog, ...custom, ...customers, ...orders, ...payments, ...shipping, ...store, ...uploads };
export type Schema = typeof schema;

/** One Drizzle handle type for both drivers: module code never knows which one it has. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DriverName = "pglite" | "postgres";

export interface Database {
  db: Db;
  driver: DriverName;
  /** Apply committed migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
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
   * Where the pool's own errors go (an idle connection the server closed, a network drop):
   * the server passes its logger, so they reach the structured log like every other error.
   * Without it they are dropped (the pool discards the broken connection; the next query
   * opens another or fails, and that failure is reported where it happens).
   */
  log?: { error(obj: object, msg?: string): void };
}

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
  const db = drizzlePglite(withPreparedStatements(client) as PGlite, { schema }) as unknown as Db;
  return {
    db,
    driver: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
  });
  // Without a listener, an idle client's error would crash the process.
  pool.on("error", (error) => options.log?.error({ err: error }, "PostgreSQL pool: an idle connection failed"));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: "postgres",
    migrate: () => migratePg(db as never, { migrationsFolder }),
    close: () => pool.end(),
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
