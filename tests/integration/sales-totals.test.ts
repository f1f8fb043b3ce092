import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { queryRows, type Db } from "~db/client";
import { orders } from "~db/schema/orders";
import { settings } from "~db/schema/store";
import { customerSummary, listCustomers } from "~/modules/customers/customers.server";
import { checkoutSchema } from "~/modules/orders/checkout.schema";
import { changeOrderStatusAsAdmin, changePaymentStatus } from "~/modules/orders/order-status.server";
import { orderSummary } from "~/modules/orders/order-summary.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { refundOrder } from "~/modules/payments/refunds.server";
import { getStoreSettings, invalidateStoreSettingsCache, saveStoreSettings } from "~/modules/settings/settings.server";
import { storeCurrencies } from "~/modules/settings/store-settings";
import { dashboardStats, revenueByDay } from "~/modules/reports/dashboard-stats.server";
import { createCategory, createProduct } from "../factories/catalog";
import { createOrder } from "../factories/orders";
import { describeWithDatabase } from "../setup/test-database";

/*
 * The sales totals (db/schema/sales-totals.ts) are kept by the database in each order's and
 * refund's transaction. Whatever happens to the orders, they must equal a count from scratch
 * over the orders and the refunds ledger (written here independently of the triggers).
 */
const refundedPart = sql.raw(`case o.payment_status
  when 'refunded' then o.total_amount
  when 'partially_refunded' then least(o.total_amount, coalesce((select sum(r.amount) from refunds r where r.order_id = o.id and r.status = 'processed'), 0))
  else 0 end`);
/** What the order's money paid, and its net (docs/decisions/031), written out here without the database's functions. */
const paidPart = sql.raw(`case when o.payment_status in ('paid', 'partially_refunded', 'refunded') then o.total_amount else 0 end`);
const netPart = sql`(${paidPart} - ${refundedPart})`;
const customerKey = sql.raw(
  `case when o.user_id is not null then 'user:' || o.user_id else 'email:' || lower(btrim(o.customer_email)) end`,
);

/** The store's currency as the app reads it (Settings → General), whose spending customer_totals keeps. */
async function storeCurrency(db: Db) {
  invalidateStoreSettingsCache(db);
  return (await getStoreSettings(db)).currency;
}

async function fromScratch(db: Db) {
  const currency = await storeCurrency(db);
  return {
    shop: await queryRows(
      db,
      sql`select o.currency, o.order_status, o.payment_status, count(*)::int as orders, sum(o.total_amount)::bigint::text as total,
                 sum(${refundedPart})::bigint::text as refunded
          from orders o group by 1, 2, 3 order by 1, 2, 3`,
    ),
    quarterHours: await queryRows(
      db,
      sql`select to_char(to_timestamp(floor(extract(epoch from o.created_at) / 900) * 900) at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as starts_at,
                 o.currency, count(*)::int as orders, sum(o.total_amount - ${refundedPart})::bigint::text as revenue,
                 coalesce(sum(o.total_amount - ${refundedPart}) filter (where o.payment_status in ('paid', 'partially_refunded', 'refunded')), 0)::bigint::text as paid
          from orders o where o.order_status <> 'cancelled' group by 1, 2 order by 1, 2`,
    ),
    customers: await queryRows(
      db,
      sql`select ${customerKey} as key, count(*) filter (where o.order_status <> 'cancelled')::int as orders,
                 count(*) filter (where o.order_status = 'cancelled')::int as cancelled,
                 to_char(min(o.created_at) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as first,
                 to_char(max(o.created_at) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as last,
                 (array_agg(o.customer_name order by o.created_at desc, o.id desc))[1] as name,
                 count(*) filter (where o.order_status <> 'cancelled' and o.currency = ${currency})::int as store_orders,
                 coalesce(sum(${netPart}) filter (where o.currency = ${currency}), 0)::bigint::text as store_spent
          from orders o group by 1 order by 1`,
    ),
    spend: await queryRows(
      db,
      sql`select ${customerKey} as key, o.currency, count(*) filter (where o.order_status <> 'cancelled')::int as orders, sum(${netPart})::bigint::text as spent
          from orders o group by 1, 2
          having count(*) filter (where o.order_status <> 'cancelled') > 0 or sum(${netPart}) <> 0
          order by 1, 2`,
    ),
    counts: await queryRows(
      db,
      sql`select count(*)::int as customers, count(*) filter (where n > 1)::int as repeaters
          from (select ${customerKey} as key, count(*) filter (where o.order_status <> 'cancelled') as n from orders o group by 1) c`,
    ),
  };
}

async function kept(db: Db) {
  return {
    shop: await queryRows(
      db,
      sql`select currency, order_status, payment_status, orders::int, total_amount::text as total, refunded_amount::text as refunded
          from order_totals where orders <> 0 or total_amount <> 0 or refunded_amount <> 0 order by 1, 2, 3`,
    ),
    quarterHours: await queryRows(
      db,
      sql`select to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as starts_at, currency, orders, revenue::text, paid_revenue::text as paid
          from sales_by_quarter_hour where orders <> 0 or revenue <> 0 or paid_revenue <> 0 order by 1, 2`,
    ),
    customers: await queryRows(
      db,
      sql`select customer_key as key, total_orders as orders, cancelled_orders as cancelled,
                 to_char(first_order_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as first,
                 to_char(last_order_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as last, latest_name as name,
                 store_currency_orders as store_orders, store_currency_spent::text as store_spent
          from customer_totals order by 1`,
    ),
    spend: await queryRows(db, sql`select customer_key as key, currency, orders, spent::text from customer_spend order by 1, 2`),
    counts: await queryRows(db, sql`select customers::int, repeat_customers::int as repeaters from customer_counts`),
  };
}

const sender = { origin: "https://shop.example", storeName: "Ahenfie" };
const staff = { changedBy: "Kwame (admin)" };

async function refund(db: Db, orderId: string, amount: number) {
  return refundOrder(
    db,
    { orderId, refundId: crypto.randomUUID(), amount, reason: "Returned", requestedBy: "Efua" },
    { paystack: null, ...sender },
  );
}

describeWithDatabase("sales totals", (database, driver) => {
  beforeEach(async () => {
    await database.db.delete(orders);
    await saveStoreSettings(database.db, { currency: "GHS" });
  });

  it("equal a count from scratch after orders, payments, full and partial refunds, cancellations, an account taking guest orders, edits and deletions", async () => {
    const db = database.db;
    const expectExact = async () => expect(await kept(db)).toEqual(await fromScratch(db));
    await expectExact();

    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 9, 0) + minutes * 60_000);
    const a = await createOrder(db, { customerEmail: "Ama@Example.com ", customerName: "Ama", totalAmount: 139_999, createdAt: at(0) });
    const b = await createOrder(db, {
      customerEmail: "ama@example.com",
      customerName: "Ama Mensah",
      totalAmount: 65_998,
      createdAt: at(7),
    });
    const c = await createOrder(db, { customerEmail: "yaw@example.com", totalAmount: 20_000, currency: "USD", createdAt: at(20) });
    const d = await createOrder(db, { userId: "user-kofi", customerEmail: "kofi@example.com", totalAmount: 50_000, createdAt: at(61) });
    await expectExact();

    await changePaymentStatus(db, a.id, "paid", staff);
    await changePaymentStatus(db, b.id, "paid", staff);
    await changePaymentStatus(db, d.id, "paid", staff);
    await expectExact();

    await refund(db, a.id, 20_000); // partial
    await refund(db, a.id, 5_000); // partial again
    await refund(db, d.id, 50_000); // full
    expect((await db.select().from(orders).where(eq(orders.id, a.id)))[0]!.paymentStatus).toBe("partially_refunded");
    expect((await db.select().from(orders).where(eq(orders.id, d.id)))[0]!.paymentStatus).toBe("refunded");
    await expectExact();

    await changeOrderStatusAsAdmin(db, b.id, "cancelled", staff);
    await changeOrderStatusAsAdmin(db, c.id, "shipped", staff);
    await expectExact();

    // The guest's orders join the account of the same email (guest-orders.server.ts), and a name is corrected.
    await db
      .update(orders)
      .set({ userId: "user-ama" })
      .where(sql`lower(btrim(${orders.customerEmail})) = 'ama@example.com'`);
    await db.update(orders).set({ customerName: "Ama K. Mensah" }).where(eq(orders.id, a.id));
    await db.update(orders).set({ trackingNumber: "GH123" }).where(eq(orders.id, c.id)); // nothing the totals read
    await expectExact();

    await db.delete(orders).where(eq(orders.id, c.id));
    await expectExact();
    expect(await kept(db)).toMatchObject({ counts: [{ customers: 2, repeaters: 0 }] });
  });

  it("take a partial refund off paid revenue and spending, and keep the order paid (issue 45, point 1)", async () => {
    const db = database.db;
    const card = await createOrder(db, {
      customerEmail: "ama@example.com",
      totalAmount: 139_999,
      paymentStatus: "paid",
      paymentMethod: "card",
    });
    await createOrder(db, { customerEmail: "kofi@example.com", totalAmount: 65_998, paymentStatus: "paid" });
    await createOrder(db, { customerEmail: "kofi@example.com", totalAmount: 30_000 });
    await refund(db, card.id, 20_000);

    const dashboard = await dashboardStats(db);
    const ledger = { paid: 205_997, refunded: 20_000, net: 185_997, outstanding: 30_000 };
    expect(dashboard.revenue).toEqual(ledger);
    expect(await orderSummary(db)).toMatchObject({ paidOrders: 2, revenue: [{ currency: "GHS", ...ledger }] });
    expect(await customerSummary(db)).toMatchObject({ totalRevenue: 185_997, totalCustomers: 2, repeatCustomers: 1 });
    const { rows } = await listCustomers(db, { sort: "spent" });
    // Kofi's ₵300.00 order is not paid yet: outstanding, not spent.
    expect(rows.map((r) => [r.email, r.totalSpent])).toEqual([
      ["ama@example.com", 119_999],
      ["kofi@example.com", 65_998],
    ]);
    // The factory places all three on the same day.
    const days = await revenueByDay(db, { days: 1, timeZone: "UTC", now: card.createdAt });
    expect(days).toEqual([{ day: card.createdAt.toISOString().slice(0, 10), revenue: 215_997, paidRevenue: 185_997, orders: 3 }]);
  });

  it(`stay exact under 20 orders placed at once (${driver})`, async () => {
    const db = database.db;
    const category = await createCategory(db, `scale-${crypto.randomUUID().slice(0, 8)}`);
    const product = await createProduct(db, { name: "Royal Kente Kaftan", price: 29_999, categoryId: category.id, stock: 100 });
    const buyers = Array.from({ length: 20 }, (_, i) => i % 4); // five orders from each of four shoppers
    await Promise.all(
      buyers.map((buyer) =>
        placeOrder(
          db,
          checkoutSchema.parse({
            email: `buyer${buyer}@example.com`,
            name: `Buyer ${buyer}`,
            phone: "+233 24 000 0000",
            address: "12 Ring Road, Accra",
            region: "GH-AA",
            items: [{ productId: product.id, colorIndex: null, size: "M", quantity: 1 }],
            idempotencyKey: crypto.randomUUID(),
          }),
          { userId: null, ...sender },
        ),
      ),
    );
    expect(await kept(db)).toEqual(await fromScratch(db));
    expect(await kept(db)).toMatchObject({ counts: [{ customers: 4, repeaters: 4 }] });
    expect((await dashboardStats(db)).totalOrders).toBe(20);
  });

  it("keep each customer's orders and spending in the store's currency, follow a change of currency, and sort the list by them", async () => {
    const db = database.db;
    const expectExact = async () => expect(await kept(db)).toEqual(await fromScratch(db));
    await createOrder(db, { customerEmail: "ama@example.com", totalAmount: 90_000, paymentStatus: "paid" });
    // Spending is what was paid (docs/decisions/031): these orders are paid, the cancelled ones not.
    await createOrder(db, { customerEmail: "ama@example.com", totalAmount: 10_000, currency: "USD", paymentStatus: "paid" });
    await createOrder(db, { customerEmail: "kofi@example.com", totalAmount: 50_000, paymentStatus: "paid" });
    await createOrder(db, { customerEmail: "kofi@example.com", totalAmount: 45_000, paymentStatus: "paid" });
    await createOrder(db, { customerEmail: "yaw@example.com", totalAmount: 70_000, currency: "USD", paymentStatus: "paid" });
    await createOrder(db, { customerEmail: "yaw@example.com", totalAmount: 5_000, currency: "USD", orderStatus: "cancelled" });
    await createOrder(db, { customerEmail: "esi@example.com", totalAmount: 95_000, orderStatus: "cancelled" });
    await expectExact();
    const emails = async (sort: "spent" | "orders") => (await listCustomers(db, { sort })).rows.map((r) => r.email);
    // In cedis: Kofi ₵950 over two orders, Ama ₵900 (her dollars are not summed), Yaw and Esi nothing.
    expect(await emails("spent")).toEqual(["kofi@example.com", "ama@example.com", "esi@example.com", "yaw@example.com"]);
    expect(await emails("orders")).toEqual(["kofi@example.com", "ama@example.com", "yaw@example.com", "esi@example.com"]);

    await saveStoreSettings(db, { currency: "USD" });
    await expectExact();
    expect(await emails("spent")).toEqual(["yaw@example.com", "ama@example.com", "esi@example.com", "kofi@example.com"]);
    expect((await listCustomers(db, { sort: "spent" })).rows.map((r) => [r.email, r.totalSpent])).toEqual([
      ["yaw@example.com", 70_000],
      ["ama@example.com", 10_000],
      ["esi@example.com", 0],
      ["kofi@example.com", 0],
    ]);
    // Orders placed while the store sells in dollars are counted in dollars.
    await createOrder(db, { customerEmail: "kofi@example.com", totalAmount: 80_000, currency: "USD", paymentStatus: "paid" });
    await expectExact();
    expect(await emails("spent")).toEqual(["kofi@example.com", "yaw@example.com", "ama@example.com", "esi@example.com"]);

    await saveStoreSettings(db, { currency: "GHS" });
    await expectExact();
  });

  it("read the store's currency in the database as the app reads it", async () => {
    const db = database.db;
    const inDatabase = async () => (await queryRows<{ c: string }>(db, sql`select store_currency() as c`))[0]!.c;
    for (const currency of storeCurrencies) {
      await saveStoreSettings(db, { currency });
      expect(await inDatabase()).toBe(currency);
    }
    // A value the app does not know (written by hand) reads as the default, in both.
    await db.update(settings).set({ value: "XOF" }).where(eq(settings.key, "currency"));
    expect(await storeCurrency(db)).toBe("GHS");
    expect(await inDatabase()).toBe("GHS");
    await db.delete(settings).where(eq(settings.key, "currency"));
    expect(await storeCurrency(db)).toBe("GHS");
    expect(await inDatabase()).toBe("GHS");
  });

  it(`stay exact under orders, refunds and a change of currency at once (${driver})`, async () => {
    const db = database.db;
    const category = await createCategory(db, `busy-${crypto.randomUUID().slice(0, 8)}`);
    const product = await createProduct(db, { name: "Adinkra Agbada", price: 45_000, categoryId: category.id, stock: 100 });
    const paid = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        createOrder(db, { customerEmail: `buyer${i % 4}@example.com`, totalAmount: 60_000, paymentStatus: "paid", paymentMethod: "card" }),
      ),
    );
    const place = (buyer: number) =>
      placeOrder(
        db,
        checkoutSchema.parse({
          email: `buyer${buyer}@example.com`,
          name: `Buyer ${buyer}`,
          phone: "+233 24 000 0000",
          address: "12 Ring Road, Accra",
          region: "GH-AA",
          items: [{ productId: product.id, colorIndex: null, size: "M", quantity: 1 }],
          idempotencyKey: crypto.randomUUID(),
        }),
        { userId: null, ...sender },
      );
    await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => place(i % 5)),
      ...paid.map((order, i) => refund(db, order.id, i % 2 === 0 ? 60_000 : 15_000)),
      saveStoreSettings(db, { currency: "USD" }),
    ]);
    await expectExactNow(db);
    await saveStoreSettings(db, { currency: "GHS" });
    await expectExactNow(db);
    expect((await kept(db)).counts).toEqual([{ customers: 5, repeaters: 5 }]);
  });
});

async function expectExactNow(db: Db) {
  expect(await kept(db)).toEqual(await fromScratch(db));
}
