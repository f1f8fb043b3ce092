import { expect, test } from "@playwright/test";
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type Database } from "~db/client";
import { createClusterApart } from "~db/pglite-cluster";
import { seedIfEmpty } from "~db/seed/seed";
import { tableChecksums } from "~/modules/backups/database-tables.server";
import { fillShop, type FilledShop } from "../support/backup-shop-data";
import { E2E_ADMIN } from "./e2e-accounts";
import { rawRequest } from "./raw-http";
import { createPostgresDatabase, startShop, type Shop } from "./start-shop";
import { accraCheckoutForm } from "./support";

/**
 * Issue 43's round trip, on each database: a shop with something of everything (tests/support/
 * backup-shop-data.ts) is backed up with `npm run backup` WHILE it takes orders and serves pages,
 * that backup restores with `npm run restore` into a fresh database and holds only whole orders;
 * then a backup of the quiet shop restores into another fresh database holding the same rows
 * (count and SHA-256 of every table) and a shop started on it shows the same pages.
 */
const run = promisify(execFile);
const drivers = process.env.TEST_DATABASE_URL ? (["pglite", "postgres"] as const) : (["pglite"] as const);
const ORDER_ITEMS = JSON.stringify([{ productId: 3, colorIndex: 0, size: "M", quantity: 1 }]);

interface Place {
  dataDir: string;
  url?: string;
  drop(): Promise<void>;
}

async function newPlace(driver: "pglite" | "postgres", name: string): Promise<Place> {
  const dataDir = path.resolve(`.tmp/backup-${name}-${process.pid}-${Date.now()}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const database = driver === "postgres" ? await createPostgresDatabase() : undefined;
  return {
    dataDir,
    url: database?.url,
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

async function open(place: Place): Promise<Database> {
  if (place.url) return openDatabase({ url: place.url, poolSize: 2 });
  const folder = path.join(place.dataDir, "pglite");
  await createClusterApart(folder);
  return openDatabase({ dataDir: folder });
}

function envOf(place: Place): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: place.dataDir, LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  if (place.url) env.DATABASE_URL = place.url;
  return env;
}

const METRICS_TOKEN = "backup-restore-metrics-token-0123456789";

/** Emails the shop has still to write out (waiting, retrying or being sent), from its own metrics. */
async function emailsNotYetWritten(url: string): Promise<number> {
  const answer = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(answer.status, "/metrics with the shop's token").toBe(200);
  const text = await answer.text();
  const counts = ["pending", "retrying", "sending"].map((status) => {
    const line = new RegExp(`^shop_email_outbox\\{status="${status}"\\} (\\d+)$`, "m").exec(text);
    expect(line, `shop_email_outbox{status="${status}"} in /metrics`).not.toBeNull();
    return Number(line![1]);
  });
  return counts.reduce((sum, n) => sum + n, 0);
}

const npm = (args: string[], place: Place) => run("npm", ["run", "-s", ...args], { env: envOf(place), timeout: 300_000 });

async function signIn(url: string): Promise<string> {
  const answer = await rawRequest(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { Origin: url, "Content-Type": "application/json" },
    body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
  });
  expect(answer.status, "the admin signs in with the same password on the restored shop").toBe(200);
  return (answer.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
}

/** A page as a visitor sees it, less what is made per request (nonces, ids, the CSRF token, times of this render). */
async function pageText(url: string, cookie?: string): Promise<string> {
  const answer = await fetch(url, { headers: cookie ? { cookie } : {} });
  expect(answer.status, url).toBe(200);
  return (
    (await answer.text())
      .replaceAll(/nonce="[^"]*"/g, 'nonce=""')
      .replaceAll(/"(csrf|csrfToken|requestId|nonce)":"[^"]*"/g, '"$1":""')
      .replaceAll(/name="csrf" value="[^"]*"/g, 'name="csrf" value=""')
      .replaceAll(/localhost(:|%3A)\d+/g, "localhost")
      // Each shop's admin signed in on its own, so "confirmed until" (sign-in + 15 minutes) differs.
      .replaceAll(/(confirmedUntil[\\",]+)\d{4}-\d\d-\d\dT[\d:.]+Z/g, "$1")
  );
}

for (const driver of drivers) {
  test(`a backup taken while the shop serves restores whole, and the restored shop is the same (${driver})`, async () => {
    test.setTimeout(900_000);
    const places: Place[] = [];
    const shops: Shop[] = [];
    try {
      const source = await newPlace(driver, "source");
      places.push(source);
      let filled: FilledShop;
      {
        const database = await open(source);
        await database.migrate();
        await seedIfEmpty(database.db);
        filled = await fillShop(database.db);
        await database.close();
      }
      const shop = await startShop({
        dataDir: source.dataDir,
        database: source.url ? { url: source.url } : undefined,
        admin: E2E_ADMIN,
        env: { METRICS_TOKEN },
      });
      shops.push(shop);

      // Traffic while the backup runs: shoppers ordering, pages read.
      let serving = true;
      let placed = 0;
      const traffic = (async () => {
        for (let i = 0; serving; i++) {
          const order = await fetch(`${shop.url}/api/checkout`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: shop.url },
            body: accraCheckoutForm({
              email: `during${i}@example.com`,
              items: ORDER_ITEMS,
              idempotencyKey: `backup-during-${driver}-${i}`,
            }),
          });
          if (order.status === 200) placed++;
          await (await fetch(`${shop.url}/product/${filled.productIds[i % filled.productIds.length]}`)).text();
        }
      })();
      const duringFile = path.join(source.dataDir, "during.ahenfie-backup.gz");
      const during = await npm(["backup", "--", "--out", duringFile], source);
      serving = false;
      await traffic;
      expect(during.stdout).toMatch(/Backup written: .*during\.ahenfie-backup\.gz/);
      expect(during.stdout).toMatch(/read back and checked/);
      expect(placed, "orders were placed while the backup ran").toBeGreaterThan(0);

      // That backup restores into an empty database, and holds only whole orders.
      const first = await newPlace(driver, "during");
      places.push(first);
      const restoredDuring = await npm(["restore", "--", duringFile], first);
      expect(restoredDuring.stdout).toMatch(/every table checked/);
      {
        const database = await open(first);
        const [counts] = await queryRows<{ orders: number; without_items: number }>(
          database.db,
          sql`select count(*)::int as orders, count(*) filter (where not exists (select 1 from order_items i where i.order_id = o.id))::int as without_items from orders o`,
        );
        expect(counts!.without_items).toBe(0);
        expect(counts!.orders).toBeGreaterThanOrEqual(filled.orderNumbers.length);
        expect(counts!.orders).toBeLessThanOrEqual(filled.orderNumbers.length + placed);
        await database.close();
      }
      // A second restore into it is refused: it is no longer empty.
      const refused = await npm(["restore", "--", duringFile], first).catch((error: { stderr: string; code: number }) => error);
      expect((refused as { code: number }).code).toBe(1);
      expect((refused as { stderr: string }).stderr).toMatch(/The database is not empty .*--force/);

      // The quiet shop's backup (once the emails of those orders are written out), then the
      // shop stops: its rows are read as they are.
      await expect.poll(() => emailsNotYetWritten(shop.url), { timeout: 60_000 }).toBe(0);
      const quietFile = path.join(source.dataDir, "quiet.ahenfie-backup.gz");
      await npm(["backup", "--", "--out", quietFile], source);
      expect(await shop.stop()).toBe(0);
      const sourceSums = await checksumsOf(source);

      const copy = await newPlace(driver, "copy");
      places.push(copy);
      await npm(["restore", "--", quietFile], copy);
      expect(await checksumsOf(copy)).toEqual(sourceSums);

      if (driver === "pglite" && process.env.TEST_DATABASE_URL) {
        // The embedded database's backup restores into PostgreSQL too (moving to a server).
        const server = await newPlace("postgres", "moved");
        places.push(server);
        await npm(["restore", "--", quietFile], server);
        expect(await checksumsOf(server)).toEqual(sourceSums);
      }

      // The same pages, for the shopper and the owner.
      const before = await startShop({ dataDir: source.dataDir, database: source.url ? { url: source.url } : undefined });
      shops.push(before);
      const after = await startShop({ dataDir: copy.dataDir, database: copy.url ? { url: copy.url } : undefined });
      shops.push(after);
      const paths = ["/", "/collections/kaftans", ...filled.productIds.map((id) => `/product/${id}`)];
      for (const p of paths) expectSamePage(await pageText(`${after.url}${p}`), await pageText(`${before.url}${p}`), p);
      for (const photo of filled.photoPaths) {
        const [a, b] = await Promise.all(
          [before, after].map(async (s) => Buffer.from(await (await fetch(`${s.url}${photo}`)).arrayBuffer())),
        );
        expect(b!.length).toBeGreaterThan(0);
        expect(b!.equals(a!), photo).toBe(true);
      }
      const [beforeCookie, afterCookie] = [await signIn(before.url), await signIn(after.url)];
      for (const p of ["/admin/orders", "/admin/customers", "/admin/reviews"]) {
        expectSamePage(await pageText(`${after.url}${p}`, afterCookie), await pageText(`${before.url}${p}`, beforeCookie), p);
      }
      const orders = await pageText(`${after.url}/admin/orders`, afterCookie);
      for (const number of filled.orderNumbers) expect(orders).toContain(number);
    } finally {
      for (const s of shops) if (s.running()) await s.stop();
      for (const p of places) await p.drop();
    }
  });
}

/** The same page, or where they part (a whole page in a failure message says nothing). */
function expectSamePage(restored: string, original: string, label: string) {
  if (restored === original) return;
  let at = 0;
  while (restored[at] === original[at]) at++;
  expect(restored.slice(Math.max(0, at - 150), at + 250), `${label} differs at character ${at}`).toBe(
    original.slice(Math.max(0, at - 150), at + 250),
  );
}

/** Every table's rows and SHA-256 but `backups`, where taking the backup itself wrote (it records itself as it starts). */
async function checksumsOf(place: Place) {
  const database = await open(place);
  try {
    const { backups: _recordedItself, ...rest } = await tableChecksums(database.db);
    return rest;
  } finally {
    await database.close();
  }
}
