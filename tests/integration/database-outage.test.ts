import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "~db/client";
import { DatabaseAvailability, isDatabaseUnavailableError } from "../../server/database-availability";
import { freePort } from "../e2e/start-shop";

/**
 * What the real drivers throw when the database goes away, and that the server's probe
 * (server/database-availability.ts) sees it come back (decision 023).
 */

const quietLog = { warn() {}, error() {} };

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function failureOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error("expected the work to fail");
}

describe("the embedded database (PGlite) when its folder goes away", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-outage-"));
  const dir = path.join(root, "pglite");
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("fails queries with an outage error without ending the process, and answers again once the folder is back", async () => {
    const first = await openDatabase({ dataDir: dir });
    await first.db.execute(sql`create table kept (id int primary key)`);
    await first.db.execute(sql`insert into kept values (1)`);
    await first.close();

    const database = await openDatabase({ dataDir: dir });
    await database.ping();
    const availability = new DatabaseAvailability({ probe: () => database.ping(), log: quietLog, probeIntervalMs: 100 });
    try {
      fs.renameSync(dir, `${dir}-away`);
      // A table whose files this instance has not opened yet cannot be read: 58P01.
      const error = await failureOf(queryRows(database.db, sql`select count(*) from kept`));
      expect(isDatabaseUnavailableError(error)).toBe(true);
      expect(availability.notice(error)).toBe(true);
      // `select 1` still answers from memory; the probe looks at the folder, and fails.
      await expect(database.ping()).rejects.toMatchObject({ code: "58P01" });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(availability.down).toBe(true);

      fs.renameSync(`${dir}-away`, dir);
      await until(() => !availability.down);
      expect(await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from kept`)).toEqual([{ n: 1 }]);
    } finally {
      availability.stop();
      await database.close();
    }
  });
});

describe("PostgreSQL when the connection goes away", () => {
  const url = process.env.TEST_DATABASE_URL;

  it("fails fast with an outage error when nothing listens, and the probe says so", async () => {
    const port = await freePort();
    const database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${port}/nowhere` });
    try {
      const started = Date.now();
      const error = await failureOf(database.db.execute(sql`select 1`));
      expect(isDatabaseUnavailableError(error)).toBe(true);
      await expect(database.ping()).rejects.toBeTruthy();
      console.log(`refused connection reported in ${Date.now() - started} ms`);
    } finally {
      await database.close();
    }
  });

  // The shop's own server only ends its own session here (pg_terminate_backend): never a restart.
  it.runIf(url)("survives its connection ended in the middle of a transaction, and the pool carries on", async () => {
    const lost: Error[] = [];
    const database = await openDatabase({ url, poolSize: 2, onConnectionError: (error) => lost.push(error) });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const error = await failureOf(
        database.db.transaction(async (tx) => {
          const [me] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
          await admin.query("select pg_terminate_backend($1)", [me!.pid]);
          // The server's goodbye (57P01) arrives while the client is checked out between two
          // statements: without a listener of our own, pg's "error" event would end the process.
          await until(() => lost.length > 0);
          await tx.execute(sql`select 1`);
        }),
      );
      expect(isDatabaseUnavailableError(error)).toBe(true);
      expect(lost.map((e) => (e as Error & { code?: string }).code)).toContain("57P01");
      // The broken connection left the pool: the next query gets a good one.
      expect(await queryRows<{ one: number }>(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
      await database.ping();
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
