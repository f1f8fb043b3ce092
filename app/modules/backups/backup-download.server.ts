import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { backups } from "~db/schema/operations";
import { BACKUP_FILE_SUFFIX } from "./backup-format";
import { backupDirectory } from "./backups-admin.server";

/** A backup file's name as the backup module writes it (backupFileName): one plain name, never a path. */
const isBackupFileName = (name: string) => /^[\w-][\w.-]*$/.test(name) && name.endsWith(BACKUP_FILE_SUFFIX);

export interface BackupDownload {
  fileName: string;
  sizeBytes: number;
  body: ReadableStream<Uint8Array>;
}

/** Why a backup cannot be downloaded, in words for the owner. */
export class BackupUnavailableError extends Error {}

/**
 * Opens a successful backup's file for download: the file under DATA_DIR/backups on this
 * instance. The name comes from the backups row, never from the request, and must be a plain
 * file name; an unknown id, a failed or running backup, a pruned one, or a file on another
 * instance's disk is a BackupUnavailableError saying which.
 */
export async function openBackupForDownload(db: Db, id: number, options: { dataDir: string }): Promise<BackupDownload> {
  const [row] = await db.select().from(backups).where(eq(backups.id, id)).limit(1);
  if (!row) throw new BackupUnavailableError("There is no backup with this number.");
  if (row.status !== "succeeded" || !row.fileName) throw new BackupUnavailableError("This backup did not complete, so it has no file.");
  if (row.prunedAt) throw new BackupUnavailableError("This backup's file was removed by the retention rule (Settings → System).");
  if (!isBackupFileName(row.fileName)) throw new BackupUnavailableError("This backup's file name is not one the shop writes.");

  const file = path.join(backupDirectory(options.dataDir), row.fileName);
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, "r");
  } catch {
    throw new BackupUnavailableError(
      `This backup's file is not on this server's disk (it was written by ${row.host})${row.s3Key ? "" : " and has no copy in the bucket"}.`,
    );
  }
  const { size } = await handle.stat();
  const body = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
  return { fileName: row.fileName, sizeBytes: size, body };
}
