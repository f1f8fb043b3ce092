import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { openDatabase, type Database, type DriverName } from "~db/client";

/**
 * The drivers integration tests run on: PGlite always, PostgreSQL too when
 * TEST_DATABASE_URL is set (CI sets it, and fails if the server is unreachable).
 */
export function testDrivers(): DriverName[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

export interface TestDatabase extends Database {
  /** The PostgreSQL database's URL (absent for PGlite), to open a second handle on it. */
  url?: string;
  /** Drops the PostgreSQL database (or closes PGlite). */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated, empty database: in-memory PGlite, or a new PostgreSQL database of its own.
 * `{ migrated: false }` leaves it empty, for a test that migrates it step by step.
 */
export async function createTestDatabase(driver: DriverName, { migrated = true } = {}): Promise<TestDatabase> {
  if (driver === "pglite") {
    const database = await openDatabase();
    if (migrated) await database.migrate();
    return { ...database, destroy: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `shop_test_${Date.now()}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.href, poolSize: 30 });
  if (migrated) await database.migrate();
  return {
    ...database,
    url: url.href,
    async destroy() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * The integration tests' database fixture: one `describe` block per driver of testDrivers(),
 * titled "<title> on <driver>", each with a fresh database (createTestDatabase) opened before
 * the block's tests and destroyed after them (after the block's own afterAll hooks).
 *
 * `database` may be used inside hooks and tests, not while the block is being collected:
 *
 *   describeWithDatabase("catalog queries", (database) => {
 *     beforeAll(() => createCategory(database.db, "kaftans"));
 *     it("…", async () => expect(await listCollection(database.db, …)).toEqual(…));
 *   });
 */
export function describeWithDatabase(title: string, body: (database: Database, driver: DriverName) => void): void {
  describe.each(testDrivers())(`${title} on %s`, (driver) => {
    let current: TestDatabase | undefined;
    const open = (): TestDatabase => {
      if (!current) throw new Error("The test database is open only inside hooks and tests (describeWithDatabase).");
      return current;
    };
    const database: Database = {
      get db() {
        return open().db;
      },
      driver,
      migrate: (folder?: string) => open().migrate(folder),
      ping: () => open().ping(),
      close: () => open().close(),
      poolStats: () => open().poolStats?.() ?? { total: 0, idle: 0, waiting: 0 },
    };
    beforeAll(async () => {
      current = await createTestDatabase(driver);
    });
    afterAll(async () => {
      await current?.destroy();
      current = undefined;
    });
    body(database, driver);
  });
}
