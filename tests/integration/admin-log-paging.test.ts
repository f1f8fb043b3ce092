import { desc, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { nameActivityActor, runInActivityScope } from "~db/activity-scope";
import type { Db } from "~db/client";
import { activityLog } from "~db/schema/activity";
import { products } from "~db/schema/catalog";
import {
  cursorOf,
  listActivity,
  type ActivityCursor,
  type ActivityEntry,
  type ActivityFilter,
} from "~/modules/activity/activity-log.server";
import { createProduct } from "../factories/catalog";
import { describeWithDatabase } from "../setup/test-database";

/**
 * Admin → Activity pages by keyset: each page starts after the last entry's time and id. One
 * save writes its entries in one transaction, with one time, so a page often ends among them:
 * the next page must start with the rest of them, whether the log is read whole or filtered
 * (each filter reads its own index, in its own order: db/schema/activity.ts).
 */

const actor = { id: "user-ama", name: "Ama Owusu", role: "owner", ip: "41.66.1.10", action: "admin/products#save" };

/** One admin save changing the price of every product given: one entry each, all at one time. */
async function saveAll(db: Db, ids: number[], price: number) {
  await runInActivityScope(async () => {
    nameActivityActor(actor);
    await db.transaction((tx) => tx.update(products).set({ price }).where(inArray(products.id, ids)));
  });
}

const line = (entry: ActivityEntry) => `${entry.subjectLabel}: ${JSON.stringify(entry.changes)}`;

/**
 * Every entry the filter matches, a page of `size` at a time: older and older from the newest,
 * then newer and newer from the oldest (which that second walk leaves out).
 */
async function pageThrough(db: Db, filter: ActivityFilter, size: number) {
  const older: ActivityEntry[] = [];
  let cursor: ActivityCursor | undefined;
  // At most a dozen pages: a cursor that does not move on would otherwise page forever.
  for (let pages = 0; pages < 12 && (pages === 0 || cursor); pages++) {
    const page = await listActivity(db, filter, "Africa/Accra", { older: cursor, size });
    older.push(...page.entries);
    cursor = page.older ?? undefined;
  }
  const newer: ActivityEntry[] = [];
  cursor = cursorOf(older.at(-1)!);
  for (let pages = 0; pages < 12 && cursor; pages++) {
    const page = await listActivity(db, filter, "Africa/Accra", { newer: cursor, size });
    newer.unshift(...page.entries);
    cursor = page.newer ?? undefined;
  }
  return { older: older.map(line), newer: newer.map(line) };
}

describeWithDatabase("the activity log's pages", (database) => {
  it("lists every entry of a save once, however the pages fall among them", async () => {
    const { db } = database;
    const made = [];
    for (const name of ["Kente Kaftan", "Adinkra Agbada", "Smock Batakari"]) made.push(await createProduct(db, { name, price: 45000 }));
    const ids = made.map((product) => product.id);
    await saveAll(db, ids, 48000);
    await saveAll(db, ids, 52000);

    // The log as it stands, newest first: the second save's three entries, then the first's.
    const everything = (await db.select().from(activityLog).orderBy(desc(activityLog.at), desc(activityLog.id))).map((entry) =>
      line(entry as ActivityEntry),
    );
    expect(everything.slice(0, 3).sort()).toEqual([
      'Adinkra Agbada: {"price":[48000,52000]}',
      'Kente Kaftan: {"price":[48000,52000]}',
      'Smock Batakari: {"price":[48000,52000]}',
    ]);
    expect(everything.slice(3)).toHaveLength(3);
    for (const filter of [{}, { actorId: actor.id }, { area: "products" as const }, { actorId: actor.id, area: "products" as const }]) {
      for (const size of [1, 2, 4]) {
        const { older, newer } = await pageThrough(db, filter, size);
        expect({ filter, size, older }).toEqual({ filter, size, older: everything });
        expect({ filter, size, newer }).toEqual({ filter, size, newer: everything.slice(0, -1) });
      }
    }
  });
});
