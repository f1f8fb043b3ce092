import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";
import { customerKeyOfOrder } from "~/modules/customers/customer-key.server";
import { getStoreSettings } from "~/modules/settings/settings.server";

/**
 * The admin Dashboard's figures, each one aggregate query. The rules match the Customers page
 * (admin-customers/customers-query.server.ts): customers are keyed by user id, else trimmed
 * lower-case email; cancelled orders are not revenue; money is summed only over orders in the
 * store's current currency (orders in another currency are reported apart, never converted).
 */
export { recentActivity, type ActivityItem } from "./recent-activity.server";
export { revenueByDay, type RevenueDay } from "./revenue-by-day.server";
export { quickActionCounts, type QuickActionCounts } from "./quick-actions.server";

export interface Revenue {
  /** Orders paid and not cancelled: money received. */
  paid: number;
  /** Every order not cancelled, paid or not (pay on delivery included): money booked. */
  all: number;
}

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
  const { currency } = await getStoreSettings(db);
  const [counts] = await queryRows<{ products: string; orders: string; customers: string }>(
    db,
    sql`select (select count(*) from products where is_active) as products,
               (select count(*) from orders) as orders,
               (select count(distinct ${customerKeyOfOrder}) from orders o) as customers`,
  );
  const revenueRows = await queryRows<{ currency: string; paid: string; all: string }>(
    db,
    sql`select o.currency,
               coalesce(sum(o.total_amount) filter (where o.payment_status = 'paid'), 0) as paid,
               coalesce(sum(o.total_amount), 0) as all
        from orders o
        where o.order_status <> 'cancelled'
        group by o.currency
        order by o.currency`,
  );
  const toRevenue = (r: { paid: string; all: string } | undefined): Revenue => ({ paid: Number(r?.paid ?? 0), all: Number(r?.all ?? 0) });
  return {
    totalProducts: Number(counts?.products ?? 0),
    totalOrders: Number(counts?.orders ?? 0),
    customers: Number(counts?.customers ?? 0),
    currency,
    revenue: toRevenue(revenueRows.find((r) => r.currency === currency)),
    otherCurrencies: revenueRows.filter((r) => r.currency !== currency).map((r) => ({ currency: r.currency, ...toRevenue(r) })),
  };
}
