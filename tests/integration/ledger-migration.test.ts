import fs from "node:fs";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~db/client";
import { migrationsBefore } from "../setup/migrations-before";
import { createTestDatabase, testDrivers, type TestDatabase } from "../setup/test-database";

/*
 * Migration 0022 (docs/decisions/031): a shop's kept customer spending, which counted every order
 * not cancelled paid or not, is recounted as each customer's net (paid − refunded).
 */
describe.each(testDrivers())("migration 0022 (payment ledger) on %s", (driver) => {
  let database: TestDatabase;
  let before: string;
  beforeAll(async () => {
    database = await createTestDatabase(driver, { migrated: false });
    before = migrationsBefore("0022_pay_on_delivery_ledger");
    const migrate = driver === "pglite" ? migratePglite : migratePg;
    await migrate(database.db as never, { migrationsFolder: before });

    const order = (n: number, email: string, total: number, status: string, payment: string) =>
      database.db.execute(
        sql`insert into orders (order_number, customer_name, customer_email, customer_phone, customer_address, subtotal_amount, total_amount, order_status, payment_status)
            values (${`ORD-90000${n}`}, 'Ama', ${email}, '0240000000', 'Accra', ${total}, ${total}, ${status}, ${payment}) returning id`,
      );
    await order(1, "ama@example.com", 139_999, "delivered", "paid");
    await order(2, "ama@example.com", 94_999, "delivered", "pending"); // cash not collected
    await order(3, "kofi@example.com", 30_000, "cancelled", "paid"); // paid, cancelled, not refunded
    await order(4, "kofi@example.com", 50_000, "processing", "pending");
    const [paid] = await queryRows<{ id: string }>(database.db, sql`select id from orders where order_number = 'ORD-900001'`);
    await database.db.execute(
      sql`insert into refunds (order_id, provider, status, amount, currency, reason, requested_by)
          values (${paid!.id}, 'manual', 'processed', 20000, 'GHS', 'Sleeve altered', 'Efua')`,
    );
    await database.db.execute(sql`update orders set payment_status = 'partially_refunded' where id = ${paid!.id}`);
    // As 0020/0021 kept it: Ama 1,399.99 − 200 + 949.99 = 2,149.98; Kofi 500.00.
    expect(await spent()).toEqual([
      { key: "email:ama@example.com", spent: "214998", store: "214998" },
      { key: "email:kofi@example.com", spent: "50000", store: "50000" },
    ]);

    await database.migrate();
  });
  afterAll(async () => {
    await database?.destroy();
    fs.rmSync(before, { recursive: true, force: true });
  });

  const spent = () =>
    queryRows<{ key: string; spent: string; store: string }>(
      database.db,
      sql`select s.customer_key as key, s.spent::text as spent, t.store_currency_spent::text as store
          from customer_spend s join customer_totals t using (customer_key) where s.currency = 'GHS' order by 1`,
    );

  it("recounts every customer's spending as their net: unpaid orders count nothing, a paid cancelled order counts until refunded", async () => {
    expect(await spent()).toEqual([
      { key: "email:ama@example.com", spent: "119999", store: "119999" },
      { key: "email:kofi@example.com", spent: "30000", store: "30000" },
    ]);
  });

  it("keeps them so afterwards: recording a payment moves the customer's spending in its transaction", async () => {
    await database.db.execute(sql`update orders set payment_status = 'paid' where order_number = 'ORD-900002'`);
    expect((await spent())[0]).toEqual({ key: "email:ama@example.com", spent: "214998", store: "214998" });
  });
});
