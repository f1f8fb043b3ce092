import fs from "node:fs";
import path from "node:path";
import { openDatabase, type Database, type DriverName } from "~db/client";
import { seedCatalog } from "~db/seed/seed";
import { tableChecksums } from "~/modules/backups/database-tables.server";
import { restoreBackup } from "~/modules/backups/restore-backup.server";
import { writeBackup } from "~/modules/backups/write-backup.server";
import { dropBenchDatabase, emptyBenchDatabase, freshBenchDatabase } from "./bench-database";
import { addOrders } from "./bench-orders";
import { referenceWorkMs } from "./machine-speed";
import { smoke } from "./smoke-mode";

/**
 * A backup and its restore, timed (issue 43: "backup size and time for the sample shop and for
 * 10,000 orders, and restore time"): the sample shop (the seed catalog; its pictures are files of
 * the build, not uploads, so not in the backup) and the same shop with 10,000 orders
 * (BENCH_ORDERS; bench/bench-orders.ts: items, history), on the embedded database (a data folder on disk, as a shop runs it) and on PostgreSQL
 * (BENCH_DATABASE_URL). Each backup is written to a file as `npm run backup` writes it, then
 * restored into a new, empty database of the same kind, and the restored tables' row counts and
 * checksums are compared with the original's.
 * Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:backup [-- --smoke]
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? (smoke ? 100 : 10_000));
const drivers = (process.env.BENCH_DRIVERS ?? "pglite,postgres").split(",") as DriverName[];
const workDir = path.resolve(".tmp/bench-backup");

interface Result {
  shop: string;
  driver: DriverName;
  rows: number;
  sizeBytes: number;
  backupSeconds: number;
  restoreSeconds: number;
  referenceMs: number;
}

/** A migrated shop with the sample catalog: in a data folder of its own, or a PostgreSQL database of its own. */
async function sampleShop(driver: DriverName, name: string): Promise<Database> {
  if (driver === "postgres") return freshBenchDatabase(name);
  const database = await openDatabase({ dataDir: path.join(workDir, name) });
  await database.migrate();
  await seedCatalog(database.db);
  return database;
}

/** Where a restore goes: a new, empty database (the restore builds the schema). */
function emptyShop(driver: DriverName, name: string): Promise<Database> {
  return driver === "postgres" ? emptyBenchDatabase(name) : openDatabase({ dataDir: path.join(workDir, name) });
}

async function measure(driver: DriverName, orders: number): Promise<Result> {
  const label = orders === 0 ? "sample shop" : `${orders.toLocaleString("en")} orders`;
  const sourceName = `bench_backup_${driver}_${orders}`;
  const targetName = `${sourceName}_restored`;
  const source = await sampleShop(driver, sourceName);
  if (orders > 0) await addOrders(source.db, orders);
  const referenceMs = referenceWorkMs();

  const file = path.join(workDir, `${sourceName}.ahenfie-backup.gz`);
  const backupStarted = performance.now();
  const written = await writeBackup(source.db, fs.createWriteStream(file), driver);
  const backupSeconds = (performance.now() - backupStarted) / 1000;
  const expected = await tableChecksums(source.db);
  await source.close();

  const target = await emptyShop(driver, targetName);
  const restoreStarted = performance.now();
  await restoreBackup(target, fs.createReadStream(file));
  const restoreSeconds = (performance.now() - restoreStarted) / 1000;
  const restored = await tableChecksums(target.db);
  await target.close();
  // A restore that lost or changed a row would make a fast figure meaningless.
  const differing = Object.keys(expected).filter((table) => JSON.stringify(expected[table]) !== JSON.stringify(restored[table]));
  if (differing.length > 0) throw new Error(`${label} on ${driver}: restored tables differ: ${differing.join(", ")}`);

  if (driver === "postgres") {
    await dropBenchDatabase(sourceName);
    await dropBenchDatabase(targetName);
  }
  fs.rmSync(path.join(workDir, sourceName), { recursive: true, force: true });
  fs.rmSync(path.join(workDir, targetName), { recursive: true, force: true });
  fs.rmSync(file, { force: true });
  const result = { shop: label, driver, rows: written.rows, sizeBytes: written.sizeBytes, backupSeconds, restoreSeconds, referenceMs };
  console.log(
    `${label} on ${driver}: ${written.rows.toLocaleString("en")} rows, ${(written.sizeBytes / 1e6).toFixed(2)} MB, ` +
      `backup ${backupSeconds.toFixed(2)} s, restore ${restoreSeconds.toFixed(2)} s (reference work ${referenceMs.toFixed(2)} ms)`,
  );
  return result;
}

fs.rmSync(workDir, { recursive: true, force: true });
fs.mkdirSync(workDir, { recursive: true });
const referenceBefore = referenceWorkMs();
const results: Result[] = [];
// A smoke run (bench/smoke.ts) restores one small shop per database: the path is the same.
for (const driver of drivers) for (const orders of smoke ? [ORDERS] : [0, ORDERS]) results.push(await measure(driver, orders));
const referenceAfter = referenceWorkMs();
fs.rmSync(workDir, { recursive: true, force: true });

console.log(`\nBackup (gzip NDJSON, one snapshot) and restore into an empty database, wall-clock seconds`);
console.log(
  "shop".padEnd(16),
  "database".padEnd(9),
  "rows".padStart(8),
  "file".padStart(10),
  "backup s".padStart(9),
  "restore s".padStart(10),
  "ref ms".padStart(7),
);
for (const r of results)
  console.log(
    r.shop.padEnd(16),
    r.driver.padEnd(9),
    r.rows.toLocaleString("en").padStart(8),
    `${(r.sizeBytes / 1e6).toFixed(2)} MB`.padStart(10),
    r.backupSeconds.toFixed(2).padStart(9),
    r.restoreSeconds.toFixed(2).padStart(10),
    r.referenceMs.toFixed(2).padStart(7),
  );
console.log(
  `reference work: ${referenceBefore.toFixed(2)} ms before, ${referenceAfter.toFixed(2)} ms after (docs/performance.md: ~1 ms in a fast hour, up to ~2.8 ms in a slow one)`,
);
