import { count, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "~db/client";

/**
 * The rows of `table` that match `where`, counted up to `cap + 1` and no further: over a very
 * large table a broad filter's full count would cost more than the page it labels, so a listing
 * says "10,000+" past its cap (a result above `cap` means "more than the cap").
 */
export async function countUpTo(db: Db, table: PgTable, where: SQL | undefined, cap: number): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as("matches");
  const [counted] = await db.select({ total: count() }).from(matches);
  return Number(counted?.total ?? 0);
}
