import { customerSummary, listCustomers } from "~/modules/customers/customers.server";
import { dashboardStats } from "~/modules/reports/dashboard-stats.server";
import { quickActionCounts } from "~/modules/reports/quick-actions.server";
import { revenueByDay } from "~/modules/reports/revenue-by-day.server";
import { parseAdminOrderFilters } from "~/modules/orders/order-filters.schema";
import { listAdminOrders } from "~/modules/orders/order-list.server";
import { orderSummary } from "~/modules/orders/order-summary.server";
import { invalidateStoreSettingsCache } from "~/modules/settings/settings.server";
import { openDatabase, type Db } from "~db/client";
const filters = (query: string) => parseAdminOrderFilters(new URLSearchParams(query));
const queries: [string, (db: Db) => Promise<unknown>][] = [
  ["orders list, page 1", (db) => listAdminOrders(db, filters(""))],
  ["orders, status shipped", (db) => listAdminOrders(db, filters("status=shipped"))],
  ["orders, paid + delivered", (db) => listAdminOrders(db, filters("status=delivered&payment=paid"))],
  ["orders, search order number", (db) => listAdminOrders(db, filters("q=ORD-0000017"))],
  ["orders, search email", (db) => listAdminOrders(db, filters("q=customer123%40example"))],
  ["orders summary cards", (db) => orderSummary(db)],
  ["customers list, page 1", (db) => listCustomers(db, {})],
  ["customers list, spent", (db) => listCustomers(db, { sort: "spent" })],
  ["customers list, orders", (db) => listCustomers(db, { sort: "orders" })],
  ["customers list, name", (db) => listCustomers(db, { sort: "name" })],
  ["customers, search name", (db) => listCustomers(db, { search: "Customer 1234" })],
  ["customers summary cards", (db) => customerSummary(db)],
  ["dashboard cards", (db) => dashboardStats(db)],
  ["dashboard revenue, 30 days", (db) => revenueByDay(db)],
  ["dashboard quick actions", (db) => quickActionCounts(db)],
];
const d = await openDatabase({ url: process.env.URL ?? "postgres://postgres@127.0.0.1:5432/bench_admin_large" });
for (const [label, run] of queries) {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) { invalidateStoreSettingsCache(); const t = performance.now(); await run(d.db); times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log(label.padEnd(30), times[2]!.toFixed(1));
}
await d.close();
