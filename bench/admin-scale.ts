import { customerSummary, listCustomers } from "~/modules/customers/customers.server";
import { recentActivity } from "~/modules/reports/recent-activity.server";
import { dashboardStats } from "~/modules/reports/dashboard-stats.server";
import { quickActionCounts } from "~/modules/reports/quick-actions.server";
import { revenueByDay } from "~/modules/reports/revenue-by-day.server";
import { parseAdminOrderFilters } from "~/modules/orders/order-filters.schema";
import { listAdminOrders } from "~/modules/orders/order-list.server";
import { orderSummary } from "~/modules/orders/order-summary.server";
import { invalidateStoreSettingsCache } from "~/modules/settings/settings.server";
import type { Database, Db } from "~db/client";
import { dropBenchDatabase, freshBenchDatabase } from "./bench-database";
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
  ["orders summary cards", (db) => orderSummary(db)],
  ["customers list, page 1", (db) => listCustomers(db, {})],
  ["customers, search name", (db) => listCustomers(db, { search: "Customer 1234" })],
  ["customers, by name", (db) => listCustomers(db, { sort: "name" })],
  ["customers, by spent", (db) => listCustomers(db, { sort: "spent" })],
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

const referenceBefore = referenceWorkMs();
const small = await freshBenchDatabase("bench_admin_small");
await addOrders(small.db, SMALL_ORDERS);
const smallTimes = await measure(small, 15);
await small.close();

console.log(`Adding ${ORDERS.toLocaleString("en")} orders (with items and history)...`);
const large = await freshBenchDatabase("bench_admin_large");
const loadStarted = performance.now();
await addOrders(large.db, ORDERS);
console.log(`loaded in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s`);
const largeTimes = await measure(large, 5);
await large.close();
await dropBenchDatabase("bench_admin_small");
if (!process.env.BENCH_KEEP) await dropBenchDatabase("bench_admin_large");

console.log(`Admin queries on PostgreSQL, median, uncached (ms): ${SMALL_ORDERS} orders vs ${ORDERS.toLocaleString("en")}`);
console.log("query".padEnd(30), "small".padStart(8), "large".padStart(9));
for (const [label] of queries)
  console.log(label.padEnd(30), smallTimes[label]!.toFixed(1).padStart(8), largeTimes[label]!.toFixed(1).padStart(9));
console.log(`reference work: ${referenceBefore.toFixed(2)} ms before, ${referenceWorkMs().toFixed(2)} ms after (bench/machine-speed.ts)`);
