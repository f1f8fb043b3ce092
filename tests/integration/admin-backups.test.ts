import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { backups, ownerAlerts } from "~db/schema/operations";
import { backupPlace } from "~/modules/backups/backup-place.server";
import { backupOverview } from "~/modules/backups/backups-admin.server";
import {
  ALERT_EMAIL_MESSAGE,
  BACKUP_KEEP_DAILY_MESSAGE,
  BACKUP_KEEP_WEEKLY_MESSAGE,
  BACKUP_TIME_MESSAGE,
  backupSettingsSchema,
} from "~/modules/settings/settings.schema";
import { getStoreSettings, invalidateStoreSettingsCache } from "~/modules/settings/settings.server";
import { loader as downloadLoader } from "~/routes/admin/backup-download";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { createAdmin, createUser } from "../factories/users";
import { signedInAs, TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { routeAnswer, samePost } from "../setup/route-answer";
import { startS3TestServer, type S3TestServer } from "../setup/s3-test-server";
import { describeWithDatabase } from "../setup/test-database";

const HOUR = 3_600_000;

/** A real S3-protocol server (s3rver) for the bucket copies. */
let s3: S3TestServer;
let s3Url: string;
beforeAll(async () => {
  s3 = await startS3TestServer();
  s3Url = s3.urlFor("admin-tests");
});
afterAll(() => s3.close());

describe("the System tab's backup schema", () => {
  it("takes a 24-hour HH:MM, whole numbers in range and an optional email, each refused with its own message", () => {
    expect(backupSettingsSchema.parse({ backupTime: " 23:45 ", backupKeepDaily: "14", backupKeepWeekly: "0", alertEmail: "" })).toEqual({
      backupTime: "23:45",
      backupKeepDaily: 14,
      backupKeepWeekly: 0,
      alertEmail: "",
    });
    expect(backupSettingsSchema.parse({ backupTime: "00:00", backupKeepDaily: "90", backupKeepWeekly: "52" }).alertEmail).toBe("");
    const messages = (input: Record<string, string>) =>
      backupSettingsSchema
        .safeParse({ backupTime: "03:00", backupKeepDaily: "7", backupKeepWeekly: "4", alertEmail: "", ...input })
        .error?.issues.map((i) => i.message);
    for (const bad of ["3:00", "24:00", "12:60", "noon", "", "03:00:00"])
      expect(messages({ backupTime: bad }), bad).toEqual([BACKUP_TIME_MESSAGE]);
    for (const bad of ["0", "91", "7.5", "-1", "", "seven"])
      expect(messages({ backupKeepDaily: bad }), bad).toEqual([BACKUP_KEEP_DAILY_MESSAGE]);
    for (const bad of ["53", "-1", "1e1"]) expect(messages({ backupKeepWeekly: bad }), bad).toEqual([BACKUP_KEEP_WEEKLY_MESSAGE]);
    for (const bad of ["owner", "owner@", "a b@example.com"]) expect(messages({ alertEmail: bad }), bad).toEqual([ALERT_EMAIL_MESSAGE]);
  });
});

/**
 * Settings → System's backups through the routes themselves: what the owner reads (the last
 * backup, its age, the 26-hour warning, the kept files), the schedule form's validation, "Back
 * up now" made once however often it is clicked, the download, and nobody but an admin getting
 * any of it.
 */
describeWithDatabase("admin backups: Settings → System", (database) => {
  let adminId: string;
  let customerId: string;
  let dataDir: string;

  beforeAll(async () => {
    adminId = (await createAdmin(database.db, { email: "owner@example.com" })).id;
    customerId = (await createUser(database.db, { email: "ama@example.com" })).id;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ahenfie-backups-test-"));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  beforeEach(async () => {
    await database.db.delete(backups);
    await database.db.delete(ownerAlerts);
    fs.rmSync(path.join(dataDir, "backups"), { recursive: true, force: true });
  });

  function contextFor(userId: string | null, email = "owner@example.com", s3Url?: string): AppLoadContext {
    const base = testLoadContext(database);
    return testLoadContext(database, {
      config: { ...base.config, dataDir, backupS3Url: s3Url },
      ...(userId ? { auth: signedInAs({ id: userId, email }) } : {}),
    });
  }
  const admin = (s3Url?: string) => contextFor(adminId, "owner@example.com", s3Url);
  const customer = () => contextFor(customerId, "ama@example.com");
  const signedOut = () => contextFor(null);
  const cookie = { cookie: "ahenfie.session_token=abc" };
  const get = (url: string) => new Request(`${TEST_ORIGIN}${url}`, { headers: cookie });
  const post = (form: Record<string, string>) => {
    const request = samePost("/admin/settings", new URLSearchParams(form));
    request.headers.set("cookie", cookie.cookie);
    return request;
  };
  /** The System tab's data (an owner's page carries it: decision 047). */
  const page = async (context = admin()) => {
    const body = (await routeAnswer(settingsLoader, { request: get("/admin/settings?tab=system"), context })).body as Awaited<
      ReturnType<typeof settingsLoader>
    >;
    return { ...body, backups: body.backups!, backupSettings: body.backupSettings! };
  };
  const act = (form: Record<string, string>, context = admin()) => routeAnswer(settingsAction, { request: post(form), context });
  const download = (id: string, context = admin()) =>
    routeAnswer(downloadLoader, { request: get(`/admin/backups/${id}/download`), context, params: { backupId: id } });

  async function succeededBackup(hoursAgo: number, values: Partial<typeof backups.$inferInsert> = {}) {
    const startedAt = new Date(Date.now() - hoursAgo * HOUR);
    const [row] = await database.db
      .insert(backups)
      .values({
        kind: "scheduled",
        status: "succeeded",
        startedAt,
        finishedAt: new Date(startedAt.getTime() + 5000),
        host: os.hostname(),
        fileName: `ahenfie-${startedAt.toISOString().slice(0, 19).replaceAll(":", "-")}Z.ahenfie-backup.gz`,
        sizeBytes: 2_400_000,
        sha256: "0".repeat(64),
        rowCount: 1234,
        ...values,
      })
      .returning();
    return row!;
  }

  it("before any backup: none yet, a warning, where files go, and that no bucket is set", async () => {
    const { backups: overview, backupSettings } = await page();
    expect(overview).toMatchObject({ last: null, running: null, lastSucceededAt: null, overdue: true, kept: [] });
    expect(overview.storage).toEqual({ directory: path.join(dataDir, "backups"), bucket: null });
    expect(backupSettings).toEqual({ backupTime: "03:00", backupKeepDaily: 7, backupKeepWeekly: 4, alertEmail: "" });

    const withBucket = await page(admin("https://AKIAEXAMPLE:s3cr3t@s3.example.com/shop-backups?region=eu-west-1"));
    expect(withBucket.backups.storage.bucket).toBe("s3.example.com/shop-backups");
    expect(JSON.stringify(withBucket)).not.toContain("s3cr3t");
  });

  it("the last backup with its size and bucket copy; a failed newer one shown first with its error; pruned and failed ones not kept", async () => {
    await succeededBackup(60, { prunedAt: new Date() });
    const good = await succeededBackup(14, { s3Key: "shop/ahenfie-x.ahenfie-backup.gz" });
    const older = await succeededBackup(38, { kind: "manual", s3Error: "The bucket refused the key (403)" });
    await database.db.insert(backups).values({
      kind: "scheduled",
      status: "failed",
      startedAt: new Date(Date.now() - 2 * HOUR),
      finishedAt: new Date(Date.now() - 2 * HOUR),
      host: os.hostname(),
      error: "No space left on device",
    });

    const { backups: overview } = await page();
    expect(overview.last).toMatchObject({ status: "failed", error: "No space left on device", kind: "scheduled" });
    expect(overview.overdue).toBe(false);
    expect(overview.kept.map((b) => b.id)).toEqual([good.id, older.id]);
    expect(overview.kept[0]).toMatchObject({ sizeBytes: 2_400_000, inBucket: true, bucketError: null, kind: "scheduled" });
    expect(overview.kept[1]).toMatchObject({ inBucket: false, bucketError: "The bucket refused the key (403)", kind: "manual" });
    // Their files are not on this disk: only the one with a copy in the bucket can be handed out, once a bucket is set.
    expect(overview.kept.map((b) => b.downloadable)).toEqual([false, false]);
    expect((await page(admin(s3Url))).backups.kept.map((b) => b.downloadable)).toEqual([true, false]);
  });

  it("warns after 26 hours without a successful backup, not before", async () => {
    await succeededBackup(25);
    const place = backupPlace({ dataDir, backupS3Url: undefined }, database.driver);
    expect((await backupOverview(database.db, place)).overdue).toBe(false);
    expect((await backupOverview(database.db, place, new Date(Date.now() + 2 * HOUR))).overdue).toBe(true);
  });

  it("saves the schedule and alert address, and refuses bad values with their messages, saving nothing", async () => {
    const saved = await act({
      intent: "backup-schedule",
      backupTime: "01:30",
      backupKeepDaily: "10",
      backupKeepWeekly: "6",
      alertEmail: "owner@ahenfie.com",
    });
    expect(saved).toMatchObject({ status: 200, body: { intent: "backup-schedule", ok: true, message: "Settings saved" } });
    invalidateStoreSettingsCache();
    expect(await getStoreSettings(database.db)).toMatchObject({
      backupTime: "01:30",
      backupKeepDaily: 10,
      backupKeepWeekly: 6,
      alertEmail: "owner@ahenfie.com",
    });

    const refused = await act({
      intent: "backup-schedule",
      backupTime: "25:00",
      backupKeepDaily: "0",
      backupKeepWeekly: "4",
      alertEmail: "not-an-email",
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      intent: "backup-schedule",
      ok: false,
      message: "Please correct the fields marked below.",
      result: {
        error: { backupTime: [BACKUP_TIME_MESSAGE], backupKeepDaily: [BACKUP_KEEP_DAILY_MESSAGE], alertEmail: [ALERT_EMAIL_MESSAGE] },
      },
    });
    invalidateStoreSettingsCache();
    expect((await page()).backupSettings).toEqual({
      backupTime: "01:30",
      backupKeepDaily: 10,
      backupKeepWeekly: 6,
      alertEmail: "owner@ahenfie.com",
    });

    // An empty address goes back to every admin.
    await act({ intent: "backup-schedule", backupTime: "03:00", backupKeepDaily: "7", backupKeepWeekly: "4", alertEmail: "" });
    invalidateStoreSettingsCache();
    expect((await getStoreSettings(database.db)).alertEmail).toBe("");
  });

  it("Back up now makes one backup however often it is clicked, says how big it is, then the file downloads", async () => {
    const clicks = await Promise.all([act({ intent: "back-up-now" }), act({ intent: "back-up-now" })]);
    expect(clicks.map((c) => c.status).sort()).toEqual([200, 409]);
    expect(clicks.find((c) => c.status === 200)!.body).toMatchObject({
      intent: "back-up-now",
      ok: true,
      message: expect.stringMatching(/^\d+\.\d (kB|MB), kept on this server\.$/),
    });
    expect(clicks.find((c) => c.status === 409)!.body).toMatchObject({
      intent: "back-up-now",
      ok: false,
      message: expect.stringMatching(/^A backup is already being made \(started .+\); wait for it to finish\.$/),
    });

    const { backups: overview } = await page();
    expect(overview.running).toBeNull();
    expect(overview.last).toMatchObject({ kind: "manual", status: "succeeded", error: null, inBucket: false, downloadable: true });
    expect(overview.last!.sizeBytes).toBeGreaterThan(1000);
    expect(overview.overdue).toBe(false);
    expect(overview.kept.map((b) => b.id)).toEqual([overview.last!.id]);
    expect(await database.db.select().from(backups)).toHaveLength(1);

    const file = await download(String(overview.last!.id));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/gzip");
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(file.headers.get("content-disposition")).toMatch(
      /^attachment; filename="ahenfie-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.ahenfie-backup\.gz"$/,
    );
    expect(Number(file.headers.get("content-length"))).toBe(overview.last!.sizeBytes);
  });

  it("with a bucket: Back up now says the copy is there, the tab says so, and the download comes from the bucket once the file is gone", async () => {
    const made = await act({ intent: "back-up-now" }, admin(s3Url));
    expect(made).toMatchObject({
      status: 200,
      body: { ok: true, message: expect.stringMatching(/kept on this server and in the bucket\.$/) },
    });
    const { backups: overview } = await page(admin(s3Url));
    expect(overview.last).toMatchObject({ inBucket: true, bucketError: null });
    expect(overview.storage.bucket).toMatch(/^127\.0\.0\.1:\d+\/shop-backups\/admin-tests$/);
    expect(JSON.stringify(overview)).not.toContain("S3RVER");

    const [row] = await database.db.select().from(backups);
    fs.rmSync(path.join(dataDir, "backups", row!.fileName!));
    // Without the bucket configured, the file is simply gone from this server.
    expect((await download(String(row!.id))).status).toBe(404);
    const response = (await downloadLoader({
      request: get(`/admin/backups/${row!.id}/download`),
      context: admin(s3Url),
      params: { backupId: String(row!.id) },
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${row!.fileName}"`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBe(row!.sizeBytes);
    expect(JSON.parse(zlib.gunzipSync(bytes).toString("utf8").split("\n")[0]!)).toMatchObject({ format: "ahenfie-backup" });
  });

  it("while a backup runs, the tab says so and Back up now is refused with a clear message", async () => {
    await database.db.insert(backups).values({ kind: "scheduled", status: "running", host: "shop-2", scheduledFor: "2026-12-02" });
    expect((await page()).backups.running).toMatchObject({ kind: "scheduled", status: "running" });
    const refused = await act({ intent: "back-up-now" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ ok: false, message: expect.stringContaining("A backup is already being made") });
    expect(await database.db.select().from(backups)).toHaveLength(1);
  });

  it("the downloaded file is the gzip the backup wrote, starting with the backup header", async () => {
    await act({ intent: "back-up-now" });
    const { backups: overview } = await page();
    const request = get(`/admin/backups/${overview.last!.id}/download`);
    const response = (await downloadLoader({
      request,
      context: admin(),
      params: { backupId: String(overview.last!.id) },
    } as never)) as Response;
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const header = JSON.parse(zlib.gunzipSync(bytes).toString("utf8").split("\n")[0]!) as Record<string, unknown>;
    expect(header).toMatchObject({ format: "ahenfie-backup", version: 1, driver: database.driver });
  });

  it("a download with a bad number, of a failed, pruned or missing file is a 404 saying why", async () => {
    const pruned = await succeededBackup(30, { prunedAt: new Date() });
    const elsewhere = await succeededBackup(3, { host: "shop-2" });
    const gone = await succeededBackup(4);
    const [failed] = await database.db
      .insert(backups)
      .values({ kind: "manual", status: "failed", host: os.hostname(), error: "disk full", finishedAt: new Date() })
      .returning();
    const cases: [string, RegExp][] = [
      ["abc", /There is no such backup\./],
      ["0", /There is no such backup\./],
      ["..%2F..%2Fetc%2Fpasswd", /There is no such backup\./],
      ["99999", /There is no such backup\./],
      [String(failed!.id), /There is no such backup\./],
      [String(pruned.id), /removed by retention/],
      [String(elsewhere.id), /on the disk of shop-2, another instance, and has no copy in a bucket/],
      [String(gone.id), /no longer on this server's disk/],
    ];
    for (const [id, message] of cases) {
      const answer = await download(id);
      expect(answer.status, id).toBe(404);
      expect(answer.headers.get("cache-control"), id).toBe("private, no-store");
      expect(String(answer.body), id).toMatch(message);
    }
  });

  it("a customer and a signed-out visitor get nothing: no page, no backup, no file", async () => {
    const kept = await succeededBackup(1);
    fs.mkdirSync(path.join(dataDir, "backups"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "backups", kept.fileName!), zlib.gzipSync('{"format":"ahenfie-backup"}\n'));
    expect((await download(String(kept.id))).status).toBe(200);

    for (const [who, context] of [
      ["customer", customer()],
      ["signed out", signedOut()],
    ] as const) {
      // A page asked for is a redirect: home for a customer, the sign-in page for a visitor.
      const where = who === "customer" ? /^\/$/ : /^\/auth/;
      const view = await routeAnswer(settingsLoader, { request: get("/admin/settings?tab=system"), context });
      expect(view.status, who).toBe(302);
      expect(view.headers.get("location"), who).toMatch(where);
      const file = await download(String(kept.id), context);
      expect(file.status, who).toBe(302);
      expect(file.headers.get("location"), who).toMatch(where);
      expect(file.headers.get("content-disposition"), who).toBeNull();
      expect(String(file.body), who).not.toContain("ahenfie-backup");
      const started = await act({ intent: "back-up-now" }, context);
      expect([302, 403], who).toContain(started.status);
    }
    // A customer's post is refused outright; a signed-out one is sent to sign in.
    expect((await act({ intent: "back-up-now" }, customer())).status).toBe(403);
    expect((await act({ intent: "back-up-now" }, signedOut())).headers.get("location")).toMatch(/^\/auth/);
    expect(await database.db.select().from(backups)).toHaveLength(1);
  });
});
