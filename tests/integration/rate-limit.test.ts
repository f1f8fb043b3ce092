import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  consumeRateLimit,
  passGate,
  peekRateLimit,
  pruneRateLimits,
  releaseRateLimit,
  rememberKey,
} from "~/modules/rate-limit/rate-limit.server";
import { rateLimits } from "~db/schema/store";
import { describeWithDatabase } from "../setup/test-database";

describeWithDatabase("rate limits in the database", (database) => {
  it("allows the limit, refuses the next, and counts concurrent requests exactly", async () => {
    const rule = { limit: 5, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 8 }, () => consumeRateLimit(database.db, "test:a", rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    const refused = results.find((r) => !r.allowed)!;
    expect(refused.retryAfterSeconds).toBeGreaterThan(50);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Other keys have their own count.
    expect((await consumeRateLimit(database.db, "test:b", rule)).allowed).toBe(true);
  });

  it("starts a new window once the old one has passed", async () => {
    const rule = { limit: 1, windowMs: 60_000 };
    expect((await consumeRateLimit(database.db, "test:c", rule)).allowed).toBe(true);
    expect((await consumeRateLimit(database.db, "test:c", rule)).allowed).toBe(false);
    await database.db.update(rateLimits).set({ resetAt: sql`now() - interval '1 second'` });
    expect((await consumeRateLimit(database.db, "test:c", rule)).allowed).toBe(true);
  });

  it("peeks without counting, and takes back a counted request", async () => {
    const rule = { limit: 2, windowMs: 60_000 };
    expect(await peekRateLimit(database.db, "test:d")).toEqual({ count: 0, retryAfterSeconds: 0 });
    await consumeRateLimit(database.db, "test:d", rule);
    await consumeRateLimit(database.db, "test:d", rule);
    expect((await peekRateLimit(database.db, "test:d")).count).toBe(2);
    await releaseRateLimit(database.db, "test:d");
    expect((await consumeRateLimit(database.db, "test:d", rule)).allowed).toBe(true);
    expect((await consumeRateLimit(database.db, "test:d", rule)).allowed).toBe(false);
  });

  it("a gate lets exactly one of many concurrent requests through, then stays shut for its hold", async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => passGate(database.db, "test:gate", 30_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(1);
    const shut = results.find((r) => !r.allowed)!;
    expect(shut.retryAfterSeconds).toBeGreaterThan(25);
    expect(shut.retryAfterSeconds).toBeLessThanOrEqual(30);
    await database.db
      .update(rateLimits)
      .set({ resetAt: sql`now()` })
      .where(sql`key = 'test:gate'`);
    expect((await passGate(database.db, "test:gate", 30_000)).allowed).toBe(true);
  });

  it("remembers a key for its time to live, renewed on each mention", async () => {
    await rememberKey(database.db, "test:known", 60_000);
    await rememberKey(database.db, "test:known", 120_000);
    const { count, retryAfterSeconds } = await peekRateLimit(database.db, "test:known");
    expect(count).toBe(2);
    expect(retryAfterSeconds).toBeGreaterThan(110);
  });

  it("prunes expired counters", async () => {
    await database.db.update(rateLimits).set({ resetAt: sql`now() - interval '2 hours'` });
    await pruneRateLimits(database.db);
    expect(await database.db.select().from(rateLimits)).toEqual([]);
  });
});
