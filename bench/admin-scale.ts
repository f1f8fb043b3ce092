import { customerSummary, listCustomers } from "~/modules/customers/customers.server";
import { recentActivity } from "~/modules/reports/recent-activity.server";
import { dashboardStats } from "~/modules/reports/dashboard-stats.server";
import { quickActionCounts } from "~/modules/reports/quick-actions.server";
import { revenueByDay } from "~/modules/reports/revenue-by-day.server";
import { parseAdminOrderFilters } from "~/modules/orders/order-filters.schema";
import { listAdminOrders } from "~/modules/orders/order-list.server";
import { orderSummary } from "~/modules/orders/order-summary.server";
import { invalidateStoreSettingsCache } from "~/modules/settings/settings.server";
import { sql } from "drizzle-orm";
import { queryRows, type Database, type Db } from "~db/client";
import { benchDatabaseName, dropBenchDatabase, freshBenchDatabase, keptBenchDatabase } from "./bench-database";
import { addOrders } from "./bench-orders";
import { referenceWorkMs } from "./machine-speed";
import { smoke } from "./smoke-mode";

/**
 * The admin pages' queries over a handful of orders and over 1,000,000 (BENCH_ORDERS), on
 * PostgreSQL, uncached: the budget (docs/performance.md) asks that the admin dashboard, orders and customers lists over
 * a million orders (200,000 customers) answer in ≤ 50 ms. Lists and searches page in the
 * database; the cards and the customers list read the sales totals the database keeps
 * (decision 026).
 * Usage: BENCH_DATABASE_URL=postgres://127.0.0.1:5432/test npx tsx bench/admin-scale.ts [--smoke]
 * BENCH_KEEP=1 keeps the large database; BENCH_REUSE=1 measures the kept one again (migrated to
 * this code's schema first) when it holds BENCH_ORDERS orders, instead of building it anew.
 * BENCH_DATABASE_PREFIX names the databases apart from another session's on the same server.
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? (smoke ? 300 : 1_000_000));
const SMALL_ORDERS = 30;

const filters = (query: string) => parseAdminOrderFilters(new URLSearchParams(query));
const queries: [string, (db: Db) => Promise<unknown>][] = [
  ["orders list, page 1", (db) => listAdminOrders(db, filters(""))],
  ["orders list, page 200", (db) => listAdminOrders(db, filters("page=200"))],
  ["orders, status shipped", (db) => listAdminOrders(db, filters("status=shipped"))],
  ["orders, paid + delivered", (db) => listAdminOrders(db, filters("status=delivered&payment=paid"))],
  ["orders, search order number", (db) => listAdminOrders(db, filters("q=ORD-0000017"))],
  ["orders, search email", (db) => listAdminOrders(db, filters("q=customer123%40example"))],
  ["orders, search whole email", (db) => listAdminOrders(db, filters("q=customer123%40example.com"))],
  ["orders, search name", (db) => listAdminOrders(db, filters("q=Customer+1234"))],
  ["orders summary cards", (db) => orderSummary(db)],
  ["customers list, page 1", (db) => listCustomers(db, {})],
  ["customers, search name", (db) => listCustomers(db, { search: "Customer 1234" })],
  ["customers, search email", (db) => listCustomers(db, { search: "customer123@example" })],
  ["customers, by name", (db) => listCustomers(db, { sort: "name" })],
  ["customers, by spent", (db) => listCustomers(db, { sort: "spent" })],
  ["customers, by orders", (db) => listCustomers(db, { sort: "orders" })],
  ["customers summary cards", (db) => customerSummary(db)],
  ["dashboard cards", (db) => dashboardStats(db)],
  ["dashboard revenue, 30 days", (db) => revenueByDay(db)],
  ["dashboard recent activity", (db) => recentActivity(db)],
  ["dashboard quick actions", (db) => quickActionCounts(db)],
];

async function measure(database: Database, runs: number) {
  const results: Record<string, number> = {};
  for (const [label, run] of queries) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      invalidateStoreSettingsCache();
      const started = performance.now();
      await run(database.db);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    results[label] = times[Math.floor(times.length / 2)]!;
  }
  return results;
}

/** The kept large database when it holds ORDERS orders (then migrated to this code's schema), else null. */
async function keptLargeDatabase(): Promise<Database | null> {
  const kept = await keptBenchDatabase(largeName);
  if (!kept) return null;
  const [row] = await queryRows<{ n: string | number }>(kept.db, sql`select count(*) as n from orders`);
  if (Number(row?.n) === ORDERS) {
    console.log(`Measuring the kept ${largeName} (${ORDERS.toLocaleString("en")} orders)`);
    await kept.db.execute(sql`vacuum analyze`);
    return kept;
  }
  await kept.close();
  return null;
}

async function newLargeDatabase(): Promise<Database> {
  console.log(`Adding ${ORDERS.toLocaleString("en")} orders (with items and history)...`);
  const database = await freshBenchDatabase(largeName);
  const loadStarted = performance.now();
  await addOrders(database.db, ORDERS);
  console.log(`loaded in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s`);
  return database;
}

const referenceBefore = referenceWorkMs();
const smallName = benchDatabaseName("bench_admin_small");
const largeName = benchDatabaseName("bench_admin_large");
const small = await freshBenchDatabase(smallName);
await addOrders(small.db, SMALL_ORDERS);
const smallTimes = await measure(small, 15);
await small.close();

const large = (process.env.BENCH_REUSE && (await keptLargeDatabase())) || (await newLargeDatabase());
const largeTimes = await measure(large, 5);
await large.close();
await dropBenchDatabase(smallName);
if (!process.env.BENCH_KEEP) await dropBenchDatabase(largeName);

console.log(`Admin queries on PostgreSQL, median, uncached (ms): ${SMALL_ORDERS} orders vs ${ORDERS.toLocaleString("en")}`);
console.log("query".padEnd(30), "small".padStart(8), "large".padStart(9));
for (const [label] of queries)
  console.log(label.padEnd(30), smallTimes[label]!.toFixed(1).padStart(8), largeTimes[label]!.toFixed(1).padStart(9));
console.log(`reference work: ${referenceBefore.toFixed(2)} ms before, ${referenceWorkMs().toFixed(2)} ms after (bench/machine-speed.ts)`);
