import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { checkoutSchema } from "~/modules/orders/checkout.schema";
import { placeOrder } from "~/modules/orders/place-order.server";
import { openDatabase, queryRows, type Database, type Db, type DriverName } from "~db/client";
import { seedCatalog } from "~db/seed/seed";
import { benchDatabaseName, dropBenchDatabase, freshBenchDatabase } from "./bench-database";
import { referenceWorkMs } from "./machine-speed";
import { smoke } from "./smoke-mode";

/**
 * What the activity log's triggers (migration 0034, `record_admin_activity`) cost the writes the
 * storefront makes, which name no actor: their WHEN lets such a row pass without calling the
 * function (which would return at once: before the WHEN, 11–47 µs a call). On a scratch shop (the
 * sample catalog), one writer at a time: a stock count taken in its own transaction (as an order
 * takes each line's pieces), every variant's stock in one statement (a row's share: no round
 * trip hides the trigger's), and a whole order placed through `placeOrder`. Two
 * ways: each write timed with the triggers in place and with them dropped, in turns; and the
 * time the database itself spent in the trigger function (`track_functions`, from
 * pg_stat_user_functions), which the machine's noise does not blur the way it blurs the first.
 */
const ROUNDS = smoke ? 2 : 7;
const STOCK_UPDATES = smoke ? 20 : 400;
const PLACED_ORDERS = smoke ? 3 : 40;
const BULK_UPDATES = smoke ? 2 : 20;
const pglitePath = path.resolve(".tmp/bench-activity-trigger-pglite");
const postgresName = benchDatabaseName("bench_activity_trigger");

interface Work {
  label: string;
  runs: number;
  /** Rows each run writes, when the figure is a row's share of one statement's time. */
  rowsPerRun: number;
  run: (db: Db, i: number) => Promise<unknown>;
  /** Untimed, before the runs. */
  prepare?: (db: Db) => Promise<unknown>;
}

const work: Work[] = [
  {
    label: "stock update, 1 row a transaction",
    runs: STOCK_UPDATES,
    rowsPerRun: 1,
    run: (db, i) => db.transaction((tx) => tx.execute(sql`update product_variants set stock = stock - 1 where id = ${1 + (i % 100)}`)),
  },
  // Where no round trip hides the trigger's share: every variant in one statement, a row's share.
  {
    label: "every variant's stock, 1 statement (a row)",
    runs: BULK_UPDATES,
    rowsPerRun: 0, // the variants, once counted
    run: (db) => db.execute(sql`update product_variants set stock = stock - 1`),
    prepare: (db) => db.execute(sql`vacuum product_variants`),
  },
  {
    label: "placeOrder (2 lines), one buyer",
    runs: PLACED_ORDERS,
    rowsPerRun: 1,
    run: (db, i) => placeOrder(db, checkoutInput(i), context),
  },
];

const context = { userId: null, origin: "https://shop.example", storeName: "Ahenfie" };

function checkoutInput(i: number) {
  const first = 1 + (i % 30);
  return checkoutSchema.parse({
    email: `buyer${i}@example.com`,
    name: `Buyer ${i}`,
    phone: "+233 24 000 0000",
    address: "Ring Road, Accra",
    region: "GH-AA",
    paymentMethod: "pay_on_delivery",
    items: [
      { productId: first, colorIndex: 0, size: "M", quantity: 1 },
      { productId: 1 + (first % 30), colorIndex: 0, size: "L", quantity: 2 },
    ],
    idempotencyKey: crypto.randomUUID(),
  });
}

export interface TriggerCost {
  rows: {
    label: string;
    /** µs a write, median of the rounds: with the triggers and without. */
    withTriggers: number;
    withoutTriggers: number;
    /** The trigger's calls a write, and the database's time in them a write (µs). */
    calls: number;
    triggerMicroseconds: number;
  }[];
  referenceBefore: number;
  referenceAfter: number;
}

/** One connection, so the session's `track_functions` covers every write. */
async function openShop(driver: DriverName): Promise<Database> {
  if (driver === "postgres") return freshBenchDatabase(postgresName, { poolSize: 1 });
  fs.rmSync(pglitePath, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: pglitePath });
  await database.migrate();
  await seedCatalog(database.db);
  return database;
}

/** µs a write (a row, for a statement of many). */
async function timeWork(db: Db, { runs, rowsPerRun, run, prepare }: Work): Promise<number> {
  await prepare?.(db);
  const started = performance.now();
  for (let i = 0; i < runs; i++) await run(db, i);
  return ((performance.now() - started) * 1000) / (runs * rowsPerRun);
}

/** The trigger function's calls and time (µs) while `work` runs, as the database counts them. */
async function triggerTime(db: Db, item: Work): Promise<{ calls: number; microseconds: number }> {
  // Counts not yet written to the shared statistics would land after the reset: written first.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  await db.execute(sql`select pg_stat_reset()`);
  await timeWork(db, item);
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const [row] = await queryRows<{ calls: number | string; ms: number }>(
    db,
    sql`select calls, self_time as ms from pg_stat_user_functions where funcname = 'record_admin_activity'`,
  );
  return { calls: Number(row?.calls ?? 0), microseconds: (row?.ms ?? 0) * 1000 };
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

export async function measureTriggerCost(driver: DriverName): Promise<TriggerCost> {
  const database = await openShop(driver);
  const { db } = database;
  await db.execute(sql`update products set is_active = true`);
  await db.execute(sql`update product_variants set stock = 1000000`);
  await db.execute(sql`set track_functions = 'pl'`);
  const [variants] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from product_variants`);
  work[1]!.rowsPerRun = Number(variants!.n);
  // Made again as they were defined (pg_get_triggerdef), whatever the migration says.
  const triggers = await queryRows<{ name: string; table: string; definition: string }>(
    db,
    sql`select tgname as name, tgrelid::regclass::text as "table", pg_get_triggerdef(oid) as definition
        from pg_trigger where tgname like '%\_record_admin_activity'`,
  );
  if (triggers.length === 0) throw new Error("No activity triggers to measure: is migration 0034 applied?");
  const drop = async () => {
    for (const t of triggers) await db.execute(sql.raw(`drop trigger "${t.name}" on ${t.table}`));
  };
  const create = async () => {
    for (const t of triggers) await db.execute(sql.raw(t.definition));
  };

  const times = new Map(work.map(({ label }) => [label, { with: [] as number[], without: [] as number[] }]));
  // A first pass, untimed: plans, caches, the trigger function compiled.
  for (const item of work) await timeWork(db, item);
  const referenceBefore = referenceWorkMs();
  for (let round = 0; round < ROUNDS; round++) {
    // First with, then first without, in turns: what grows as the rounds go (orders, dead rows)
    // weighs on both alike.
    for (const present of round % 2 === 0 ? [true, false] : [false, true]) {
      if (!present) await drop();
      for (const item of work) times.get(item.label)![present ? "with" : "without"].push(await timeWork(db, item));
      if (!present) await create();
    }
  }
  const inTrigger: { calls: number; microseconds: number }[] = [];
  for (const item of work) inTrigger.push(await triggerTime(db, item));
  const referenceAfter = referenceWorkMs();
  const [logged] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from activity_log`);
  if (Number(logged!.n) !== 0) throw new Error(`The storefront's writes left ${logged!.n} activity entries`);
  await database.close();
  if (driver === "postgres") await dropBenchDatabase(postgresName);
  else fs.rmSync(pglitePath, { recursive: true, force: true });
  return {
    rows: work.map(({ label, runs, rowsPerRun }, i) => ({
      label,
      withTriggers: median(times.get(label)!.with),
      withoutTriggers: median(times.get(label)!.without),
      calls: inTrigger[i]!.calls / (runs * rowsPerRun),
      triggerMicroseconds: inTrigger[i]!.microseconds / (runs * rowsPerRun),
    })),
    referenceBefore,
    referenceAfter,
  };
}

export function printTriggerCost(database: string, cost: TriggerCost) {
  console.log(
    `\nThe activity trigger on the storefront's writes (no actor), ${database}, one writer (µs a write, median of ${ROUNDS} rounds)`,
  );
  console.log(
    "write".padEnd(44),
    "with".padStart(9),
    "without".padStart(9),
    "difference".padStart(17),
    "calls".padStart(6),
    "in the trigger".padStart(15),
  );
  for (const row of cost.rows) {
    const difference = row.withTriggers - row.withoutTriggers;
    const sign = (value: number) => (value >= 0 ? "+" : "");
    console.log(
      row.label.padEnd(44),
      row.withTriggers.toFixed(0).padStart(9),
      row.withoutTriggers.toFixed(0).padStart(9),
      `${sign(difference)}${difference.toFixed(0)} (${sign(difference)}${((difference / row.withoutTriggers) * 100).toFixed(0)} %)`.padStart(
        17,
      ),
      row.calls.toFixed(1).padStart(6),
      `${row.triggerMicroseconds.toFixed(1)} (${((row.triggerMicroseconds / row.withTriggers) * 100).toFixed(2)} %)`.padStart(15),
    );
  }
  console.log(
    `"in the trigger": the database's own time in record_admin_activity a write (pg_stat_user_functions), and its share of the write; ` +
      `reference work ${cost.referenceBefore.toFixed(2)} ms before, ${cost.referenceAfter.toFixed(2)} ms after (bench/machine-speed.ts)`,
  );
}
