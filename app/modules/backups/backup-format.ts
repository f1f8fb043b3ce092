/**
 * The backup file (decision 025): gzip over lines of JSON. The first line is the header; then,
 * for each table, a line `{"table": name, "rows": n}` and its n rows, each the JSON PostgreSQL's
 * row_to_json gives (bytea as "\\x…" hex, times in UTC); the last line is the trailer with every
 * table's row count and SHA-256 over its row lines. One format for both databases, so a backup of
 * the embedded database restores into PostgreSQL and the other way round.
 */
export const BACKUP_FORMAT = "ahenfie-backup";
export const BACKUP_FORMAT_VERSION = 1;
/** What backup files are called (and what retention and the download look for). */
export const BACKUP_FILE_SUFFIX = ".ahenfie-backup.gz";

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_FORMAT_VERSION;
  createdAt: string;
  /** The shop's version (package.json) that wrote it. */
  shopVersion: string;
  /** The database it was taken from. */
  driver: "pglite" | "postgres";
  /** The schema's migrations, in order, as the database recorded them: a restore rebuilds exactly this schema first. */
  migrations: { hash: string; createdAt: number }[];
  tables: { name: string; columns: string[] }[];
}

export interface TableMarker {
  table: string;
  rows: number;
}

export interface TableSummary {
  rows: number;
  /** Hex SHA-256 over the table's row lines, each followed by "\n", in primary-key order. */
  sha256: string;
}

export interface BackupTrailer {
  end: true;
  rows: number;
  tables: Record<string, TableSummary>;
}

/** "ahenfie-2026-12-02T03-00-00Z.ahenfie-backup.gz": sortable, and safe on every file system. */
export function backupFileName(at: Date): string {
  return `ahenfie-${at.toISOString().slice(0, 19).replaceAll(":", "-")}Z${BACKUP_FILE_SUFFIX}`;
}

export class BackupError extends Error {
  override name = "BackupError";
}

/** The file's first line, checked: ours, and in the format this version reads. */
export function parseHeader(line: string): BackupHeader {
  const header = JSON.parse(line) as Partial<BackupHeader>;
  if (header.format !== BACKUP_FORMAT) throw new BackupError("This is not an Ahenfie backup file.");
  if (header.version !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(`This backup is in format ${header.version}; this version of the shop reads format ${BACKUP_FORMAT_VERSION}.`);
  }
  if (!Array.isArray(header.migrations) || !Array.isArray(header.tables)) throw new BackupError("The backup's header is damaged.");
  return header as BackupHeader;
}
