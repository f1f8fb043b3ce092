import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";
import { isValidTimeZone } from "~/lib/dates";
import { getStoreSettings } from "~/modules/settings/settings.server";

export interface RevenueDay {
  /** The calendar day in the store's timezone, "2026-03-01". */
  day: string;
  /** pesewas in the store currency, orders not cancelled, minus their refunds */
  revenue: number;
  /** pesewas in the store currency, orders paid (or since refunded) and not cancelled, minus their refunds */
  paidRevenue: number;
  /** orders not cancelled, in the store currency */
  orders: number;
}

export interface RevenueByDayOptions {
  /** How many days, ending today (default 30). */
  days?: number;
  /** IANA zone that decides where a day starts; default the store's timezone setting. */
  timeZone?: string;
  /** "Today" is the day of this instant in `timeZone` (default: the database's now()). */
  now?: Date;
}

export class InvalidTimeZoneError extends Error {
  override name = "InvalidTimeZoneError";
}

function checkTimeZone(timeZone: string): void {
  if (!isValidTimeZone(timeZone)) throw new InvalidTimeZoneError(`Unknown timezone "${timeZone}"`);
}

/**
 * Revenue per calendar day in the store's timezone, one row per day for the last `days` days
 * (today included), empty days as 0. Days are bounded in SQL at local midnight
 * (`day::timestamp at time zone tz`), so a day is 23 or 25 hours long across a DST change, and
 * each day is a range of the quarter-hour sales totals (sales_by_quarter_hour, kept by the
 * database): every zone's offset is a whole number of quarter hours, so the sums are exact, and
 * a day reads at most 100 rows whatever the number of orders.
 */
export async function revenueByDay(db: Db, options: RevenueByDayOptions = {}): Promise<RevenueDay[]> {
  const days = Math.min(Math.max(Math.trunc(options.days ?? 30), 1), 366);
  const store = await getStoreSettings(db);
  const timeZone = options.timeZone ?? store.timezone;
  checkTimeZone(timeZone);
  const now = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  const rows = await queryRows<{ day: string; revenue: string; paid_revenue: string; orders: string }>(
    db,
    sql`
      with today as (select (${now} at time zone ${timeZone})::date as d),
      days as (
        select (today.d - offs)::date as day
        from today, generate_series(0, ${days - 1}::int) as offs
      )
      select to_char(days.day, 'YYYY-MM-DD') as day,
             coalesce(sum(s.revenue), 0) as revenue,
             coalesce(sum(s.paid_revenue), 0) as paid_revenue,
             coalesce(sum(s.orders), 0) as orders
      from days
      left join sales_by_quarter_hour s
        on s.starts_at >= (days.day::timestamp at time zone ${timeZone})
       and s.starts_at < ((days.day + 1)::timestamp at time zone ${timeZone})
       and s.currency = ${store.currency}
      group by days.day
      order by days.day`,
  );
  return rows.map((r) => ({ day: r.day, revenue: Number(r.revenue), paidRevenue: Number(r.paid_revenue), orders: Number(r.orders) }));
}
