import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { backups, ownerAlerts } from "~db/schema/operations";
import { backupPlace } from "~/modules/backups/backup-place.server";
import { openBackupDownload } from "~/modules/backups/backup-download.server";
import { backupsToKeep, runBackupRound } from "~/modules/backups/backup-schedule.server";
import { takeBackup, BackupInProgressError, type BackupPlace } from "~/modules/backups/take-backup.server";
import { verifyBackup } from "~/modules/backups/verify-backup.server";
import { saveStoreSettings } from "~/modules/settings/settings.server";
import { createProduct } from "../factories/catalog";
import { startS3TestServer, type S3TestServer } from "../setup/s3-test-server";
import { describeWithDatabase } from "../setup/test-database";

/**
 * The daily backup (docs/product-rules.md §9) on a clock the test turns: taken once the store's
 * local time passes Settings → System's time, once per day however many instances ask, copied
 * to a real S3-protocol server (s3rver), kept 7 daily and 4 weekly, and the owner alerted when
 * one fails or none succeeded for 26 hours.
 */
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(() => s3.close());

/** 03:00 in Accra (GMT all year) on 2026-12-`day`, plus `minutes`. */
const accra = (day: number, hour = 3, minutes = 0) => new Date(Date.UTC(2026, 11, day, hour, minutes));

describeWithDatabase("daily backups", (database, driver) => {
  let place: BackupPlace;
  let dataDir: string;
  let prefix: string;

  beforeAll(async () => {
    await createProduct(database.db, { name: "Royal Kente Kaftan", price: 29_999, stock: 4 });
  });
  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "backups-"));
    // Each test its own folder in the bucket.
    prefix = `ahenfie/${path.basename(dataDir)}`;
    place = { ...backupPlace({ dataDir, backupS3Url: s3.urlFor(prefix) }, driver), host: "shop-1" };
    await database.db.delete(backups);
    await database.db.delete(ownerAlerts);
    await saveStoreSettings(database.db, { backupTime: "03:00", backupKeepDaily: 7, backupKeepWeekly: 4, timezone: "Africa/Accra" });
  });

  it("is taken once the store's backup time has passed, once a day however many instances ask, and lands in the bucket", async () => {
    expect((await runBackupRound(database.db, place, accra(2, 2, 59))).took).toBeNull();
    const rounds = await Promise.all([
      runBackupRound(database.db, place, accra(2, 3, 0)),
      runBackupRound(database.db, { ...place, host: "shop-2" }, accra(2, 3, 0)),
      runBackupRound(database.db, place, accra(2, 3, 1)),
    ]);
    const took = rounds.map((r) => r.took).filter(Boolean);
    expect(took).toHaveLength(1);
    const record = took[0]!;
    expect(record).toMatchObject({ kind: "scheduled", status: "succeeded", scheduledFor: "2026-12-02" });
    expect(record.sizeBytes).toBeGreaterThan(500);
    expect(record.s3Key).toBe(`${prefix}/${record.fileName}`);
    const file = path.join(dataDir, "backups", record.fileName!);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const checked = await verifyBackup(fs.createReadStream(file));
    expect(checked.rows).toBe(record.rowCount);
    // The bucket holds the same bytes: the download falls back to it once the file is gone.
    fs.rmSync(file);
    const download = await openBackupDownload(database.db, place, record.id);
    if (!download.found) throw new Error(download.reason);
    const fromBucket = await verifyBackup(download.body);
    expect(fromBucket.rows).toBe(record.rowCount);
    // Later that day, no second one.
    expect((await runBackupRound(database.db, place, accra(2, 23, 59))).took).toBeNull();
  });

  it("keeps the newest of each of the last 7 days and of each of the last 4 weeks, in the bucket too", async () => {
    // Thirty days of backups, one a day.
    for (let day = 0; day < 30; day++) {
      const at = new Date(accra(1).getTime() - (29 - day) * 86_400_000);
      const { took } = await runBackupRound(database.db, place, at);
      expect(took?.status).toBe("succeeded");
    }
    const kept = await database.db.select().from(backups).where(eq(backups.status, "succeeded")).orderBy(desc(backups.startedAt));
    const stillThere = kept.filter((b) => !b.prunedAt).map((b) => b.scheduledFor);
    // 2026-12-01 is a Tuesday: the last 7 days, then the newest of each earlier week
    // (Sundays end ISO weeks): 4 weeks in all, counting this one.
    expect(stillThere).toEqual([
      "2026-12-01",
      "2026-11-30",
      "2026-11-29",
      "2026-11-28",
      "2026-11-27",
      "2026-11-26",
      "2026-11-25",
      "2026-11-22",
      "2026-11-15",
    ]);
    expect(fs.readdirSync(path.join(dataDir, "backups")).sort()).toEqual(
      kept
        .filter((b) => !b.prunedAt)
        .map((b) => b.fileName)
        .sort(),
    );
    const { client } = await place.bucket!.connect();
    const listed = await client.send(new ListObjectsV2Command({ Bucket: "shop-backups", Prefix: `${prefix}/` }));
    expect(listed.Contents?.map((o) => o.Key).sort()).toEqual(
      kept
        .filter((b) => !b.prunedAt)
        .map((b) => b.s3Key)
        .sort(),
    );
  }, 240_000);

  it("alerts the owner when a backup fails, and when none has succeeded for 26 hours", async () => {
    await runBackupRound(database.db, place, accra(1));
    // The disk refuses: the backups folder is a file.
    const broken: BackupPlace = { ...place, dataDir: path.join(dataDir, "not-a-folder") };
    fs.writeFileSync(broken.dataDir, "");
    await runBackupRound(database.db, broken, accra(2));
    const [failed] = await database.db.select().from(backups).where(eq(backups.scheduledFor, "2026-12-02"));
    expect(failed?.status).toBe("failed");
    const alerts = () => database.db.select().from(ownerAlerts).orderBy(ownerAlerts.id);
    expect((await alerts()).map((a) => [a.kind, a.message])).toEqual([
      ["backup-failed", expect.stringMatching(/^The daily backup failed: /)],
    ]);
    // 26 hours after the last good one (03:00 on the 1st + a few seconds), once.
    await runBackupRound(database.db, broken, accra(2, 5, 0));
    expect((await alerts()).map((a) => a.kind)).toEqual(["backup-failed"]);
    await runBackupRound(database.db, broken, accra(2, 5, 1));
    await runBackupRound(database.db, broken, accra(2, 6, 0));
    const kinds = (await alerts()).map((a) => a.kind);
    expect(kinds).toEqual(["backup-failed", "backup-missing"]);
    expect((await alerts())[1]!.message).toMatch(/^No backup has succeeded since 2026-12-01T03:00/);
  });

  it("refuses a second manual backup while one runs (a double click makes one)", async () => {
    const [first, second] = await Promise.allSettled([takeBackup(database.db, place), takeBackup(database.db, place)]);
    const outcomes = [first, second].map((o) =>
      o.status === "fulfilled" ? "made" : o.reason instanceof BackupInProgressError ? "refused" : String(o.reason),
    );
    // Both may finish one after the other when the first is done before the second asks;
    // never two at once.
    expect(outcomes.filter((o) => o === "made").length).toBeGreaterThanOrEqual(1);
    expect(outcomes.every((o) => o === "made" || o === "refused")).toBe(true);
    const made = await database.db.select().from(backups);
    expect(made.every((b) => b.status === "succeeded")).toBe(true);
  });
});

it("keeps by the store's day and ISO week", () => {
  const at = (iso: string, id: number) => ({ id, startedAt: new Date(iso) });
  const records = [
    at("2026-12-02T03:00:00Z", 1),
    at("2026-12-02T14:00:00Z", 2),
    at("2026-12-01T03:00:00Z", 3),
    at("2026-11-29T03:00:00Z", 4),
  ];
  const later = new Date("2026-12-04T12:00:00Z");
  expect([...backupsToKeep(records, { daily: 1, weekly: 2, timeZone: "Africa/Accra" }, later)].sort()).toEqual([2, 4]);
  // In New York, 03:00 UTC on the 2nd is still the 1st.
  expect([...backupsToKeep(records, { daily: 2, weekly: 0, timeZone: "America/New_York" }, later)].sort()).toEqual([1, 2]);
  // Within a day of them, every one stays (a backup by hand before the day's scheduled one).
  expect([...backupsToKeep(records, { daily: 1, weekly: 0, timeZone: "Africa/Accra" }, new Date("2026-12-02T20:00:00Z"))].sort()).toEqual([
    1, 2,
  ]);
});
