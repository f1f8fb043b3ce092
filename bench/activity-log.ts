import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { localDay } from "~/lib/dates";
import { activityPeople, allActivity, cursorOf, listActivity, type ActivityCursor } from "~/modules/activity/activity-log.server";
import { openDatabase, queryRows, type Database, type Db, type DriverName } from "~db/client";
import { BENCH_ACTORS, QUIET_AREA, fillActivityLog } from "./activity-log-data";
import { measureTriggerCost, printTriggerCost, type TriggerCost } from "./activity-trigger-cost";
import { benchDatabaseName, dropBenchDatabase, emptyBenchDatabase, keptBenchDatabase, postgresAnswers } from "./bench-database";
import { referenceWorkMs } from "./machine-speed";
import { smoke } from "./smoke-mode";

/**
 * Admin → Activity over 1,000,000 entries (issue 48: filters and paging in ≤ 50 ms), on the
 * embedded database (a data folder on disk, as a shop runs it) and on PostgreSQL, through the
 * module's own functions (app/modules/activity/activity-log.server.ts): each case's median and
 * p95 of RUNS warm runs, the cases taken in turn round after round (as the page's requests mix
 * them: the embedded database keeps each query text prepared and may settle on one plan for all
 * its values). PGlite twice: first without statistics of the log, as a shop on it plans (it has
 * no autovacuum, and the shop runs no ANALYZE), then analysed, as PostgreSQL's autovacuum leaves it. The log is bench/activity-log-data.ts: 15 staff of very different activity, the
 * ten areas, 5,000 products, 300,000 orders, two years. Then what the activity trigger costs the
 * storefront's writes, which name no actor (bench/activity-trigger-cost.ts).
 * Usage: npm run bench:activity [-- --only pglite|postgres] [--part queries|trigger] [--smoke]
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (else 127.0.0.1:5432/test when it answers).
 * BENCH_ACTIVITY_ENTRIES sets the log's size; BENCH_KEEP=1 keeps the filled databases;
 * BENCH_REUSE=1 measures kept ones again when they hold that many entries.
 * BENCH_DATABASE_PREFIX names the PostgreSQL databases apart from another session's.
 */
const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const only = arg("only");
/** `--part queries` or `--part trigger`: one of the two; both when absent. */
const part = arg("part");
const ENTRIES = Number(process.env.BENCH_ACTIVITY_ENTRIES ?? (smoke ? 3_000 : 1_000_000));
const RUNS = smoke ? 3 : 21;
const WARM_ROUNDS = smoke ? 1 : 3;
const TIME_ZONE = "Africa/Accra";
const BUDGET_MS = 50;
const pglitePath = path.resolve(".tmp/bench-activity-pglite");
const postgresName = benchDatabaseName("bench_activity");

const busy = BENCH_ACTORS[0];
const rare = BENCH_ACTORS.at(-1)!;
const leaver = BENCH_ACTORS.find((actor) => "leftDaysAgo" in actor)!;

/** What the cases ask for, found in the filled log. */
interface Subjects {
  /** The entry half-way down the log, newest first. */
  middle: ActivityCursor;
  /** A day a year ago, in the store's zone. */
  yearAgo: string;
  productId: number;
  /** An order with five entries. */
  orderId: string;
}

type Case = [label: string, run: (db: Db, s: Subjects) => Promise<unknown>];

const cases: Case[] = [
  ["first page, no filter", (db) => listActivity(db, {}, TIME_ZONE)],
  ["deep page (older than the middle)", (db, s) => listActivity(db, {}, TIME_ZONE, { older: s.middle })],
  ["deep page (newer than the middle)", (db, s) => listActivity(db, {}, TIME_ZONE, { newer: s.middle })],
  [`person, busy (${busy.share / 100} %)`, (db) => listActivity(db, { actorId: busy.id }, TIME_ZONE)],
  [`person, rare (${rare.share / 100} %)`, (db) => listActivity(db, { actorId: rare.id }, TIME_ZONE)],
  ["person, rare, deep page", (db, s) => listActivity(db, { actorId: rare.id }, TIME_ZONE, { older: s.middle })],
  [`person who left 5 months ago (${leaver.share / 100} %)`, (db) => listActivity(db, { actorId: leaver.id }, TIME_ZONE)],
  ["area, common (orders)", (db) => listActivity(db, { area: "orders" }, TIME_ZONE)],
  ["area, rare (newsletter)", (db) => listActivity(db, { area: "newsletter" }, TIME_ZONE)],
  [`area untouched for 7 months (${QUIET_AREA.area})`, (db) => listActivity(db, { area: QUIET_AREA.area }, TIME_ZONE)],
  ["a day a year ago", (db, s) => listActivity(db, { fromDay: s.yearAgo, toDay: s.yearAgo }, TIME_ZONE)],
  ["person busy + area common", (db) => listActivity(db, { actorId: busy.id, area: "products" }, TIME_ZONE)],
  ["person busy + area never theirs", (db) => listActivity(db, { actorId: busy.id, area: "discounts" }, TIME_ZONE)],
  ["person rare + area", (db) => listActivity(db, { actorId: rare.id, area: "orders" }, TIME_ZONE)],
  [
    "person busy + area + a day",
    (db, s) => listActivity(db, { actorId: busy.id, area: "products", fromDay: s.yearAgo, toDay: s.yearAgo }, TIME_ZONE),
  ],
  [
    "person rare + area + a day",
    (db, s) => listActivity(db, { actorId: rare.id, area: "payments", fromDay: s.yearAgo, toDay: s.yearAgo }, TIME_ZONE),
  ],
  ["person rare + from a year ago", (db, s) => listActivity(db, { actorId: rare.id, fromDay: s.yearAgo }, TIME_ZONE)],
  ["a product's history", (db, s) => listActivity(db, { productId: s.productId }, TIME_ZONE)],
  ["an order's history (5 entries)", (db, s) => listActivity(db, { orderId: s.orderId }, TIME_ZONE)],
  ["people (person filter)", (db) => activityPeople(db)],
  ["export 10,000 entries", (db) => exportEntries(db, 10_000)],
];

async function exportEntries(db: Db, count: number): Promise<number> {
  let read = 0;
  for await (const _entry of allActivity(db, {}, TIME_ZONE)) {
    if (++read >= count) break;
  }
  return read;
}

async function findSubjects(db: Db): Promise<Subjects> {
  const [middle] = await queryRows<{ at: Date | string; id: number | string }>(
    db,
    sql`select at, id from activity_log order by at desc nulls last, id desc nulls last offset ${Math.floor(ENTRIES / 2)} limit 1`,
  );
  // The middle of the product ids the log names: an ordinary product, neither the best seller nor forgotten.
  const [product] = await queryRows<{ id: number }>(
    db,
    sql`select product_id as id from activity_log where product_id is not null group by product_id order by count(*) desc offset 250 limit 1`,
  );
  const [order] = await queryRows<{ id: string }>(
    db,
    sql`select order_id as id from activity_log where order_id is not null group by order_id order by count(*) = 5 desc, count(*) desc limit 1`,
  );
  const yearAgo = new Date();
  yearAgo.setUTCDate(yearAgo.getUTCDate() - 365);
  return {
    middle: cursorOf({ at: new Date(middle!.at), id: Number(middle!.id) }),
    yearAgo: localDay(TIME_ZONE, yearAgo),
    productId: Number(product!.id),
    orderId: order!.id,
  };
}

interface Timing {
  median: number;
  p95: number;
  rows: number;
}

async function measure(db: Db, subjects: Subjects): Promise<Record<string, Timing>> {
  const times = new Map<string, number[]>(cases.map(([label]) => [label, []]));
  const rows = new Map<string, number>();
  for (let round = 0; round < WARM_ROUNDS + RUNS; round++) {
    for (const [label, run] of cases) {
      const started = performance.now();
      const result = await run(db, subjects);
      const elapsed = performance.now() - started;
      if (round >= WARM_ROUNDS) times.get(label)!.push(elapsed);
      rows.set(label, countOf(result));
    }
  }
  const results: Record<string, Timing> = {};
  for (const [label, list] of times) {
    list.sort((a, b) => a - b);
    results[label] = {
      median: list[Math.floor(list.length / 2)]!,
      p95: list[Math.min(list.length - 1, Math.ceil(list.length * 0.95) - 1)]!,
      rows: rows.get(label)!,
    };
  }
  return results;
}

function countOf(result: unknown): number {
  if (typeof result === "number") return result;
  if (Array.isArray(result)) return result.length;
  return (result as { entries: unknown[] }).entries.length;
}

async function entriesIn(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from activity_log`);
  return Number(row!.n);
}

async function openFilled(driver: DriverName): Promise<{ database: Database; loadSeconds: number | null }> {
  if (process.env.BENCH_REUSE) {
    const kept =
      driver === "postgres"
        ? await keptBenchDatabase(postgresName)
        : fs.existsSync(pglitePath)
          ? await openDatabase({ dataDir: pglitePath })
          : null;
    if (kept) {
      await kept.migrate();
      if ((await entriesIn(kept.db)) === ENTRIES) return { database: kept, loadSeconds: null };
      await kept.close();
    }
  }
  let database: Database;
  if (driver === "postgres") database = await emptyBenchDatabase(postgresName);
  else {
    fs.rmSync(pglitePath, { recursive: true, force: true });
    database = await openDatabase({ dataDir: pglitePath });
  }
  await database.migrate();
  const started = performance.now();
  await fillActivityLog(database.db, ENTRIES);
  return { database, loadSeconds: (performance.now() - started) / 1000 };
}

interface Run {
  /** The column: the database, and whether its planner had statistics of the log. */
  column: string;
  driver: DriverName;
  loadSeconds: number | null;
  subjects: Subjects;
  timings: Record<string, Timing>;
  referenceBefore: number;
  referenceAfter: number;
}

/**
 * PostgreSQL's autovacuum analyses the log soon after such a load. PGlite has no autovacuum and
 * the shop runs no ANALYZE, so a shop on PGlite plans without statistics of the log: measured
 * so first (its statistics removed), then analysed, as the brief's figure.
 */
async function runQueries(driver: DriverName): Promise<Run[]> {
  console.log(`${driver}: filling ${ENTRIES.toLocaleString("en")} entries…`);
  const { database, loadSeconds } = await openFilled(driver);
  const { db } = database;
  const subjects = await findSubjects(db);
  const runs: Run[] = [];
  const measureAs = async (column: string) => {
    const referenceBefore = referenceWorkMs();
    const timings = await measure(db, subjects);
    runs.push({ column, driver, loadSeconds, subjects, timings, referenceBefore, referenceAfter: referenceWorkMs() });
  };
  if (driver === "pglite") {
    await db.execute(sql`delete from pg_statistic where starelid = 'activity_log'::regclass`);
    await measureAs("pglite, no stats");
  }
  await db.execute(sql`vacuum analyze activity_log`);
  await measureAs(driver);
  await database.close();
  if (!process.env.BENCH_KEEP) {
    if (driver === "postgres") await dropBenchDatabase(postgresName);
    else fs.rmSync(pglitePath, { recursive: true, force: true });
  }
  return runs;
}

const drivers: DriverName[] = [];
if (only !== "postgres") drivers.push("pglite");
if (only !== "pglite" && (await postgresAnswers(postgresName))) drivers.push("postgres");
const name = (driver: DriverName) => (driver === "pglite" ? "PGlite (a data folder)" : "PostgreSQL");

if (part !== "trigger") {
  const runs: Run[] = [];
  for (const driver of drivers) runs.push(...(await runQueries(driver)));
  printQueries(runs);
}
if (part !== "queries") {
  const costs: [DriverName, TriggerCost][] = [];
  for (const driver of drivers) {
    console.log(`${driver}: the trigger's cost on the storefront's writes…`);
    costs.push([driver, await measureTriggerCost(driver)]);
  }
  for (const [driver, cost] of costs) printTriggerCost(name(driver), cost);
}

function printQueries(runs: Run[]) {
  console.log(
    `\nAdmin → Activity over ${ENTRIES.toLocaleString("en")} entries, warm, ${RUNS} runs a case in turn (ms; budget ${BUDGET_MS}; * over it)`,
  );
  console.log("case".padEnd(40), ...runs.flatMap((r) => [`${r.column}: median`.padStart(24), "p95".padStart(7), "rows".padStart(5)]));
  for (const [label] of cases) {
    const cells = runs.flatMap((r) => {
      const t = r.timings[label]!;
      const mark = t.median > BUDGET_MS ? "*" : " ";
      return [`${t.median.toFixed(1)}${mark}`.padStart(24), t.p95.toFixed(1).padStart(7), String(t.rows).padStart(5)];
    });
    console.log(label.padEnd(40), ...cells);
  }
  for (const r of runs) {
    const { subjects: s } = r;
    console.log(
      `${r.column}: reference work ${r.referenceBefore.toFixed(2)} ms before, ${r.referenceAfter.toFixed(2)} ms after (bench/machine-speed.ts)` +
        `${r.loadSeconds === null ? ", the kept log" : `, filled in ${r.loadSeconds.toFixed(0)} s`}; a day a year ago: ${s.yearAgo}, product ${s.productId}`,
    );
  }
}
