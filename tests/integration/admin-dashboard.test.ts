import { beforeAll, expect, it } from "vitest";
import type { Db } from "~db/client";
import { orders, orderStatusHistory } from "~db/schema/orders";
import { dashboardStats, quickActionCounts, recentActivity, revenueByDay } from "~/modules/reports/dashboard-stats.server";
import { saveStoreSettings } from "~/modules/settings/settings.server";
import { createProduct } from "../factories/catalog";
import { createUser } from "../factories/users";
import { describeWithDatabase } from "../setup/test-database";

let orderSequence = 0;

interface OrderFixture {
  userId?: string;
  email: string;
  name: string;
  total: number;
  status: string;
  payment: string;
  currency?: string;
  at: string;
  /** [status, payment, who, when] after the order's first history entry */
  changes?: [string, string, string, string][];
}

/** An order at a fixed time, with its placement history entry and any later changes. */
async function insertOrder(db: Db, o: OrderFixture) {
  const [row] = await db
    .insert(orders)
    .values({
      orderNumber: `ORD-${String(++orderSequence).padStart(6, "0")}`,
      userId: o.userId ?? null,
      customerName: o.name,
      customerEmail: o.email,
      customerPhone: "+233 24 000 0000",
      customerAddress: "Accra",
      subtotalAmount: o.total,
      totalAmount: o.total,
      currency: o.currency ?? "GHS",
      orderStatus: o.status,
      paymentStatus: o.payment,
      createdAt: new Date(o.at),
    })
    .returning();
  await db.insert(orderStatusHistory).values([
    {
      orderId: row!.id,
      status: "processing",
      paymentStatus: "pending",
      changedBy: o.userId ? "customer" : "guest",
      isInitial: true,
      createdAt: new Date(o.at),
    },
    ...(o.changes ?? []).map(([status, paymentStatus, changedBy, at]) => ({
      orderId: row!.id,
      status,
      paymentStatus,
      changedBy,
      createdAt: new Date(at),
    })),
  ]);
  return row!;
}

/*
 * The fixture, computed by hand (GHS store):
 *   A Kofi (user)   600.00 delivered, paid     2026-03-10 10:00Z
 *   B Kofi (user)   400.00 processing, pending 2026-03-10 23:30Z
 *   C "Ama@Example.com"  300.00 confirmed, paid 2026-03-11 02:30Z (22:30 on 03-10 in New York, EDT)
 *   D "ama@example.com " 250.00 cancelled, paid 2026-03-12 12:00Z
 *   E Yaw (guest)   100.00 USD processing      2026-03-09 12:00Z
 * Orders 5; customers Kofi, Ama, Yaw = 3; GHS ledger (docs/decisions/031): paid 600 + 300 + 250
 * (D was cancelled but not refunded: the shop holds its money) = 1150.00, nothing refunded, net
 * 1150.00, outstanding B 400.00; USD 100.00 outstanding, reported apart; pending (processing)
 * B, E = 2; the chart's booked revenue (not cancelled) 600 + 400 + 300 = 1300.00.
 */
describeWithDatabase("admin dashboard", (database) => {
  beforeAll(async () => {
    const db = database.db;
    // Low variants (at or below 5) of active products: Kente Stole Emerald M (0) and Royal Gold L (2), Agbada Set M (5).
    await createProduct(db, {
      name: "Kente Stole",
      sizes: ["M", "L"],
      colors: [
        { name: "Royal Gold", hex: "#C9A227" },
        { name: "Emerald", hex: "#1E6B4F" },
      ],
      stock: 20,
      variantStock: { "Royal Gold|L": 2, "Emerald|M": 0 },
    });
    await createProduct(db, { name: "Agbada Set", sizes: ["S", "M"], stock: 20, variantStock: { "|M": 5, "|S": 6 } });
    await createProduct(db, { name: "Linen Kaftan", stock: 20 });
    await createProduct(db, { name: "Retired Smock", stock: 0, isActive: false });
    const kofi = await createUser(db, { name: "Kofi Boateng", email: "kofi@example.com" });
    await insertOrder(db, {
      userId: kofi.id,
      email: "kofi@example.com",
      name: "Kofi Boateng",
      total: 60_000,
      status: "delivered",
      payment: "paid",
      at: "2026-03-10T10:00:00Z",
      changes: [
        ["confirmed", "pending", "Admin Kwame", "2026-03-10T11:00:00Z"],
        ["delivered", "paid", "Admin Kwame", "2026-03-11T09:00:00Z"],
      ],
    });
    await insertOrder(db, {
      userId: kofi.id,
      email: "kofi@example.com",
      name: "Kofi Boateng",
      total: 40_000,
      status: "processing",
      payment: "pending",
      at: "2026-03-10T23:30:00Z",
    });
    await insertOrder(db, {
      email: "Ama@Example.com",
      name: "Ama Mensah",
      total: 30_000,
      status: "confirmed",
      payment: "paid",
      at: "2026-03-11T02:30:00Z",
      changes: [
        ["confirmed", "pending", "Admin Kwame", "2026-03-11T03:00:00Z"],
        ["confirmed", "paid", "Admin Kwame", "2026-03-11T04:00:00Z"],
      ],
    });
    await insertOrder(db, {
      email: "ama@example.com ",
      name: "Ama Mensah",
      total: 25_000,
      status: "cancelled",
      payment: "paid",
      at: "2026-03-12T12:00:00Z",
      changes: [["cancelled", "paid", "Admin Efua", "2026-03-12T13:00:00Z"]],
    });
    await insertOrder(db, {
      email: "yaw@example.com",
      name: "Yaw Darko",
      total: 10_000,
      status: "processing",
      payment: "pending",
      currency: "USD",
      at: "2026-03-09T12:00:00Z",
    });
  });

  it("counts active products, all orders, unique customers and the payment ledger in the store currency", async () => {
    expect(await dashboardStats(database.db)).toEqual({
      totalProducts: 3,
      totalOrders: 5,
      customers: 3,
      currency: "GHS",
      revenue: { paid: 115_000, refunded: 0, net: 115_000, outstanding: 40_000 },
      otherCurrencies: [{ currency: "USD", paid: 0, refunded: 0, net: 0, outstanding: 10_000 }],
    });
  });

  it("lists pending orders and the low-stock colours and sizes of active products, emptiest first", async () => {
    expect(await quickActionCounts(database.db)).toMatchObject({
      pendingOrders: 2,
      lowStockThreshold: 5,
      lowStockCount: 3,
      lowStock: [
        { name: "Kente Stole", color: "Emerald", size: "M", sku: expect.stringMatching(/-EMERALD-M$/), stock: 0 },
        { name: "Kente Stole", color: "Royal Gold", size: "L", sku: expect.stringMatching(/-ROYAL-GOLD-L$/), stock: 2 },
        { name: "Agbada Set", color: "", size: "M", sku: expect.stringMatching(/-M$/), stock: 5 },
      ],
    });
    const variantsAt = (lowStock: { name: string; color: string; size: string }[]) =>
      lowStock.map((v) => [v.name, v.color, v.size].filter(Boolean).join(" "));
    const atTwo = await quickActionCounts(database.db, { lowStockThreshold: 2 });
    expect([atTwo.lowStockCount, variantsAt(atTwo.lowStock)]).toEqual([2, ["Kente Stole Emerald M", "Kente Stole Royal Gold L"]]);
    // The count covers every low variant, the list only the emptiest few.
    const firstOnly = await quickActionCounts(database.db, { lowStockLimit: 1 });
    expect([firstOnly.lowStockCount, variantsAt(firstOnly.lowStock)]).toEqual([3, ["Kente Stole Emerald M"]]);
  });

  it("merges new orders and later status changes newest first, with who made each change", async () => {
    const activity = await recentActivity(database.db, 6);
    expect(activity.map((a) => [a.kind, a.customerName, a.status, a.previousStatus, a.changedBy, a.at])).toEqual([
      ["status-changed", "Ama Mensah", "cancelled", "processing", "Admin Efua", "2026-03-12T13:00:00.000Z"],
      ["order-placed", "Ama Mensah", "cancelled", null, null, "2026-03-12T12:00:00.000Z"],
      ["status-changed", "Kofi Boateng", "delivered", "confirmed", "Admin Kwame", "2026-03-11T09:00:00.000Z"],
      ["payment-changed", "Ama Mensah", "confirmed", "confirmed", "Admin Kwame", "2026-03-11T04:00:00.000Z"],
      ["status-changed", "Ama Mensah", "confirmed", "processing", "Admin Kwame", "2026-03-11T03:00:00.000Z"],
      ["order-placed", "Ama Mensah", "confirmed", null, null, "2026-03-11T02:30:00.000Z"],
    ]);
    expect(activity[3]).toMatchObject({ paymentStatus: "paid", previousPaymentStatus: "pending", totalAmount: 30_000, currency: "GHS" });
    // 5 placements + 5 later changes; the placement entries of the history are not repeated.
    expect(await recentActivity(database.db, 50)).toHaveLength(10);
  });

  it("gives revenue per day in the chosen timezone, empty days as 0", async () => {
    const now = new Date("2026-03-12T15:00:00Z");
    expect(await revenueByDay(database.db, { days: 5, timeZone: "UTC", now })).toEqual([
      { day: "2026-03-08", revenue: 0, paidRevenue: 0, orders: 0 },
      { day: "2026-03-09", revenue: 0, paidRevenue: 0, orders: 0 }, // only a USD order
      { day: "2026-03-10", revenue: 100_000, paidRevenue: 60_000, orders: 2 },
      { day: "2026-03-11", revenue: 30_000, paidRevenue: 30_000, orders: 1 },
      { day: "2026-03-12", revenue: 0, paidRevenue: 0, orders: 0 }, // only a cancelled order
    ]);
    // In New York (UTC−4 after 8 March) the 02:30Z order belongs to the evening of 10 March.
    const newYork = await revenueByDay(database.db, { days: 5, timeZone: "America/New_York", now });
    expect(newYork.map((d) => [d.day, d.revenue, d.orders])).toEqual([
      ["2026-03-08", 0, 0],
      ["2026-03-09", 0, 0],
      ["2026-03-10", 130_000, 3],
      ["2026-03-11", 0, 0],
      ["2026-03-12", 0, 0],
    ]);
  });

  it("defaults to 30 days ending today in the store's timezone setting", async () => {
    await saveStoreSettings(database.db, { timezone: "America/New_York" });
    const days = await revenueByDay(database.db, { now: new Date("2026-04-08T03:00:00Z") });
    expect(days).toHaveLength(30);
    expect(days[0]!.day).toBe("2026-03-09");
    expect(days.at(-1)!.day).toBe("2026-04-07"); // 23:00 on 7 April in New York
    expect(days.find((d) => d.day === "2026-03-10")?.revenue).toBe(130_000);
    expect(days.reduce((sum, d) => sum + d.revenue, 0)).toBe(130_000);
    await saveStoreSettings(database.db, { timezone: "Africa/Accra" });
    await expect(revenueByDay(database.db, { timeZone: "Mars/Olympus" })).rejects.toThrow('Unknown timezone "Mars/Olympus"');
  });

  it("reports revenue in the store currency after a change of currency", async () => {
    await saveStoreSettings(database.db, { currency: "USD" });
    const stats = await dashboardStats(database.db);
    expect(stats).toMatchObject({
      currency: "USD",
      revenue: { paid: 0, refunded: 0, net: 0, outstanding: 10_000 },
      otherCurrencies: [{ currency: "GHS", paid: 115_000, refunded: 0, net: 115_000, outstanding: 40_000 }],
    });
    await saveStoreSettings(database.db, { currency: "GHS" });
  });
});
