import pg from "pg";
import { openDatabase, type Database } from "~db/client";
import { seedCatalog } from "~db/seed/seed";

/** The PostgreSQL server the benchmarks make their scratch databases on. */
export const benchAdminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * A bench database's name: BENCH_DATABASE_PREFIX before it, so sessions sharing one server
 * (and a database kept with BENCH_KEEP) do not drop each other's.
 */
export function benchDatabaseName(name: string): string {
  return `${process.env.BENCH_DATABASE_PREFIX ?? ""}${name}`;
}

/** Database `name` as a previous run kept it (BENCH_KEEP), migrated to this code's schema; null when there is none. */
export async function keptBenchDatabase(name: string, options: { poolSize?: number } = {}): Promise<Database | null> {
  const admin = new pg.Client({ connectionString: benchAdminUrl });
  await admin.connect();
  const { rows } = await admin.query("select 1 from pg_database where datname = $1", [name]);
  await admin.end();
  if (rows.length === 0) return null;
  const url = new URL(benchAdminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.href, ...options });
  await database.migrate();
  return database;
}

/** A new, migrated database `name` with the sample catalog (an old one of that name is dropped). */
export async function freshBenchDatabase(name: string, options: { poolSize?: number } = {}): Promise<Database> {
  const database = await emptyBenchDatabase(name, options);
  await database.migrate();
  await seedCatalog(database.db);
  return database;
}

/**
 * Drops database `name`. pg's pool.end() resolves before its sockets have closed, so this
 * waits for the server to see them go rather than terminate (and log) live connections.
 */
export async function dropBenchDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: benchAdminUrl });
  await admin.connect();
  for (let i = 0; i < 40; i++) {
    const { rows } = await admin.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
    if (rows[0]!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}

/** A new database `name` with nothing in it, not even the schema (what a restore starts from). */
export async function emptyBenchDatabase(name: string, options: { poolSize?: number } = {}): Promise<Database> {
  await dropBenchDatabase(name);
  const admin = new pg.Client({ connectionString: benchAdminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(benchAdminUrl);
  url.pathname = `/${name}`;
  return openDatabase({ url: url.href, ...options });
}

/**
 * Whether PostgreSQL answers, probed with a scratch database named after the bench's: PostgreSQL
 * runs when it does; when its address was given and it does not answer, that is an error.
 */
export async function postgresAnswers(probeName: string): Promise<boolean> {
  try {
    await dropBenchDatabase(`${probeName}_probe`);
    return true;
  } catch (error) {
    if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) throw error;
    console.log(`PostgreSQL does not answer at ${benchAdminUrl}: embedded database only (set BENCH_DATABASE_URL)`);
    return false;
  }
}
