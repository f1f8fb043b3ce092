import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Database, Db } from "~db/client";
import { backups } from "~db/schema/operations";
import { raiseOwnerAlert } from "~/modules/owner-alerts/owner-alerts.server";
import { backupFileName } from "./backup-format";
import { backupDirectory } from "./backups-admin.server";
import { writeBackup } from "./write-backup.server";

/** A backup still "running" after this long died with its process: it no longer holds the next one back. */
const RUNNING_FOR_AT_MOST_MS = 6 * 3_600_000;

/** "Back up now" while one is being made. */
export class BackupAlreadyRunningError extends Error {
  constructor() {
    super("A backup is already being made. Wait for it to finish (it appears in the list below), then try again if you need another.");
  }
}

/**
 * Records a manual backup as running, unless one is running already: under a transaction-wide
 * advisory lock, so two clicks (or two instances) at the same moment make one backup, and the
 * second is told why not.
 */
async function claimManualBackup(db: Db, host: string, now: Date): Promise<{ id: number; fileName: string }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ahenfie:backups'))`);
    const [running] = await tx
      .select({ id: backups.id })
      .from(backups)
      .where(and(eq(backups.status, "running"), gt(backups.startedAt, new Date(now.getTime() - RUNNING_FOR_AT_MOST_MS))))
      .limit(1);
    if (running) throw new BackupAlreadyRunningError();
    const fileName = backupFileName(now);
    const [row] = await tx
      .insert(backups)
      .values({ kind: "manual", status: "running", startedAt: now, host, fileName })
      .returning({ id: backups.id });
    return { id: row!.id, fileName };
  });
}

/** Writes the file and records how it went; a failure is recorded and raised to the owner, never thrown. */
async function completeBackup(database: Database, options: { id: number; fileName: string; dataDir: string }): Promise<void> {
  const directory = backupDirectory(options.dataDir);
  const file = path.join(directory, options.fileName);
  try {
    await fs.promises.mkdir(directory, { recursive: true });
    const written = await writeBackup(database.db, fs.createWriteStream(file), database.driver);
    await database.db
      .update(backups)
      .set({ status: "succeeded", finishedAt: new Date(), sizeBytes: written.sizeBytes, sha256: written.sha256, rowCount: written.rows })
      .where(eq(backups.id, options.id));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await fs.promises.rm(file, { force: true }).catch(() => undefined);
    await database.db.update(backups).set({ status: "failed", finishedAt: new Date(), error: message }).where(eq(backups.id, options.id));
    await raiseOwnerAlert(database.db, {
      kind: "backup-failed",
      message: `The backup asked for in Settings → System failed: ${message}`,
      details: { backupId: options.id },
    });
  }
}

/**
 * "Back up now" (Settings → System): claims the slot (or throws BackupAlreadyRunningError), then
 * writes the backup without holding the request; the page shows it running, then done.
 * `done` resolves when the file is written (or the failure recorded), for tests and scripts.
 */
export async function startManualBackup(
  database: Database,
  options: { dataDir: string; now?: Date },
): Promise<{ id: number; done: Promise<void> }> {
  const claimed = await claimManualBackup(database.db, os.hostname(), options.now ?? new Date());
  const done = completeBackup(database, { ...claimed, dataDir: options.dataDir });
  return { id: claimed.id, done };
}
