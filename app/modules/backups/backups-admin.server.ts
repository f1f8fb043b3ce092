import fs from "node:fs";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "~db/client";
import { backups } from "~db/schema/operations";
import { BACKUP_MISSING_AFTER_MS } from "./backup-schedule.server";
import { backupFilePath, backupsFolder, type BackupPlace } from "./take-backup.server";

/**
 * What Settings → System shows of the backups (the backups table, written by the backup
 * module): the last one, one running now, the ones kept, and whether the owner should worry.
 */

/** How many kept backups the System tab lists. */
export const KEPT_BACKUPS_SHOWN = 10;

export interface BackupView {
  id: number;
  kind: "scheduled" | "manual";
  status: "running" | "succeeded" | "failed";
  startedAt: string;
  finishedAt: string | null;
  sizeBytes: number | null;
  /** Its copy reached the bucket (BACKUP_S3_URL). */
  inBucket: boolean;
  /** Why the copy to the bucket failed (the file itself may be fine). */
  bucketError: string | null;
  /** Why the backup failed. */
  error: string | null;
  /** The instance that wrote it (its file is on that instance's disk). */
  host: string;
  /** This instance can hand it out: the file is on its disk, or a copy is in the bucket. */
  downloadable: boolean;
}

export interface BackupOverview {
  /** The server's clock when read: ages are counted from it, so both renders print the same. */
  now: string;
  /** The newest finished backup, succeeded or failed. */
  last: BackupView | null;
  /** One being written now. */
  running: BackupView | null;
  /** When the newest successful one finished (null: none ever). */
  lastSucceededAt: string | null;
  /** No backup succeeded within 26 hours (BACKUP_MISSING_AFTER_MS, when the owner is alerted too). */
  overdue: boolean;
  /** Successful backups whose file is still kept, newest first. */
  kept: BackupView[];
  /** Where the files live: this instance's folder, and the bucket's host, name and prefix (never its keys). */
  storage: { directory: string; bucket: string | null };
}

type BackupRow = typeof backups.$inferSelect;

/** Whether the download (openBackupDownload) would find the file: on this disk, else in the bucket. */
function canDownload(row: BackupRow, place: BackupPlace): boolean {
  if (row.status !== "succeeded" || row.prunedAt) return false;
  const file = backupFilePath(place.dataDir, row.fileName);
  if (file && row.host === place.host && fs.existsSync(file)) return true;
  return row.s3Key !== null && place.bucket !== undefined;
}

function view(row: BackupRow, place: BackupPlace): BackupView {
  return {
    id: row.id,
    kind: row.kind === "scheduled" ? "scheduled" : "manual",
    status: row.status === "succeeded" || row.status === "failed" ? row.status : "running",
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
    inBucket: row.s3Key !== null,
    bucketError: row.s3Error,
    error: row.error,
    host: row.host,
    downloadable: canDownload(row, place),
  };
}

export async function backupOverview(db: Db, place: BackupPlace, now = new Date()): Promise<BackupOverview> {
  const [recent, kept, [lastSucceeded]] = await Promise.all([
    db.select().from(backups).orderBy(desc(backups.startedAt), desc(backups.id)).limit(20),
    db
      .select()
      .from(backups)
      .where(and(eq(backups.status, "succeeded"), isNull(backups.prunedAt)))
      .orderBy(desc(backups.startedAt), desc(backups.id))
      .limit(KEPT_BACKUPS_SHOWN),
    db
      .select({ finishedAt: backups.finishedAt })
      .from(backups)
      .where(eq(backups.status, "succeeded"))
      .orderBy(desc(backups.finishedAt))
      .limit(1),
  ]);
  const running = recent.find((row) => row.status === "running");
  const last = recent.find((row) => row.status !== "running");
  const lastSucceededAt = lastSucceeded?.finishedAt ?? null;
  const overdue = !lastSucceededAt || now.getTime() - lastSucceededAt.getTime() > BACKUP_MISSING_AFTER_MS;
  return {
    now: now.toISOString(),
    last: last ? view(last, place) : null,
    running: running ? view(running, place) : null,
    lastSucceededAt: lastSucceededAt?.toISOString() ?? null,
    overdue,
    kept: kept.map((row) => view(row, place)),
    storage: { directory: backupsFolder(place.dataDir), bucket: place.bucket?.describe ?? null },
  };
}
