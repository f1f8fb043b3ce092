import { createHash } from "node:crypto";
import readline from "node:readline";
import type { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { BackupError, parseHeader, type BackupHeader, type BackupTrailer, type TableMarker } from "./backup-format";

export interface VerifiedBackup {
  header: BackupHeader;
  rows: number;
  tables: number;
}

/**
 * Reads a whole backup file and checks it as a restore would, without a database: the header,
 * every table's rows against its count and SHA-256, the trailer. `npm run backup` runs it on
 * the file it just wrote, so "written" means "restorable".
 */
export async function verifyBackup(input: Readable): Promise<VerifiedBackup> {
  let header: BackupHeader | undefined;
  let trailer: BackupTrailer | undefined;
  let current: { marker: TableMarker; hash: ReturnType<typeof createHash>; seen: number } | undefined;
  const read: Record<string, string> = {};
  let tables = 0;
  const closeTable = () => {
    if (!current) return;
    if (current.seen !== current.marker.rows)
      throw new BackupError(`Table ${current.marker.table} holds ${current.seen} rows, not ${current.marker.rows}.`);
    read[current.marker.table] = current.hash.digest("hex");
    current = undefined;
  };
  for await (const line of readline.createInterface({ input: input.pipe(createGunzip()), crlfDelay: Infinity })) {
    if (!header) {
      header = parseHeader(line);
      continue;
    }
    if (current && current.seen < current.marker.rows) {
      current.hash.update(`${line}\n`);
      current.seen++;
      continue;
    }
    closeTable();
    const parsed = JSON.parse(line) as TableMarker | BackupTrailer;
    if ("end" in parsed) {
      trailer = parsed;
      break;
    }
    current = { marker: parsed, hash: createHash("sha256"), seen: 0 };
    tables++;
  }
  closeTable();
  if (!header || !trailer) throw new BackupError("The backup file ends too early: it is incomplete.");
  for (const [name, summary] of Object.entries(trailer.tables)) {
    if (read[name] !== summary.sha256) throw new BackupError(`Table ${name} does not match its checksum: the file is damaged.`);
  }
  return { header, rows: trailer.rows, tables };
}
