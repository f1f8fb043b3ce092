import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";

/**
 * Tables the planner estimates above this many rows are not counted exactly: count(*) reads
 * the whole table, which on a large orders or products table would make the Diagnostic page
 * slow and load the database. Their row count is pg_class.reltuples (kept by ANALYZE and
 * autovacuum), marked exact: false. Tables never analysed (reltuples −1) are counted exactly.
 */
export const EXACT_COUNT_LIMIT = 100_000;

export interface TableRowCount {
  name: string;
  /** null when counting failed (see error) */
  rows: number | null;
  /** false when `rows` is the planner's estimate */
  exact: boolean;
  error?: string;
}

/** The database's own message: drizzle wraps it in "Failed query: …" with the original as cause. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.cause instanceof Error) return error.cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** Every ordinary or partitioned table in the public schema, with the planner's estimate. */
export async function publicTables(db: Db): Promise<{ name: string; estimate: number }[]> {
  const rows = await queryRows<{ name: string; estimate: string | number }>(
    db,
    sql`select c.relname as name, c.reltuples::float8 as estimate
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname`,
  );
  return rows.map((r) => ({ name: r.name, estimate: Number(r.estimate) }));
}

/** Exact count(*) of one public table; an error (missing table, no permission) is returned, not thrown. */
export async function countTableRows(db: Db, table: string): Promise<TableRowCount> {
  try {
    const [row] = await queryRows<{ n: string | number }>(
      db,
      sql`select count(*) as n from ${sql.identifier("public")}.${sql.identifier(table)}`,
    );
    return { name: table, rows: Number(row?.n ?? 0), exact: true };
  } catch (error) {
    return { name: table, rows: null, exact: true, error: errorMessage(error) };
  }
}

/** Row counts of every public table, one by one so one failure does not hide the others. */
export async function tableRowCounts(db: Db, exactLimit = EXACT_COUNT_LIMIT): Promise<TableRowCount[]> {
  const tables = await publicTables(db);
  const counts: TableRowCount[] = [];
  for (const table of tables) {
    if (table.estimate > exactLimit) counts.push({ name: table.name, rows: Math.round(table.estimate), exact: false });
    else counts.push(await countTableRows(db, table.name));
  }
  return counts;
}
