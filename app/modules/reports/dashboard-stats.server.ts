import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { customerCounts, emptyLedger, salesTotalsByCurrency, type Ledger } from "./sales-totals.server";

/**
 * The admin Dashboard's figures, read from the sales totals the database keeps (sales-totals.server.ts),
 * so they cost the same over a million orders as over ten. The rules match the Customers page
 * (customers-query.server.ts): customers are keyed by user id, else trimmed lower-case email;
 * money is the payment ledger's (paid, refunded, net, outstanding: sales-totals.server.ts,
 * docs/decisions/031); money is summed only over orders in the store's current currency (orders
 * in another currency are reported apart, never converted).
 */
export { recentActivity, type ActivityItem } from "./recent-activity.server";
export { revenueByDay, type RevenueDay } from "./revenue-by-day.server";
export { quickActionCounts, type QuickActionCounts } from "./quick-actions.server";

/** The payment ledger's figures (sales-totals.server.ts): paid, refunded, net, outstanding. */
export type Revenue = Ledger;

export interface DashboardStats {
  /** Active products ("Active products in inventory"). */
  totalProducts: number;
  /** Every order ever placed, cancelled included ("All time orders"). */
  totalOrders: number;
  /** Unique customers ("Unique customers"), keyed as on the Customers page. */
  customers: number;
  /** The store currency the revenue is in. */
  currency: string;
  /** pesewas in `currency` */
  revenue: Revenue;
  /** Revenue of orders placed in other currencies (after a currency change), not converted. */
  otherCurrencies: ({ currency: string } & Revenue)[];
}

export async function dashboardStats(db: Db): Promise<DashboardStats> {
  const [{ currency }, totals, { customers }, [products]] = await Promise.all([
    getStoreSettings(db),
    salesTotalsByCurrency(db),
    customerCounts(db),
    queryRows<{ n: string | number }>(db, sql`select count(*) as n from products where is_active`),
  ]);
  return {
    totalProducts: Number(products?.n ?? 0),
    totalOrders: totals.reduce((sum, t) => sum + t.orders, 0),
    customers,
    currency,
    revenue: totals.find((t) => t.currency === currency)?.ledger ?? emptyLedger,
    otherCurrencies: totals.filter((t) => t.currency !== currency).map((t) => ({ currency: t.currency, ...t.ledger })),
  };
}
