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

/** The count of `key` in its current window, without counting anything (0 when none or expired). */
export async function peekRateLimit(db: Db, key: string): Promise<{ count: number; retryAfterSeconds: number }> {
  const [row] = await queryRows<{ count: number; retry_after: number }>(
    db,
    sql`select count, ceil(extract(epoch from reset_at - now()))::int as retry_after
        from rate_limits where key = ${key} and reset_at > now()`,
  );
  return row ? { count: Number(row.count), retryAfterSeconds: Math.max(Number(row.retry_after), 1) } : { count: 0, retryAfterSeconds: 0 };
}

/**
 * Takes back one consumeRateLimit of `key` in its current window: a request counted up front
 * (so concurrent ones cannot slip past the limit together) that turned out not to count.
 */
export async function releaseRateLimit(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key} and reset_at > now()`);
}

/** Forgets `key`'s count (its window starts again with the next request). */
export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/**
 * A gate that lets one request through and then stays shut for `holdMs`: allowed only when it
 * is open, and the request that opens it shuts it again in the same atomic statement, so of
 * concurrent requests (on any instance) exactly one passes.
 */
export async function passGate(db: Db, key: string, holdMs: number): Promise<RateLimitResult> {
  const seconds = holdMs / 1000;
  const passed = await queryRows<{ key: string }>(
    db,
    sql`insert into rate_limits (key, count, reset_at) values (${key}, 1, now() + make_interval(secs => ${seconds}))
        on conflict (key) do update set count = rate_limits.count + 1, reset_at = now() + make_interval(secs => ${seconds})
          where rate_limits.reset_at <= now()
        returning key`,
  );
  if (passed.length) return { allowed: true, remaining: 0, retryAfterSeconds: Math.max(Math.ceil(seconds), 1) };
  const { retryAfterSeconds } = await peekRateLimit(db, key);
  return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(retryAfterSeconds, 1) };
}

/** Keeps `key` alive for `ttlMs` from now (a remembered fact, e.g. an address an account signed in from). */
export async function rememberKey(db: Db, key: string, ttlMs: number): Promise<void> {
  const seconds = ttlMs / 1000;
  await db.execute(
    sql`insert into rate_limits (key, count, reset_at) values (${key}, 1, now() + make_interval(secs => ${seconds}))
        on conflict (key) do update set count = rate_limits.count + 1, reset_at = now() + make_interval(secs => ${seconds})`,
  );
}

/** Deletes counters that expired over an hour ago (the server calls it hourly). */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`);
}
