import fs from "node:fs";
import type { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { backups } from "~db/schema/operations";
import { readFromBucket } from "./backup-s3.server";
import { backupFilePath, type BackupPlace, type BackupRecord } from "./take-backup.server";

export type BackupDownload =
  { found: true; record: BackupRecord; fileName: string; body: Readable; size: number | undefined } | { found: false; reason: string };

/**
 * A backup's file for Settings → System's download: from this instance's disk, else from the
 * bucket's copy. The file name comes from the backup's row, never from the request.
 */
export async function openBackupDownload(db: Db, place: BackupPlace, id: number): Promise<BackupDownload> {
  const [record] = await db.select().from(backups).where(eq(backups.id, id)).limit(1);
  if (!record || record.status !== "succeeded") return { found: false, reason: "There is no such backup." };
  if (record.prunedAt)
    return { found: false, reason: "This backup was removed by retention (Settings → System keeps the newest daily and weekly ones)." };
  const file = backupFilePath(place.dataDir, record.fileName);
  if (file && record.host === place.host && fs.existsSync(file)) {
    return { found: true, record, fileName: record.fileName!, body: fs.createReadStream(file), size: fs.statSync(file).size };
  }
  if (record.s3Key && place.bucket) {
    const copy = await readFromBucket(place.bucket, record.s3Key);
    return { found: true, record, fileName: record.s3Key.split("/").pop()!, body: copy.body, size: copy.size };
  }
  if (!file)
    return { found: false, reason: "This backup was written to a file of your own (npm run backup -- --out FILE), not kept by the shop." };
  return {
    found: false,
    reason:
      record.host === place.host
        ? "The backup's file is no longer on this server's disk."
        : `The backup's file is on the disk of ${record.host}, another instance, and has no copy in a bucket (set BACKUP_S3_URL).`,
  };
}
