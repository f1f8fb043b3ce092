import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import type { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { migrationsFolder, queryRows, type Database, type Db } from "~db/client";
import { BackupError, parseHeader, type BackupHeader, type BackupTrailer, type TableMarker, type TableSummary } from "./backup-format";
import { listShopTables, quoteIdentifier, tableChecksums, type ShopTable } from "./database-tables.server";

export interface RestoreOptions {
  /** Replace a database that already holds data (without it, such a database is refused). */
  force?: boolean;
}

export interface RestoredBackup {
  header: BackupHeader;
  rows: number;
  tables: number;
  /** Migrations applied after the data, bringing an older backup up to this version. */
  upgradedBy: number;
}

/** Rows a restore inserts per statement, unless they reach INSERT_BYTES first. */
const INSERT_ROWS = 500;
const INSERT_BYTES = 4 * 1024 * 1024;

/**
 * Restores a backup file (write-backup.server.ts) into `database`, of either driver:
 * 1. checks the file's header, and that this version of the shop knows its schema;
 * 2. refuses a database that holds any row, unless `force` (then everything in it goes);
 * 3. builds the schema exactly as it was when the backup was taken (the migrations it lists),
 *    and empties what those migrations wrote;
 * 4. inserts every row and sets every id sequence past the highest id, in ONE transaction that
 *    also checks each table's row count and SHA-256 against the file: a damaged or partial file
 *    restores nothing;
 * 5. applies the migrations written since, so an older backup opens in this version.
 */
export async function restoreBackup(database: Database, input: Readable, options: RestoreOptions = {}): Promise<RestoredBackup> {
  const lines = readline.createInterface({ input: input.pipe(createGunzip()), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const { value, done } = await lines.next();
    if (done) throw new BackupError("The backup file ends too early: it is incomplete (was it copied whole?).");
    return value;
  };
  let header: BackupHeader;
  try {
    header = parseHeader(await next());
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`This is not a backup file the shop can read (${(error as Error).message}).`);
  }
  const folder = schemaFolderFor(header);
  try {
    await refuseIfHoldingData(database.db, options);
    await dropEverything(database.db);
    await database.migrate(folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  const rows = await database.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`set local timezone to 'UTC'`);
    const tables = new Map((await listShopTables(t)).map((table) => [table.name, table]));
    // Some migrations write rows of their own (default shipping zones): the backup holds what
    // became of them, so the tables start empty.
    await t.execute(sql.raw(`truncate ${[...tables.keys()].map(quoteIdentifier).join(", ")} restart identity cascade`));
    // The backup holds the sales totals as they were (migration 0020): the triggers that keep
    // them must not count the restored orders a second time, so the shop's own triggers rest
    // until the rows are in (foreign keys are system triggers and keep checking).
    const setTriggers = async (state: "enable" | "disable") => {
      for (const name of tables.keys()) await t.execute(sql.raw(`alter table ${quoteIdentifier(name)} ${state} trigger user`));
    };
    await setTriggers("disable");
    const read: Record<string, TableSummary> = {};
    let total = 0;
    for (let i = 0; i < header.tables.length; i++) {
      const marker = JSON.parse(await next()) as TableMarker;
      const table = tables.get(marker.table);
      if (!table) throw new BackupError(`The backup holds a table this schema lacks (${marker.table}).`);
      read[table.name] = await insertRows(t, table, marker.rows, next);
      total += marker.rows;
    }
    const trailer = JSON.parse(await next()) as BackupTrailer;
    if (!trailer.end) throw new BackupError("The backup file has more tables than its header lists.");
    for (const [name, summary] of Object.entries(trailer.tables)) {
      if (read[name]?.sha256 !== summary.sha256)
        throw new BackupError(`Table ${name} does not match the backup's checksum: the file is damaged.`);
    }
    await setTriggers("enable");
    await moveSequencesPastRows(t);
    // What the database now holds, read back as a backup reads it, is what was backed up.
    const stored = await tableChecksums(t);
    for (const [name, summary] of Object.entries(trailer.tables)) {
      if (stored[name]?.sha256 !== summary.sha256) {
        throw new BackupError(`Table ${name} did not restore identically (${stored[name]?.rows ?? 0} of ${summary.rows} rows).`);
      }
    }
    return total;
  });
  const before = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]?.n ?? 0;
  await database.migrate();
  const after = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]?.n ?? 0;
  return { header, rows, tables: header.tables.length, upgradedBy: after - before };
}

/**
 * A migrations folder holding the migrations the backup's database had applied, and no later
 * one: migrating an empty database with it rebuilds the schema the rows were read from.
 */
function schemaFolderFor(header: BackupHeader): string {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { idx: number; when: number; tag: string }[];
  };
  const wanted = new Set(header.migrations.map((m) => m.createdAt));
  for (const migration of header.migrations) {
    if (!journal.entries.some((e) => e.when === migration.createdAt)) {
      throw new BackupError(
        `This backup was made by a newer version of the shop (${header.shopVersion}): upgrade the shop, then restore it.`,
      );
    }
  }
  const entries = journal.entries.filter((e) => wanted.has(e.when));
  if (entries.length !== header.migrations.length || entries.some((e, i) => e.idx !== i)) {
    throw new BackupError("The backup's schema is not one this version of the shop has had: restore it with the version that made it.");
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "ahenfie-restore-schema-"));
  fs.mkdirSync(path.join(folder, "meta"));
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

/** A database holding any row is refused without `force`: a restore replaces everything in it. */
async function refuseIfHoldingData(db: Db, { force }: RestoreOptions): Promise<void> {
  if (force) return;
  const held: string[] = [];
  for (const table of await listShopTables(db)) {
    const [row] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${quoteIdentifier(table.name)}`));
    if (row && row.n > 0) held.push(`${table.name}: ${row.n}`);
  }
  if (held.length > 0) {
    throw new BackupError(
      `The database is not empty (${held.slice(0, 6).join(", ")}${held.length > 6 ? ", …" : ""}). ` +
        "A restore replaces everything in it: back it up first if it matters, then run the restore again with --force.",
    );
  }
}

/** Every table, sequence and type of the shop's schema, and Drizzle's migration log. */
async function dropEverything(db: Db): Promise<void> {
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`drop schema if exists public cascade`);
  await db.execute(sql`create schema public`);
}

async function insertRows(db: Db, table: ShopTable, count: number, next: () => Promise<string>): Promise<TableSummary> {
  const hash = createHash("sha256");
  const columns = table.writableColumns.map(quoteIdentifier).join(", ");
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const json = `[${batch.join(",")}]`;
    await db.execute(
      sql`${sql.raw(`insert into ${quoteIdentifier(table.name)} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${quoteIdentifier(table.name)}, `)}${json}${sql.raw("::json)")}`,
    );
    batch = [];
    bytes = 0;
  };
  for (let i = 0; i < count; i++) {
    const line = await next();
    hash.update(`${line}\n`);
    batch.push(line);
    bytes += line.length;
    if (batch.length >= INSERT_ROWS || bytes >= INSERT_BYTES) await flush();
  }
  await flush();
  return { rows: count, sha256: hash.digest("hex") };
}

/** Every serial and identity sequence continues after the highest id restored. */
async function moveSequencesPastRows(db: Db): Promise<void> {
  const sequences = await queryRows<{ table_name: string; column_name: string; sequence: string }>(
    db,
    sql`select c.relname as table_name, a.attname as column_name,
               pg_get_serial_sequence(quote_ident(c.relname), a.attname) as sequence
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
          and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`,
  );
  for (const s of sequences) {
    const column = quoteIdentifier(s.column_name);
    await db.execute(
      sql`select setval(${s.sequence}::regclass, coalesce((select max(${sql.raw(column)}) from ${sql.raw(quoteIdentifier(s.table_name))}), 0) + 1, false)`,
    );
  }
}
