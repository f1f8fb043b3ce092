import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { Db } from "~db/client";
import { orders } from "~db/schema/orders";
import { addressPreview } from "~/modules/customers/customers.schema";
import { customersCsv, customerSummary, getCustomer, listCustomers } from "~/modules/customers/customers.server";
import { createUser } from "../factories/users";
import { describeWithDatabase } from "../setup/test-database";

let orderSequence = 0;

interface OrderFixture {
  userId?: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  total: number;
  status?: string;
  payment?: string;
  currency?: string;
  at: string;
}

async function insertOrder(db: Db, o: OrderFixture) {
  const [row] = await db
    .insert(orders)
    .values({
      orderNumber: `ORD-${String(++orderSequence).padStart(6, "0")}`,
      userId: o.userId ?? null,
      customerName: o.name,
      customerEmail: o.email,
      customerPhone: o.phone,
      customerAddress: o.address,
      subtotalAmount: o.total,
      totalAmount: o.total,
      currency: o.currency ?? "GHS",
      orderStatus: o.status ?? "processing",
      paymentStatus: o.payment ?? "pending",
      createdAt: new Date(o.at),
    })
    .returning();
  return row!;
}

/*
 * The fixture, computed by hand (GHS store; cancelled orders are not purchases; money sums only
 * orders in the store currency):
 *   Kofi (user)  O1 600.00 delivered 03-01 10:00, O2 400.00 03-05, O3 250.00 cancelled 03-06
 *                → 2 orders (+1 cancelled), spent 1000.00, average 500.00, first 03-01, last 03-06
 *   Ama (guest, "Ama.Mensah@Example.com " and "ama.mensah@example.com") 300.00 + 123.45
 *                → 2 orders, spent 423.45, average 211.725 → 211.73, first 03-02 08:00, last 03-04 15:30
 *   Yaw (guest)  999.99 GHS + 100.00 USD → 2 orders, spent 999.99 (USD not summed), average 999.99
 *   Esi (guest)  50.00 cancelled only → 0 orders (+1 cancelled), spent 0
 *   Abena (guest) 200.00 → 1 order
 * Summary: 5 customers; revenue 1000.00 + 423.45 + 999.99 + 200.00 = 2623.44 over 6 GHS orders
 * → average 437.24; repeat customers (more than 1 order) Kofi, Ama, Yaw = 3.
 */
describeWithDatabase("admin customers", (database) => {
  let kofiId: string;

  beforeAll(async () => {
    const db = database.db;
    kofiId = (await createUser(db, { name: "Kofi Boateng", email: "kofi@example.com" })).id;
    const kofi = { userId: kofiId, name: "Kofi Boateng", email: "kofi@example.com", phone: "+233 24 111 2222" };
    await insertOrder(db, {
      ...kofi,
      address: "1 Cantonments Rd, Accra",
      total: 60_000,
      status: "delivered",
      payment: "paid",
      at: "2026-03-01T10:00:00Z",
    });
    await insertOrder(db, {
      ...kofi,
      email: "kofi.work@example.com",
      address: "22 Independence Avenue, Ridge, Accra North",
      total: 40_000,
      at: "2026-03-05T12:00:00Z",
    });
    await insertOrder(db, {
      ...kofi,
      address: "5 Airport Residential, Accra",
      total: 25_000,
      status: "cancelled",
      at: "2026-03-06T09:00:00Z",
    });
    const ama = { name: "Ama Mensah", address: "12 Ring Road, Accra" };
    await insertOrder(db, {
      ...ama,
      email: "Ama.Mensah@Example.com ",
      phone: "+233 20 555 0101",
      total: 30_000,
      status: "confirmed",
      payment: "paid",
      at: "2026-03-02T08:00:00Z",
    });
    await insertOrder(db, {
      ...ama,
      email: "ama.mensah@example.com",
      phone: "020 555 0101",
      total: 12_345,
      status: "shipped",
      at: "2026-03-04T15:30:00Z",
    });
    const yaw = { name: "Yaw Darko", email: "yaw@example.com", phone: "+233 27 000 1111", address: "=1+2 Ring Road" };
    await insertOrder(db, { ...yaw, total: 99_999, status: "delivered", payment: "paid", at: "2026-03-03T11:00:00Z" });
    await insertOrder(db, { ...yaw, total: 10_000, currency: "USD", at: "2026-03-08T11:00:00Z" });
    await insertOrder(db, {
      name: "Esi Owusu",
      email: "esi@example.com",
      phone: "0501234567",
      address: "Kumasi",
      total: 5_000,
      status: "cancelled",
      at: "2026-03-07T10:00:00Z",
    });
    await insertOrder(db, {
      name: "Abena Asare",
      email: "abena@example.com",
      phone: "0261112222",
      address: "Tema",
      total: 20_000,
      at: "2026-03-09T10:00:00Z",
    });
  });

  it("computes the four cards: customers, revenue, average order value and repeat customers", async () => {
    expect(await customerSummary(database.db)).toEqual({
      totalCustomers: 5,
      // The payment ledger's net (docs/decisions/031): what was paid (Kofi 600.00, Ama 300.00, Yaw
      // 999.99), nothing refunded; orders not paid yet count nothing. Average: over the 3 paid orders.
      totalRevenue: 189_999,
      averageOrderValue: 63_333,
      repeatCustomers: 3,
      currency: "GHS",
    });
  });

  it("lists customers newest first with hand-computed totals, averages and dates", async () => {
    const list = await listCustomers(database.db, {});
    expect(list.total).toBe(5);
    expect(list.rows.map((r) => r.name)).toEqual(["Abena Asare", "Yaw Darko", "Esi Owusu", "Kofi Boateng", "Ama Mensah"]);
    const byName = Object.fromEntries(list.rows.map((r) => [r.name, r]));
    expect(byName["Kofi Boateng"]).toMatchObject({
      key: `user:${kofiId}`,
      userId: kofiId,
      email: "kofi@example.com",
      address: "5 Airport Residential, Accra",
      totalOrders: 2,
      cancelledOrders: 1,
      // Total spent is the net paid: 600.00 paid; the 400.00 order is not paid yet.
      totalSpent: 60_000,
      averageOrder: 30_000,
      firstOrderAt: "2026-03-01T10:00:00.000Z",
      lastOrderAt: "2026-03-06T09:00:00.000Z",
    });
    expect(byName["Ama Mensah"]).toMatchObject({
      key: "email:ama.mensah@example.com",
      userId: null,
      email: "ama.mensah@example.com",
      phone: "020 555 0101",
      totalOrders: 2,
      totalSpent: 30_000,
      averageOrder: 15_000,
      firstOrderAt: "2026-03-02T08:00:00.000Z",
      lastOrderAt: "2026-03-04T15:30:00.000Z",
    });
    expect(byName["Yaw Darko"]).toMatchObject({ totalOrders: 2, totalSpent: 99_999, averageOrder: 99_999, otherCurrencyOrders: 1 });
    expect(byName["Esi Owusu"]).toMatchObject({ totalOrders: 0, cancelledOrders: 1, totalSpent: 0, averageOrder: 0 });
    expect(addressPreview("22 Independence Avenue, Ridge, Accra North")).toBe("22 Independence Avenue, Ridge,…");
  });

  it("sorts by amount spent or name and pages in the database", async () => {
    const bySpent = await listCustomers(database.db, { sort: "spent" });
    expect(bySpent.rows.map((r) => r.totalSpent)).toEqual([99_999, 60_000, 30_000, 0, 0]);
    const byName = await listCustomers(database.db, { sort: "name" });
    expect(byName.rows.map((r) => r.name)).toEqual(["Abena Asare", "Ama Mensah", "Esi Owusu", "Kofi Boateng", "Yaw Darko"]);
    const page2 = await listCustomers(database.db, { page: 2, pageSize: 2 });
    expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2, pageCount: 3 });
    expect(page2.rows.map((r) => r.name)).toEqual(["Esi Owusu", "Kofi Boateng"]);
    const past = await listCustomers(database.db, { page: 9, pageSize: 2 });
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(5);
  });

  it("searches name, email and phone case-insensitively, across every order of the customer", async () => {
    const names = async (search: string) => (await listCustomers(database.db, { search })).rows.map((r) => r.name);
    expect(await names("AMA.MENSAH")).toEqual(["Ama Mensah"]);
    expect(await names("kofi.WORK")).toEqual(["Kofi Boateng"]); // only an older order has this email
    expect(await names("boateng")).toEqual(["Kofi Boateng"]);
    expect(await names("0205550101")).toEqual(["Ama Mensah"]); // digits match "020 555 0101"
    expect(await names("+233 27")).toEqual(["Yaw Darko"]);
    expect(await names("%")).toEqual([]); // LIKE wildcards are taken literally
    const [yawOrder] = await database.db
      .select({ n: orders.orderNumber })
      .from(orders)
      .where(eq(orders.customerName, "Yaw Darko"))
      .limit(1);
    expect(await names(yawOrder!.n.toLowerCase())).toEqual(["Yaw Darko"]); // an order number finds its customer
    const searched = await listCustomers(database.db, { search: "example.com", pageSize: 2 });
    expect(searched.total).toBe(5);
  });

  it("shows a registered customer's details with every order, newest first, and the account", async () => {
    const kofi = await getCustomer(database.db, `user:${kofiId}`);
    expect(kofi).toMatchObject({
      name: "Kofi Boateng",
      totalOrders: 2,
      cancelledOrders: 1,
      orderCount: 3,
      totalSpent: 60_000,
      averageOrder: 30_000,
      account: { name: "Kofi Boateng", email: "kofi@example.com" },
    });
    expect(kofi!.orders.map((o) => [o.totalAmount, o.orderStatus, o.createdAt])).toEqual([
      [25_000, "cancelled", "2026-03-06T09:00:00.000Z"],
      [40_000, "processing", "2026-03-05T12:00:00.000Z"],
      [60_000, "delivered", "2026-03-01T10:00:00.000Z"],
    ]);
    expect(kofi!.orders[2]).toMatchObject({ paymentStatus: "paid", currency: "GHS", orderNumber: expect.stringMatching(/^ORD-\d{6}$/) });
  });

  it("shows a guest's history matched by trimmed, lower-cased email; unknown keys give null", async () => {
    const ama = await getCustomer(database.db, "email:ama.mensah@example.com");
    expect(ama).toMatchObject({ userId: null, account: null, orderCount: 2, totalSpent: 30_000, firstOrderAt: "2026-03-02T08:00:00.000Z" });
    expect(ama!.orders.map((o) => [o.totalAmount, o.orderStatus, o.paymentStatus])).toEqual([
      [12_345, "shipped", "pending"],
      [30_000, "confirmed", "paid"],
    ]);
    expect(await getCustomer(database.db, "email:nobody@example.com")).toBeNull();
    expect(await getCustomer(database.db, "email:Ama.Mensah@Example.com")).toBeNull(); // keys are normalised
    expect(await getCustomer(database.db, "not-a-key")).toBeNull();
  });

  it("exports the filtered customers as CSV with amounts, store-timezone dates and formula guard", async () => {
    const csv = await customersCsv(database.db, { sort: "spent" });
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Name,Email,Phone,Address,Account,Orders,Cancelled orders,Total spent (GHS),Average order (GHS),First order (Africa/Accra),Last order (Africa/Accra)",
    );
    expect(lines).toHaveLength(6);
    expect(lines[1]).toBe(
      "Yaw Darko,yaw@example.com,'+233 27 000 1111,'=1+2 Ring Road,guest,2,0,999.99,999.99,2026-03-03 11:00,2026-03-08 11:00",
    );
    expect(lines[2]).toBe(
      'Kofi Boateng,kofi@example.com,\'+233 24 111 2222,"5 Airport Residential, Accra",registered,2,1,600.00,300.00,2026-03-01 10:00,2026-03-06 09:00',
    );
    const filtered = await customersCsv(database.db, { search: "abena" });
    expect(filtered.trimEnd().split("\r\n")).toHaveLength(2);
  });
});
