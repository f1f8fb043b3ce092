import { sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { signUp } from "~/modules/auth/auth-actions.server";
import { CLIENT_IP_HEADER } from "~/modules/auth/auth-rate-limits.server";
import { action as checkoutAction } from "~/routes/storefront/checkout";
import { openDatabase, queryRows } from "~db/client";
import { createCategory, createProduct } from "../factories/catalog";
import { createTestAuth, TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { describeWithDatabase } from "../setup/test-database";
import { createLogger } from "../../server/logger";

/**
 * Log ids, not personal data (docs/security.md, "Logs hold ids, not personal data"): real database errors whose
 * parameters and failing row hold a customer's name, email, phone and address go through the
 * shop's one logger (server/logger.ts) and come out without them.
 */
const customer = {
  name: "Adwoa Boakye-Mensah",
  email: "adwoa.boakye@example.com",
  phone: "+233 24 555 0199",
  address: "7 Oxford Street, Osu, Accra",
};
const personal = [customer.name, customer.email, customer.phone, customer.address, "adwoa.boakye", "555 0199", "Oxford Street"];

/** A pino logger like the server's, writing its lines into an array. */
function capturedLogger() {
  const lines: string[] = [];
  const logger = createLogger("info", { destination: { write: (line: string) => void lines.push(line) } });
  return { logger, text: () => lines.join("") };
}

describeWithDatabase("logs hold no personal data", (database, driver) => {
  let productId: number;
  let consoleSpies: ReturnType<typeof vi.spyOn>[] = [];

  beforeAll(async () => {
    const categoryId = (await createCategory(database.db, "kaftans")).id;
    productId = (await createProduct(database.db, { stock: 5, categoryId })).id;
  });
  beforeEach(() => {
    consoleSpies = (["log", "info", "warn", "error"] as const).map((method) => vi.spyOn(console, method));
  });
  afterEach(() => {
    for (const spy of consoleSpies) spy.mockRestore();
  });
  const consoleWasUsed = () => consoleSpies.some((spy) => spy.mock.calls.length > 0);

  it("a checkout that fails in the database logs the error's code and constraint, not the customer's details", async () => {
    // A real database error whose parameters and failing row hold the customer's details.
    await database.db.execute(sql`alter table orders add constraint test_no_osu check (customer_address not like '%Osu%')`);
    try {
      const { logger, text } = capturedLogger();
      const context = testLoadContext(database, { log: logger.child({ requestId: "req-log-1" }) });
      const request = new Request(`${TEST_ORIGIN}/checkout`, {
        method: "POST",
        headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          ...customer,
          country: "GH",
          region: "GH-AA",
          paymentMethod: "pay_on_delivery",
          items: JSON.stringify([{ productId, colorIndex: null, size: "M", quantity: 1 }]),
          idempotencyKey: "log-privacy-checkout-0001",
        }),
      });
      const answer = (await checkoutAction({ request, context, params: {} } as Parameters<typeof checkoutAction>[0])) as unknown as {
        data: { ok: boolean; message?: string };
        init: ResponseInit | null;
      };
      expect(answer.init?.status).toBe(500);
      expect(answer.data).toEqual({ ok: false, message: "Something went wrong. Please try again." });
      logger.flush();

      const output = text();
      const [line] = output
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(line).toMatchObject({ level: 50, requestId: "req-log-1", msg: "placing an order failed" });
      // What the customer typed is not in the log…
      for (const value of personal) expect(output, value).not.toContain(value);
      // …but what helps find the fault is: the request id, the query, the SQLSTATE and constraint.
      expect(output).toContain("DrizzleQueryError");
      expect(output).toContain('"code":"23514"');
      expect(output).toContain('"constraint":"test_no_osu"');
      expect(output).toContain("params: [redacted]");
      expect(consoleWasUsed()).toBe(false);
    } finally {
      await database.db.execute(sql`alter table orders drop constraint test_no_osu`);
    }
  });

  it("better-auth's own database errors go through the logger, without the account's email or name", async () => {
    await database.db.execute(sql`alter table users add constraint test_no_adwoa check (email not like 'adwoa%')`);
    try {
      const { logger, text } = capturedLogger();
      const auth = createTestAuth(database.db, { log: logger });
      const headers = new Headers({ origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "10.11.0.1" });
      const outcome = await signUp(auth, headers, { email: customer.email, password: "kente-pass-1" });
      expect(outcome.ok).toBe(false);
      logger.flush();

      const output = text();
      expect(output).toContain("auth: Failed to create user");
      for (const value of personal) expect(output, value).not.toContain(value);
      expect(output).toContain('"code":"23514"');
      expect(consoleWasUsed()).toBe(false);
    } finally {
      await database.db.execute(sql`alter table users drop constraint test_no_adwoa`);
    }
  });

  // The pool (and its idle connections) is PostgreSQL's alone: PGlite runs in this process.
  if (driver === "postgres") {
    it("a PostgreSQL pool error reaches the logger, not the console", async () => {
      const [{ name } = { name: "" }] = await queryRows<{ name: string }>(database.db, sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL ?? "");
      url.pathname = `/${name}`;
      url.searchParams.set("application_name", "ahenfie-log-test");
      const { logger, text } = capturedLogger();
      const pool = await openDatabase({ url: url.href, log: logger });
      try {
        await pool.db.execute(sql`select 1`);
        // The server closes the pool's idle connection, as a restart or a failover would.
        await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'ahenfie-log-test' and pid <> pg_backend_pid()`,
        );
        await vi.waitFor(() => expect(text()).toContain("PostgreSQL: a connection failed"), { timeout: 5_000 });
        expect(text()).toContain('"code":"57P01"');
        expect(consoleWasUsed()).toBe(false);
      } finally {
        await pool.close();
      }
    });
  }
});
