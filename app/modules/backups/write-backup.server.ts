import { createHash } from "node:crypto";
import { once } from "node:events";
import type { Writable } from "node:stream";
import { createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";
import { version as shopVersion } from "../../../package.json";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupHeader,
  type BackupTrailer,
  type TableMarker,
  type TableSummary,
} from "./backup-format";
import { listShopTables, rowsQuery } from "./database-tables.server";

export interface WrittenBackup {
  /** Compressed bytes written. */
  sizeBytes: number;
  /** Hex SHA-256 of the compressed file, as written. */
  sha256: string;
  rows: number;
  tables: Record<string, TableSummary>;
}

/**
 * Writes the whole shop (every table: catalog, orders, customers, measurements, uploaded photos,
 * settings, accounts) as one backup file to `out`, from one snapshot: a repeatable-read,
 * read-only transaction, so orders placed while it runs are either wholly in it or not at all,
 * and on PostgreSQL it blocks nobody. (The embedded database serves one query at a time: the
 * shop waits while it runs, some seconds for 10,000 orders; docs/performance.md.) Rows are read
 * through a cursor, a few hundred at a time, so memory stays flat however big the shop is.
 * `out` is ended when the file is complete.
 */
export async function writeBackup(db: Db, out: Writable, driver: BackupHeader["driver"]): Promise<WrittenBackup> {
  const gzip = createGzip({ level: 6 });
  const fileHash = createHash("sha256");
  let sizeBytes = 0;
  gzip.on("data", (chunk: Buffer) => {
    fileHash.update(chunk);
    sizeBytes += chunk.length;
  });
  gzip.pipe(out);
  const finished = once(out, "finish");
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, "drain");
  };
  try {
    const trailer = await db.transaction(
      async (tx) => {
        const t = tx as unknown as Db;
        await t.execute(sql`set local timezone to 'UTC'`);
        const tables = await listShopTables(t);
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_FORMAT_VERSION,
          createdAt: new Date().toISOString(),
          shopVersion,
          driver,
          migrations: await appliedMigrations(t),
          tables: tables.map((table) => ({ name: table.name, columns: table.columns })),
        };
        await write(JSON.stringify(header));
        const summary: BackupTrailer = { end: true, rows: 0, tables: {} };
        for (const table of tables) {
          const [counted] = await queryRows<{ count: number }>(t, sql.raw(`select count(*)::int as count from "${table.name}"`));
          const count = counted?.count ?? 0;
          const marker: TableMarker = { table: table.name, rows: count };
          await write(JSON.stringify(marker));
          const hash = createHash("sha256");
          let written = 0;
          await t.execute(sql.raw(`declare backup_rows no scroll cursor for ${rowsQuery(table)}`));
          for (;;) {
            const batch = await queryRows<{ line: string }>(t, sql.raw(`fetch forward ${table.binary ? 8 : 500} from backup_rows`));
            if (batch.length === 0) break;
            for (const { line } of batch) {
              hash.update(`${line}\n`);
              await write(line);
            }
            written += batch.length;
          }
          await t.execute(sql`close backup_rows`);
          // The count and the rows come from one snapshot: they agree, or the file would not restore.
          if (written !== count) throw new Error(`Table ${table.name}: counted ${count} rows, read ${written}.`);
          summary.tables[table.name] = { rows: written, sha256: hash.digest("hex") };
          summary.rows += written;
        }
        await write(JSON.stringify(summary));
        return summary;
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    gzip.end();
    await finished;
    return { sizeBytes, sha256: fileHash.digest("hex"), rows: trailer.rows, tables: trailer.tables };
  } catch (error) {
    gzip.destroy();
    out.destroy(error as Error);
    throw error;
  }
}

/** The migrations the database has applied, oldest first (Drizzle's log, in its own schema). */
export async function appliedMigrations(db: Db): Promise<BackupHeader["migrations"]> {
  const rows = await queryRows<{ hash: string; created_at: string | number }>(
    db,
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
}
