import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** When the window resets; ask the visitor to wait until then. */
  retryAfterSeconds: number;
}

/**
 * Counts one request against `key` (e.g. "track-order:ip:1.2.3.4") in a fixed window, in one
 * atomic statement, so concurrent requests on several instances are all counted.
 */
export async function consumeRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const seconds = rule.windowMs / 1000;
  const [row] = await queryRows<{ count: number; retry_after: number }>(
    db,
    sql`insert into rate_limits (key, count, reset_at) values (${key}, 1, now() + make_interval(secs => ${seconds}))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then now() + make_interval(secs => ${seconds}) else rate_limits.reset_at end
        returning count, ceil(extract(epoch from reset_at - now()))::int as retry_after`,
  );
  const count = Number(row!.count);
  return {
    allowed: count <= rule.limit,
    remaining: Math.max(rule.limit - count, 0),
    retryAfterSeconds: Math.max(Number(row!.retry_after), 1),
  };
}

/** Deletes counters that expired over an hour ago (the server calls it hourly). */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`);
}
