import fs from "node:fs";
import { and, desc, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "~db/client";
import { backups, ownerAlerts } from "~db/schema/operations";
import { localDay } from "~/lib/dates";
import { raiseOwnerAlert } from "~/modules/owner-alerts/owner-alerts.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { deleteFromBucket } from "./backup-s3.server";
import { backupFilePath, STALE_BACKUP_MS, takeBackup, type BackupPlace, type BackupRecord } from "./take-backup.server";

/** With no successful backup for this long, the owner is told (docs/product-rules.md §9). */
export const BACKUP_MISSING_AFTER_MS = 26 * 60 * 60_000;

/** "HH:MM" now in the zone. */
function localTime(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
}

/** The ISO week ("2026-W49") a "YYYY-MM-DD" day falls in. */
export function isoWeek(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  // The Thursday of the day's week decides the week's year and number (ISO 8601).
  date.setUTCDate(date.getUTCDate() + 4 - (date.getUTCDay() || 7));
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

/**
 * The backups retention keeps, newest first: the newest of each of the last `daily` days that
 * have one, and the newest of each of the last `weekly` weeks (days and weeks in the store's
 * timezone). Everything else may go.
 */
export function backupsToKeep(
  records: Pick<BackupRecord, "id" | "startedAt">[],
  rule: { daily: number; weekly: number; timeZone: string },
): Set<number> {
  const newestFirst = [...records].sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
  const keep = new Set<number>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const record of newestFirst) {
    const day = localDay(rule.timeZone, record.startedAt);
    if (!days.has(day) && days.size < rule.daily) keep.add(record.id);
    days.add(day);
    const week = isoWeek(day);
    if (!weeks.has(week) && weeks.size < rule.weekly) keep.add(record.id);
    weeks.add(week);
  }
  return keep;
}

/**
 * Removes the backups retention does not keep: the file on this instance's disk and its copy
 * in the bucket. Backups written elsewhere (`npm run backup -- --out FILE`) are the owner's own
 * and never touched; those on another instance's disk are that instance's to prune.
 */
export async function pruneBackups(db: Db, place: BackupPlace, now = new Date()): Promise<number> {
  const settings = await getStoreSettings(db);
  const kept = await db
    .select()
    .from(backups)
    .where(and(eq(backups.status, "succeeded"), isNull(backups.prunedAt)));
  const ours = kept.filter((r) => backupFilePath(place.dataDir, r.fileName));
  const keep = backupsToKeep(ours, { daily: settings.backupKeepDaily, weekly: settings.backupKeepWeekly, timeZone: settings.timezone });
  let pruned = 0;
  for (const record of ours) {
    if (keep.has(record.id) || record.host !== place.host) continue;
    const file = backupFilePath(place.dataDir, record.fileName);
    if (file) fs.rmSync(file, { force: true });
    if (record.s3Key && place.bucket) await deleteFromBucket(place.bucket, record.s3Key);
    await db.update(backups).set({ prunedAt: now }).where(eq(backups.id, record.id));
    pruned++;
  }
  return pruned;
}

export interface BackupRound {
  /** The scheduled backup this round took, if it was due and this instance claimed it. */
  took: BackupRecord | null;
  pruned: number;
}

/**
 * One round of the daily schedule at `now` (every minute on each instance; a test turns the
 * clock): once the store's local time has passed Settings → System's backup time, today's
 * backup is taken by whichever instance claims the day first, then retention runs. Backups left
 * `running` by a stopped instance are marked failed, and the owner hears when no backup has
 * succeeded for 26 hours (once a day at most).
 */
export async function runBackupRound(db: Db, place: BackupPlace, now = new Date()): Promise<BackupRound> {
  const settings = await getStoreSettings(db);
  await failStaleBackups(db, now);
  let took: BackupRecord | null = null;
  let pruned = 0;
  if (localTime(settings.timezone, now) >= settings.backupTime) {
    const day = localDay(settings.timezone, now);
    const [existing] = await db.select({ id: backups.id }).from(backups).where(eq(backups.scheduledFor, day)).limit(1);
    if (!existing) {
      took = await takeBackup(db, place, { kind: "scheduled", scheduledFor: day, now }).catch(() => null);
      if (took) pruned = await pruneBackups(db, place, now);
    }
  }
  await alertIfBackupsMissing(db, now);
  return { took, pruned };
}

async function failStaleBackups(db: Db, now: Date): Promise<void> {
  const stale = await db
    .update(backups)
    .set({ status: "failed", finishedAt: now, error: "It did not finish: the instance making it stopped." })
    .where(and(eq(backups.status, "running"), lt(backups.startedAt, new Date(now.getTime() - STALE_BACKUP_MS))))
    .returning();
  for (const record of stale) {
    await raiseOwnerAlert(db, {
      kind: "backup-failed",
      message: `The backup started at ${record.startedAt.toISOString()} on ${record.host} never finished (the instance stopped?).`,
      details: { backup: record.id, host: record.host },
      occurredAt: now,
    });
  }
}

async function alertIfBackupsMissing(db: Db, now: Date): Promise<void> {
  const since = new Date(now.getTime() - BACKUP_MISSING_AFTER_MS);
  const [recent] = await db
    .select({ id: backups.id })
    .from(backups)
    .where(and(eq(backups.status, "succeeded"), gt(backups.finishedAt, since)))
    .limit(1);
  if (recent) return;
  // A shop that has not yet reached its first backup time is not missing one.
  const [first] = await db.select({ startedAt: backups.startedAt }).from(backups).orderBy(backups.startedAt).limit(1);
  if (!first || first.startedAt > since) return;
  const [alerted] = await db
    .select({ id: ownerAlerts.id })
    .from(ownerAlerts)
    .where(and(eq(ownerAlerts.kind, "backup-missing"), gt(ownerAlerts.occurredAt, new Date(now.getTime() - 24 * 60 * 60_000))))
    .limit(1);
  if (alerted) return;
  const [last] = await db
    .select({ finishedAt: backups.finishedAt })
    .from(backups)
    .where(eq(backups.status, "succeeded"))
    .orderBy(desc(backups.finishedAt))
    .limit(1);
  await raiseOwnerAlert(db, {
    kind: "backup-missing",
    message: last?.finishedAt
      ? `No backup has succeeded since ${last.finishedAt.toISOString()}: check Settings → System.`
      : "No backup has succeeded yet: check Settings → System.",
    occurredAt: now,
  });
}

/** The schedule on this instance: a round every minute until stopped. */
export function startBackupSchedule(options: {
  db: Db;
  place: BackupPlace;
  log: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
  intervalMs?: number;
}) {
  let round: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    round = runBackupRound(options.db, options.place)
      .then(
        (r) => r.took && options.log.info({ backup: r.took.id, bytes: r.took.sizeBytes, pruned: r.pruned }, "backups: daily backup taken"),
      )
      .catch((error: unknown) => options.log.warn({ err: error }, "backups: the schedule's round failed"));
  }, options.intervalMs ?? 60_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await round;
    },
  };
}
