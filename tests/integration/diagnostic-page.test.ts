import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { Db } from "~db/client";
import { userRoles } from "~db/schema/store";
import { checkUserRole } from "~/modules/diagnostics/role-check.server";
import { shortDatabaseVersion, systemInfo } from "~/modules/diagnostics/system-info.server";
import { createUser } from "../factories/users";
import { describeWithDatabase } from "../setup/test-database";

const readVersion = (file: string) => (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;

describe("shortDatabaseVersion", () => {
  it("keeps the product and version of PostgreSQL's version()", () => {
    expect(shortDatabaseVersion("PostgreSQL 17.4 on x86_64-pc-linux-gnu, compiled by gcc, 64-bit")).toBe("PostgreSQL 17.4");
    expect(shortDatabaseVersion("PostgreSQL 15.10 (Debian 15.10-1.pgdg120+1) on aarch64")).toBe("PostgreSQL 15.10");
    expect(shortDatabaseVersion("something else")).toBe("something else");
  });
});

describeWithDatabase("systemInfo", (database, driver) => {
  it("reports the installed versions, the driver, the database version and the uptime", async () => {
    const startedAt = new Date("2026-03-01T10:00:00Z");
    const info = await systemInfo({
      db: database.db,
      driver,
      nodeEnv: "test",
      startedAt,
      now: new Date("2026-03-01T12:30:05Z"),
    });
    expect(info.version).toBe(readVersion("package.json"));
    expect(info.environment).toBe("test");
    expect(info.database).toMatchObject({ driver, error: null });
    expect(info.database.version).toMatch(/^PostgreSQL \d+(\.\d+)?/);
    expect(info.database.fullVersion).toContain(info.database.version);
    expect(info.startedAt).toBe(startedAt.toISOString());
    expect(info.uptimeMs).toBe((2 * 3600 + 30 * 60 + 5) * 1000);
    const versions = Object.fromEntries(info.frameworks.map((f) => [f.name, f.version]));
    expect(versions).toEqual({
      React: readVersion("node_modules/react/package.json"),
      "React Router": readVersion("node_modules/react-router/package.json"),
      "Drizzle ORM": readVersion("node_modules/drizzle-orm/package.json"),
      "Node.js": process.versions.node,
    });
  });

  it("reports a failing version query instead of throwing", async () => {
    const broken = { execute: () => Promise.reject(new Error("connection lost")) } as unknown as Db;
    const info = await systemInfo({ db: broken, driver, nodeEnv: "production", startedAt: new Date() });
    expect(info.database).toEqual({ driver, version: null, fullVersion: null, error: "connection lost" });
    expect(info.version).toBe(readVersion("package.json"));
  });
});

describeWithDatabase("checkUserRole", (database) => {
  it("reads the role and whether a role row exists", async () => {
    const admin = await createUser(database.db);
    const customer = await createUser(database.db);
    const noRow = await createUser(database.db);
    await database.db.insert(userRoles).values([
      { userId: admin.id, role: "owner" },
      { userId: customer.id, role: "customer" },
    ]);
    expect(await checkUserRole(database.db, admin.id)).toEqual({ ok: true, value: { role: "owner", row: true } });
    expect(await checkUserRole(database.db, customer.id)).toEqual({ ok: true, value: { role: "customer", row: true } });
    expect(await checkUserRole(database.db, noRow.id)).toEqual({ ok: true, value: { role: "customer", row: false } });
  });

  it("reports the lookup's error instead of falling back to customer", async () => {
    const broken = {
      select: () => {
        throw new Error('relation "user_roles" does not exist');
      },
    } as unknown as Db;
    expect(await checkUserRole(broken, "anyone")).toEqual({ ok: false, error: 'relation "user_roles" does not exist' });
  });
});
