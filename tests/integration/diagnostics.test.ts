import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { migrationsFolder, schema } from "~db/client";
import { userRoles } from "~db/schema/store";
import { runDiagnostics } from "~/modules/diagnostics/diagnostics.server";
import { knownMigrations } from "~/modules/diagnostics/migrations.server";
import { countTableRows, tableRowCounts } from "~/modules/diagnostics/table-counts.server";
import { queueEmail } from "~/modules/email/email-outbox.server";
import { createProduct } from "../factories/catalog";
import { createUser } from "../factories/users";
import { describeWithDatabase } from "../setup/test-database";

const schemaTables = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

const email = (subject: string) => ({ to: "ama@example.com", subject, html: "<p>Hi</p>", text: "Hi", kind: "test" });

describeWithDatabase("diagnostics", (database, driver) => {
  let tmp: string;

  beforeAll(async () => {
    const db = database.db;
    await createProduct(db);
    await createProduct(db);
    const user = await createUser(db);
    await db.insert(userRoles).values({ userId: user.id, role: "owner" });
    await queueEmail(db, email("First"));
    await queueEmail(db, email("Second"));
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), "diagnostics-"));
  });
  afterAll(async () => {
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it("reports driver, server version, migration level, every table's rows, transport and outbox", async () => {
    const result = await runDiagnostics(database.db, {
      driver,
      emailTransport: { kind: "files", describe: () => "Files in data/outbox" },
    });
    expect(result.database).toEqual({ ok: true, value: { driver, version: expect.stringContaining("PostgreSQL") } });

    const journal = await knownMigrations();
    expect(result.migrations).toEqual({
      ok: true,
      value: {
        applied: journal.length,
        latest: { tag: journal.at(-1)!.tag, hash: journal.at(-1)!.hash, generatedAt: new Date(journal.at(-1)!.when).toISOString() },
        known: journal.length,
        latestKnownTag: journal.at(-1)!.tag,
        pending: [],
        latestChanged: false,
        upToDate: true,
      },
    });

    if (!result.tables.ok) throw new Error(result.tables.error);
    expect(result.tables.value.map((t) => t.name)).toEqual(schemaTables);
    const rows = Object.fromEntries(result.tables.value.map((t) => [t.name, t.rows]));
    expect(rows).toMatchObject({ products: 2, users: 1, user_roles: 1, email_outbox: 2, orders: 0, settings: 0 });
    expect(result.tables.value.every((t) => t.exact && t.error === undefined)).toBe(true);

    expect(result.email).toEqual({ ok: true, value: { transport: "Files in data/outbox", kind: "files" } });
    if (!result.outbox.ok) throw new Error(result.outbox.error);
    expect(result.outbox.value.map((m) => [m.subject, m.status, m.lastError])).toEqual([
      ["Second", "pending", null],
      ["First", "pending", null],
    ]);
  });

  it("uses the planner's estimate above the exact-count limit, and reports a failed count instead of throwing", async () => {
    await database.db.execute(sql`analyze products`);
    const counts = await tableRowCounts(database.db, 1);
    expect(counts.find((t) => t.name === "products")).toEqual({ name: "products", rows: 2, exact: false });
    expect(counts.find((t) => t.name === "users")).toEqual({ name: "users", rows: 1, exact: true });
    const missing = await countTableRows(database.db, "no_such_table");
    expect(missing).toMatchObject({ name: "no_such_table", rows: null });
    expect(missing.error).toMatch(/does not exist/);
  });

  it("shows migrations the database has not applied yet, and an applied migration edited since", async () => {
    const folder = path.join(tmp, "migrations");
    await fs.cp(migrationsFolder, folder, { recursive: true });
    const journalPath = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(await fs.readFile(journalPath, "utf8")) as { entries: { idx: number; tag: string; when: number }[] };
    const latest = journal.entries.at(-1)!;
    await fs.appendFile(path.join(folder, `${latest.tag}.sql`), "\n-- edited after it ran\n");
    journal.entries.push({ ...latest, idx: latest.idx + 1, tag: "9999_future", when: latest.when + 1 });
    await fs.writeFile(journalPath, JSON.stringify(journal));
    await fs.writeFile(path.join(folder, "9999_future.sql"), "select 1;");

    const result = await runDiagnostics(database.db, { driver, migrationsFolder: folder });
    expect(result.migrations).toMatchObject({
      ok: true,
      value: { latest: { tag: latest.tag }, pending: ["9999_future"], latestChanged: true, upToDate: false },
    });
    const broken = await runDiagnostics(database.db, { driver, migrationsFolder: path.join(tmp, "nowhere") });
    expect(broken.migrations).toEqual({ ok: false, error: expect.stringContaining("no such file") });
    expect(broken.tables.ok).toBe(true);
    expect(broken.email).toBeNull();
  });
});
