import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "~db/client";
import { createClusterApart } from "~db/pglite-cluster";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-cluster-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("the embedded database's first start", () => {
  it("creates a new folder's cluster in a child process, which the shop then opens and migrates", async () => {
    const dir = path.join(root, "fresh", "pglite");
    expect(await createClusterApart(dir)).toBe(true);
    expect(fs.existsSync(path.join(dir, "PG_VERSION"))).toBe(true);

    const database = await openDatabase({ dataDir: dir });
    try {
      await database.migrate();
      await database.db.execute(sql`insert into categories (slug, name) values ('kaftans', 'Kaftans')`);
      const rows = await queryRows<{ name: string }>(database.db, sql`select name from categories`);
      expect(rows).toEqual([{ name: "Kaftans" }]);
    } finally {
      await database.close();
    }

    // A folder that has its cluster is left as it is: nothing created again, nothing lost.
    expect(await createClusterApart(dir)).toBe(false);
    const reopened = await openDatabase({ dataDir: dir });
    try {
      expect(await queryRows<{ name: string }>(reopened.db, sql`select name from categories`)).toEqual([{ name: "Kaftans" }]);
    } finally {
      await reopened.close();
    }
  });

  it("says which folder it could not create the database in", async () => {
    const blocker = path.join(root, "a-file");
    fs.writeFileSync(blocker, "not a folder");
    await expect(createClusterApart(path.join(blocker, "pglite"))).rejects.toThrow(/a-file/);
  });
});
