import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { consumeRateLimit, pruneRateLimits } from "~/modules/rate-limit/rate-limit.server";
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

  it("prunes expired counters", async () => {
    await database.db.update(rateLimits).set({ resetAt: sql`now() - interval '2 hours'` });
    await pruneRateLimits(database.db);
    expect(await database.db.select().from(rateLimits)).toEqual([]);
  });
});
