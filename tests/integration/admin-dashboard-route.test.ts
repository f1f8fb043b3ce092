import { sql } from "drizzle-orm";
import { Writable } from "node:stream";
import pino from "pino";
import { beforeAll, expect, it } from "vitest";
import { loader } from "~/routes/admin/dashboard";
import { createAdmin } from "../factories/users";
import { signedInAs, testLoadContext } from "../setup/load-context";
import { describeWithDatabase } from "../setup/test-database";

/**
 * The dashboard route's loader: the figures for an admin, and docs/product-rules.md's error state (which
 * query failed, a reference for the log line, never the database's own words) when one fails.
 */
describeWithDatabase("admin dashboard loader", (database) => {
  let adminId: string;
  // A real logger as the server hands it to a request: a child bound to the request id.
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const log = pino({ base: undefined }, sink).child({ requestId: "req-123" });

  beforeAll(async () => {
    adminId = (await createAdmin(database.db, { email: "owner@example.com" })).id;
  });

  /** A signed-in admin's request, with a stand-in for better-auth's session lookup. */
  function call() {
    const context = testLoadContext(database, {
      log,
      requestId: "req-123",
      auth: signedInAs({ id: adminId, email: "owner@example.com", name: "Owner" }),
    });
    const request = new Request("http://shop.test/admin", { headers: { cookie: "ahenfie.session_token=abc" } });
    return loader({ request, context, params: {}, unstable_pattern: "/admin" } as unknown as Parameters<typeof loader>[0]);
  }

  it("gives the figures, 30 days of revenue, activity and quick actions", async () => {
    const result = await call();
    if (!result.ok) throw new Error(result.message);
    expect(result.stats).toMatchObject({ totalProducts: 0, totalOrders: 0, customers: 0, currency: "GHS" });
    expect(result.revenue).toHaveLength(30);
    expect(result.activity).toEqual([]);
    expect(result.quick.pendingOrders).toBe(0);
    expect(result.timeZone).toBe("Africa/Accra");
  });

  it("answers a failing query with the error state: what failed and a reference, logged with the request id", async () => {
    await database.db.execute(sql`alter table order_status_history rename to order_status_history_gone`);
    try {
      const result = await call();
      expect(result).toEqual({
        ok: false,
        message: "Error fetching orders: the database did not answer as expected. Please try again in a moment.",
        reference: "req-123",
      });
      expect(lines).toContainEqual(expect.objectContaining({ requestId: "req-123", msg: "dashboard figures could not be loaded" }));
    } finally {
      await database.db.execute(sql`alter table order_status_history_gone rename to order_status_history`);
    }
  });
});
