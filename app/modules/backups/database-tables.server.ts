import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";
import type { TableSummary } from "./backup-format";

/** A table of the shop's schema as a backup reads and a restore writes it. */
export interface ShopTable {
  name: string;
  /** Every column a row holds, in table order (generated columns included: row_to_json has them). */
  columns: string[];
  /** The columns a restore writes: all but the generated ones, which the database computes again. */
  writableColumns: string[];
  /** Primary-key columns: the order rows are read in, so the same data gives the same file. */
  primaryKey: string[];
  /** Tables this one's foreign keys point at (itself excluded). */
  references: string[];
  /** Holds files (bytea: uploaded photos): read a few rows at a time. */
  binary: boolean;
}

/** Every table of the public schema (the shop's own; Drizzle's migration log lives in its own schema). */
export async function listShopTables(db: Db): Promise<ShopTable[]> {
  const columns = await queryRows<{ table_name: string; column_name: string; generated: boolean; binary: boolean }>(
    db,
    sql`select c.relname as table_name, a.attname as column_name, a.attgenerated <> '' as generated,
          a.atttypid = 'bytea'::regtype as binary
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
        order by c.relname, a.attnum`,
  );
  const keys = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select c.relname as table_name, a.attname as column_name
        from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
        join lateral unnest(i.indkey) with ordinality as k(attnum, position) on true
        join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
        where n.nspname = 'public' and i.indisprimary
        order by c.relname, k.position`,
  );
  const references = await queryRows<{ table_name: string; referenced: string }>(
    db,
    sql`select c.relname as table_name, r.relname as referenced
        from pg_constraint f join pg_class c on c.oid = f.conrelid join pg_class r on r.oid = f.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where f.contype = 'f' and n.nspname = 'public' and r.oid <> c.oid`,
  );
  const tables = new Map<string, ShopTable>();
  for (const row of columns) {
    const table = tables.get(row.table_name) ?? {
      name: row.table_name,
      columns: [],
      writableColumns: [],
      primaryKey: [],
      references: [],
      binary: false,
    };
    table.columns.push(row.column_name);
    if (!row.generated) table.writableColumns.push(row.column_name);
    if (row.binary) table.binary = true;
    tables.set(row.table_name, table);
  }
  for (const row of keys) tables.get(row.table_name)?.primaryKey.push(row.column_name);
  for (const row of references) {
    const table = tables.get(row.table_name);
    if (table && !table.references.includes(row.referenced)) table.references.push(row.referenced);
  }
  return inDependencyOrder([...tables.values()]);
}

/** Tables ordered so each comes after every table it references: a restore inserts in this order. */
export function inDependencyOrder(tables: ShopTable[]): ShopTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: ShopTable[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (table: ShopTable, path: string[]) => {
    const seen = state.get(table.name);
    if (seen === "done") return;
    if (seen === "visiting")
      throw new Error(`Tables reference each other in a cycle (${[...path, table.name].join(" → ")}); a restore cannot order them.`);
    state.set(table.name, "visiting");
    for (const name of table.references) {
      const referenced = byName.get(name);
      if (referenced) visit(referenced, [...path, table.name]);
    }
    state.set(table.name, "done");
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(table, []);
  return ordered;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The query a backup reads a table with, and the checksum reads it the same way. */
export function rowsQuery(table: ShopTable): string {
  const order = table.primaryKey.length > 0 ? table.primaryKey.map((c) => `t.${quoteIdentifier(c)}`).join(", ") : "row_to_json(t)::text";
  return `select row_to_json(t)::text as line from ${quoteIdentifier(table.name)} t order by ${order}`;
}

/**
 * Row count and SHA-256 of every table, read as a backup reads it (in UTC, primary-key order):
 * two databases with the same numbers hold the same rows. A restore checks itself with it; the
 * backup round-trip test compares a shop with its restored copy by it.
 */
export async function tableChecksums(db: Db): Promise<Record<string, TableSummary>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone to 'UTC'`);
    const summaries: Record<string, TableSummary> = {};
    for (const table of await listShopTables(tx as unknown as Db)) {
      const hash = createHash("sha256");
      const rows = await queryRows<{ line: string }>(tx as unknown as Db, sql.raw(rowsQuery(table)));
      for (const row of rows) hash.update(`${row.line}\n`);
      summaries[table.name] = { rows: rows.length, sha256: hash.digest("hex") };
    }
    return summaries;
  });
}
