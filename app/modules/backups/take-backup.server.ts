import fs from "node:fs";
import path from "node:path";
import type { Writable } from "node:stream";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, DriverName } from "~db/client";
import { backups } from "~db/schema/operations";
import { raiseOwnerAlert } from "~/modules/owner-alerts/owner-alerts.server";
import { BACKUP_FILE_SUFFIX, backupFileName, BackupError } from "./backup-format";
import { copyToBucket, type BackupBucket } from "./backup-s3.server";
import { writeBackup, type WrittenBackup } from "./write-backup.server";

export type BackupRecord = typeof backups.$inferSelect;

/** Where this instance keeps backups, and the bucket copies go to. */
export interface BackupPlace {
  dataDir: string;
  driver: DriverName;
  /** This instance's host name: a file is on the disk of the instance that wrote it. */
  host: string;
  bucket?: BackupBucket;
}

export function backupsFolder(dataDir: string): string {
  return path.join(dataDir, "backups");
}

/** A backup file's path on this instance's disk, or null when the name is not one of ours (never a path from outside). */
export function backupFilePath(dataDir: string, fileName: string | null): string | null {
  if (!fileName || path.basename(fileName) !== fileName || !fileName.endsWith(BACKUP_FILE_SUFFIX)) return null;
  return path.join(backupsFolder(dataDir), fileName);
}

export class BackupInProgressError extends BackupError {
  override name = "BackupInProgressError";
}

/** A backup still `running` after this long stopped with its instance: it is marked failed. */
export const STALE_BACKUP_MS = 2 * 60 * 60_000;

/**
 * Opens a backup's row: a scheduled backup claims its day (of several instances, one wins and
 * the others get null); a manual one is refused while another backup runs (a double click,
 * two owners), checked and claimed under one lock.
 */
async function openRecord(
  db: Db,
  values: { kind: "scheduled" | "manual"; scheduledFor?: string; host: string; fileName: string; startedAt: Date },
): Promise<BackupRecord | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ahenfie:backups'))`);
    const [running] = await tx
      .select()
      .from(backups)
      .where(and(eq(backups.status, "running"), sql`${backups.startedAt} > ${new Date(values.startedAt.getTime() - STALE_BACKUP_MS)}`))
      .orderBy(desc(backups.startedAt))
      .limit(1);
    if (running && values.kind === "manual") {
      throw new BackupInProgressError(
        `A backup is already being made (started ${running.startedAt.toISOString()}); wait for it to finish.`,
      );
    }
    if (running) return null;
    const [record] = await tx
      .insert(backups)
      .values({ ...values, scheduledFor: values.scheduledFor ?? null, status: "running" })
      .onConflictDoNothing()
      .returning();
    return record ?? null;
  });
}

/**
 * Writes a backup through `write` (a file, or the answer to `npm run backup` on the embedded
 * database), recording it as it goes: running, then succeeded with its size, SHA-256 and rows,
 * or failed with the reason (and the owner alerted). Resolves to the finished row.
 */
export async function recordBackup(
  db: Db,
  place: BackupPlace,
  details: { kind: "scheduled" | "manual"; scheduledFor?: string; fileName: string; now?: Date },
  write: (db: Db) => Promise<WrittenBackup>,
): Promise<BackupRecord | null> {
  const startedAt = details.now ?? new Date();
  // On the caller's clock (a test's, turned by days): finished when it finished, on that clock.
  const offset = startedAt.getTime() - Date.now();
  const finishedAt = () => new Date(Date.now() + offset);
  const record = await openRecord(db, {
    kind: details.kind,
    scheduledFor: details.scheduledFor,
    host: place.host,
    fileName: details.fileName,
    startedAt,
  });
  if (!record) return null;
  try {
    const written = await write(db);
    // Each write to the record is a transaction of its own: the activity log records a backup an
    // owner asked for only inside one (decision 049).
    const [done] = await db.transaction((tx) =>
      tx
        .update(backups)
        .set({
          status: "succeeded",
          finishedAt: finishedAt(),
          sizeBytes: written.sizeBytes,
          sha256: written.sha256,
          rowCount: written.rows,
        })
        .where(eq(backups.id, record.id))
        .returning(),
    );
    return done ?? record;
  } catch (error) {
    const reason = (error as Error).message || String(error);
    await db.transaction((tx) =>
      tx
        .update(backups)
        .set({ status: "failed", finishedAt: new Date(), error: reason.slice(0, 1000) })
        .where(eq(backups.id, record.id)),
    );
    await raiseOwnerAlert(db, {
      kind: "backup-failed",
      message: `The ${details.kind === "scheduled" ? "daily" : "manual"} backup failed: ${reason}`,
      details: { backup: record.id, host: place.host },
      occurredAt: finishedAt(),
    });
    throw error;
  }
}

/**
 * Takes a backup into this instance's backups folder (DATA_DIR/backups, readable by the shop's
 * user alone: it holds every customer's details), then copies it to the bucket when one is set.
 * The file appears under its name only once complete. A failed copy to the bucket keeps the
 * backup (it is on disk) and alerts the owner.
 */
export async function takeBackup(
  db: Db,
  place: BackupPlace,
  options: { kind: "scheduled" | "manual"; scheduledFor?: string; now?: Date } = { kind: "manual" },
): Promise<BackupRecord | null> {
  const folder = backupsFolder(place.dataDir);
  const fileName = backupFileName(options.now ?? new Date());
  const finalPath = path.join(folder, fileName);
  const partialPath = `${finalPath}.partial`;
  const record = await recordBackup(db, place, { ...options, fileName }, async (source) => {
    try {
      fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
      const written = await writeBackup(source, fs.createWriteStream(partialPath, { mode: 0o600 }), place.driver);
      fs.renameSync(partialPath, finalPath);
      return written;
    } catch (error) {
      fs.rmSync(partialPath, { force: true });
      throw error;
    }
  });
  if (!record || !place.bucket) return record;
  return copyRecordToBucket(db, place, record, finalPath);
}

async function copyRecordToBucket(db: Db, place: BackupPlace, record: BackupRecord, filePath: string): Promise<BackupRecord> {
  const bucket = place.bucket!;
  try {
    const key = await copyToBucket(bucket, filePath, path.basename(filePath), record.sha256 ?? "");
    const [copied] = await db.transaction((tx) =>
      tx.update(backups).set({ s3Key: key, s3Error: null }).where(eq(backups.id, record.id)).returning(),
    );
    return copied ?? record;
  } catch (error) {
    const reason = (error as Error).message || String(error);
    const [failed] = await db.transaction((tx) =>
      tx
        .update(backups)
        .set({ s3Error: reason.slice(0, 1000) })
        .where(eq(backups.id, record.id))
        .returning(),
    );
    await raiseOwnerAlert(db, {
      kind: "backup-failed",
      message: `The backup was made on ${place.host} but its copy to ${bucket.describe} failed: ${reason}`,
      details: { backup: record.id, host: place.host },
    });
    return failed ?? record;
  }
}

/** Writes a backup to any stream (the CLI's --out file), recorded like the rest. */
export function streamBackup(db: Db, place: BackupPlace, fileName: string, out: Writable): Promise<BackupRecord | null> {
  return recordBackup(db, place, { kind: "manual", fileName }, (source) => writeBackup(source, out, place.driver));
}
