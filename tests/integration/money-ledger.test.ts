import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { queryRows, type Db } from "~db/client";
import { orders, orderStatusHistory } from "~db/schema/orders";
import { customerSummary, getCustomer, listCustomers } from "~/modules/customers/customers.server";
import { changeOrderStatusAsAdmin, changePaymentStatus } from "~/modules/orders/order-status.server";
import { orderSummary } from "~/modules/orders/order-summary.server";
import { ordersCsv } from "~/modules/orders/orders-csv.server";
import { listAdminOrders, getAdminOrderDetails } from "~/modules/orders/order-list.server";
import { CashNotDueError, cashOwedByCouriers, recordCashCollected } from "~/modules/payments/cash-collection.server";
import { refundOrder } from "~/modules/payments/refunds.server";
import { dashboardStats } from "~/modules/reports/dashboard-stats.server";
import type { Ledger } from "~/modules/reports/sales-totals.server";
import { saveStoreSettings } from "~/modules/settings/settings.server";
import { createOrder } from "../factories/orders";
import { describeWithDatabase } from "../setup/test-database";
import { action as ordersAction } from "~/routes/admin/orders";
import { emailOutbox, userRoles } from "~db/schema/store";
import { createUser } from "../factories/users";
import { signedInAs, testLoadContext } from "../setup/load-context";
import { routeAnswer, samePost } from "../setup/route-answer";

/*
 * Issue 45, points 1 and 3 (docs/decisions/031): every admin money figure (dashboard, orders
 * page, customers page and details, orders CSV) equals the payment ledger, counted here from the
 * orders' payment statuses and the refunds table, for a table of cases.
 */
const sender = { origin: "https://shop.example", storeName: "Ahenfie" };
const staff = { changedBy: "Kwame (admin)", ...sender };

async function refund(db: Db, orderId: string, amount: number) {
  await refundOrder(
    db,
    { orderId, refundId: crypto.randomUUID(), amount, reason: "Sleeve altered", requestedBy: "Efua" },
    { paystack: null, ...sender },
  );
}

interface Case {
  name: string;
  /** Makes the case's one order (customer `email`) and brings it to its state. */
  make: (db: Db, email: string) => Promise<string>;
  ledger: Ledger;
}

const cases: Case[] = [
  {
    name: "online card order, refunded in full",
    make: async (db, email) => {
      const o = await createOrder(db, { customerEmail: email, totalAmount: 139_999, paymentMethod: "card", paymentStatus: "paid" });
      await refund(db, o.id, 139_999);
      return o.id;
    },
    ledger: { paid: 139_999, refunded: 139_999, net: 0, outstanding: 0 },
  },
  {
    name: "online card order, ₵200 refunded of ₵1,399.99",
    make: async (db, email) => {
      const o = await createOrder(db, { customerEmail: email, totalAmount: 139_999, paymentMethod: "card", paymentStatus: "paid" });
      await refund(db, o.id, 20_000);
      return o.id;
    },
    ledger: { paid: 139_999, refunded: 20_000, net: 119_999, outstanding: 0 },
  },
  {
    name: "Pay on Delivery order, cash collected, then ₵100 refunded",
    make: async (db, email) => {
      const o = await createOrder(db, { customerEmail: email, totalAmount: 94_999 });
      await changeOrderStatusAsAdmin(db, o.id, "delivered", staff);
      expect(await recordCashCollected(db, o.id, 94_999, staff)).toEqual({ recorded: true, amount: 94_999, currency: "GHS" });
      await refund(db, o.id, 10_000);
      return o.id;
    },
    ledger: { paid: 94_999, refunded: 10_000, net: 84_999, outstanding: 0 },
  },
  {
    name: "Pay on Delivery order delivered, cash outstanding",
    make: async (db, email) => {
      const o = await createOrder(db, { customerEmail: email, totalAmount: 94_999 });
      await changeOrderStatusAsAdmin(db, o.id, "delivered", staff);
      return o.id;
    },
    ledger: { paid: 0, refunded: 0, net: 0, outstanding: 94_999 },
  },
  {
    name: "cancelled before it was paid",
    make: async (db, email) => {
      const o = await createOrder(db, { customerEmail: email, totalAmount: 50_000 });
      await changeOrderStatusAsAdmin(db, o.id, "cancelled", staff);
      return o.id;
    },
    ledger: { paid: 0, refunded: 0, net: 0, outstanding: 0 },
  },
  {
    name: "paid, then cancelled and not refunded (the shop still holds the money)",
    make: async (db, email) => {
      const o = await createOrder(db, { customerEmail: email, totalAmount: 30_000, paymentMethod: "mobile_money", paymentStatus: "paid" });
      await changeOrderStatusAsAdmin(db, o.id, "cancelled", staff);
      return o.id;
    },
    ledger: { paid: 30_000, refunded: 0, net: 30_000, outstanding: 0 },
  },
];

/** The ledger from scratch: the orders' payment statuses and the processed refunds, not the kept totals. */
async function ledgerFromScratch(db: Db, where = sql`true`): Promise<Ledger> {
  const [row] = await queryRows<{ paid: string; refunded: string; outstanding: string }>(
    db,
    sql`select coalesce(sum(o.total_amount) filter (where o.payment_status in ('paid', 'partially_refunded', 'refunded')), 0)::text as paid,
               coalesce(sum(least(o.total_amount, (select coalesce(sum(r.amount), 0) from refunds r where r.order_id = o.id and r.status = 'processed')))
                 filter (where o.payment_status in ('partially_refunded', 'refunded')), 0)::text as refunded,
               coalesce(sum(o.total_amount) filter (where o.order_status <> 'cancelled' and o.payment_status in ('pending', 'failed')), 0)::text as outstanding
        from orders o where ${where}`,
  );
  const paid = Number(row!.paid);
  const refunded = Number(row!.refunded);
  return { paid, refunded, net: paid - refunded, outstanding: Number(row!.outstanding) };
}

const cedis = (pesewas: number) => (pesewas / 100).toFixed(2);

/** The orders CSV's ledger columns of each order, by order number. */
async function csvLedgers(db: Db): Promise<Map<string, Ledger>> {
  const text = await ordersCsv(db, {});
  const [header, ...lines] = text.split("\r\n");
  const columns = header!.replace(/^\uFEFF/, "").split(",");
  const at = (name: string) => columns.indexOf(name);
  expect(columns.slice(at("Total"), at("Total") + 5)).toEqual(["Total", "Paid", "Refunded", "Net", "Outstanding"]);
  const found = new Map<string, Ledger>();
  for (const line of lines.filter((l) => /^ORD-\d{6},/.test(l))) {
    const cells = line.split(",");
    const pesewas = (name: string) => Math.round(Number(cells[at(name)]) * 100);
    found.set(cells[0]!, {
      paid: pesewas("Paid"),
      refunded: pesewas("Refunded"),
      net: pesewas("Net"),
      outstanding: pesewas("Outstanding"),
    });
  }
  return found;
}

describeWithDatabase("money figures follow the payment ledger", (database, driver) => {
  beforeEach(async () => {
    await database.db.delete(orders);
    await saveStoreSettings(database.db, { currency: "GHS" });
  });

  describe.each(cases)("$name", ({ make, ledger }) => {
    it("shows the same paid, refunded, net and outstanding on the dashboard, the orders and customers pages and the CSV", async () => {
      const db = database.db;
      const email = "ama@example.com";
      const id = await make(db, email);
      expect(await ledgerFromScratch(db)).toEqual(ledger);

      expect((await dashboardStats(db)).revenue).toEqual(ledger);
      expect((await orderSummary(db)).revenue).toEqual([{ currency: "GHS", ...ledger }]);
      expect((await customerSummary(db)).totalRevenue).toBe(ledger.net);
      const [row] = (await listCustomers(db)).rows;
      expect(row!.totalSpent).toBe(ledger.net);
      expect(await getCustomer(db, `email:${email}`)).toMatchObject({
        totalSpent: ledger.net,
        refunded: ledger.refunded,
        outstanding: ledger.outstanding,
      });
      const [order] = await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, id));
      expect((await csvLedgers(db)).get(order!.orderNumber)).toEqual(ledger);
    });
  });

  it("adds the cases up: every figure equals the ledger over all of them, and each customer's Total spent is their net", async () => {
    const db = database.db;
    const ids: string[] = [];
    for (const [i, c] of cases.entries()) ids.push(await c.make(db, `customer${i}@example.com`));
    const total = await ledgerFromScratch(db);
    const sum = (pick: (l: Ledger) => number) => cases.reduce((s, c) => s + pick(c.ledger), 0);
    expect(total).toEqual({
      paid: sum((l) => l.paid),
      refunded: sum((l) => l.refunded),
      net: sum((l) => l.net),
      outstanding: sum((l) => l.outstanding),
    });
    // ₵200 off a ₵1,399.99 card order leaves ₵1,199.99 of it in paid revenue (the figure).
    expect(cedis(cases[1]!.ledger.net)).toBe("1199.99");

    expect((await dashboardStats(db)).revenue).toEqual(total);
    const summary = await orderSummary(db);
    expect(summary.revenue).toEqual([{ currency: "GHS", ...total }]);
    // Paid orders: money kept (paid or partly refunded), the cancelled one still holding its money included.
    expect(summary.paidOrders).toBe(3);
    expect((await customerSummary(db)).totalRevenue).toBe(total.net);
    const spent = new Map((await listCustomers(db, { sort: "spent" })).rows.map((r) => [r.email, r.totalSpent]));
    const csv = await csvLedgers(db);
    for (const [i, c] of cases.entries()) {
      expect(spent.get(`customer${i}@example.com`)).toBe(c.ledger.net);
      expect((await getCustomer(db, `email:customer${i}@example.com`))!.totalSpent).toBe(c.ledger.net);
      const [order] = await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, ids[i]!));
      expect(csv.get(order!.orderNumber)).toEqual(c.ledger);
    }
  });

  it("lists delivered, unpaid Pay on Delivery orders in Cash to collect with what each courier owes, and records the cash once", async () => {
    const db = database.db;
    const deliver = async (total: number, carrier: string | null, paymentMethod = "pay_on_delivery") => {
      const o = await createOrder(db, { totalAmount: total, paymentMethod });
      if (carrier) await db.update(orders).set({ shippingCarrier: carrier }).where(eq(orders.id, o.id));
      await changeOrderStatusAsAdmin(db, o.id, "delivered", staff);
      return o;
    };
    const a = await deliver(94_999, "Kwame (rider)");
    const b = await deliver(30_000, "Kwame (rider)");
    const c = await deliver(50_000, "Ghana Post EMS");
    await deliver(70_000, "DHL Express", "card"); // online, unpaid: not cash
    const shipped = await createOrder(db, { totalAmount: 20_000, orderStatus: "shipped" }); // not delivered yet

    expect(await cashOwedByCouriers(db)).toEqual([
      { carrier: "Kwame (rider)", currency: "GHS", orders: 2, amount: 124_999 },
      { carrier: "Ghana Post EMS", currency: "GHS", orders: 1, amount: 50_000 },
    ]);
    const view = await listAdminOrders(db, { view: "cash-to-collect" });
    expect(view.items.map((o) => o.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect((await getAdminOrderDetails(db, a.id)).cash).toEqual({ due: 94_999, collectedAt: null, collectedBy: null });
    expect((await getAdminOrderDetails(db, shipped.id)).cash.due).toBeNull();

    // A stale amount, or an order not yet delivered, records nothing.
    await expect(recordCashCollected(db, a.id, 90_000, staff)).rejects.toThrow(CashNotDueError);
    await expect(recordCashCollected(db, shipped.id, 20_000, staff)).rejects.toThrow("Cash is recorded once the order is delivered.");
    const before = await dashboardStats(db);

    expect(await recordCashCollected(db, a.id, 94_999, staff)).toMatchObject({ recorded: true });
    expect(await recordCashCollected(db, a.id, 94_999, staff)).toMatchObject({ recorded: false });
    const details = await getAdminOrderDetails(db, a.id);
    expect(details.paymentStatus).toBe("paid");
    expect(details.cash).toMatchObject({ due: null, collectedBy: "Kwame (admin)" });
    expect(details.history.filter((h) => h.notes === "Cash collected: ₵949.99")).toHaveLength(1);
    // Paid revenue now includes the cash; outstanding drops by as much.
    const after = await dashboardStats(db);
    expect(after.revenue.paid - before.revenue.paid).toBe(94_999);
    expect(before.revenue.outstanding - after.revenue.outstanding).toBe(94_999);
    expect((await listAdminOrders(db, { view: "cash-to-collect" })).items.map((o) => o.id)).not.toContain(a.id);
    expect((await cashOwedByCouriers(db))[0]).toEqual({ carrier: "Ghana Post EMS", currency: "GHS", orders: 1, amount: 50_000 });
  });

  it(`records one payment when two staff click "Cash collected" at once (${driver})`, async () => {
    const db = database.db;
    const o = await createOrder(db, { totalAmount: 94_999 });
    await changeOrderStatusAsAdmin(db, o.id, "delivered", staff);
    const results = await Promise.all([
      recordCashCollected(db, o.id, 94_999, { ...staff, changedBy: "Efua" }),
      recordCashCollected(db, o.id, 94_999, { ...staff, changedBy: "Kojo" }),
    ]);
    expect(results.map((r) => r.recorded).sort()).toEqual([false, true]);
    const entries = await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, o.id));
    expect(entries.filter((e) => e.notes?.startsWith("Cash collected"))).toHaveLength(1);
    expect((await dashboardStats(db)).revenue).toEqual({ paid: 94_999, refunded: 0, net: 94_999, outstanding: 0 });
    expect(await ledgerFromScratch(db)).toEqual({ paid: 94_999, refunded: 0, net: 94_999, outstanding: 0 });
  });

  it("refuses cash on an order paid online, and leaves a marked-paid order's figures alone", async () => {
    const db = database.db;
    const o = await createOrder(db, { totalAmount: 40_000, paymentMethod: "card" });
    await changeOrderStatusAsAdmin(db, o.id, "delivered", staff);
    await expect(recordCashCollected(db, o.id, 40_000, staff)).rejects.toThrow("This order was not paid on delivery.");
    await changePaymentStatus(db, o.id, "paid", staff);
    expect((await dashboardStats(db)).revenue).toEqual({ paid: 40_000, refunded: 0, net: 40_000, outstanding: 0 });
  });

  it("records the cash through the orders page's action for an admin only, checking the amount the button named", async () => {
    const db = database.db;
    await db.delete(emailOutbox);
    const adminId = (await createUser(db, { name: "Kwame Mensah", email: `kwame.${crypto.randomUUID()}@example.com` })).id;
    await db.insert(userRoles).values({ userId: adminId, role: "owner" });
    const customerId = (await createUser(db, { name: "Ama", email: `ama.${crypto.randomUUID()}@example.com` })).id;
    const as = (id: string, name: string) => testLoadContext(database, { auth: signedInAs({ id, email: `${id}@example.com`, name }) });
    const act = (form: Record<string, string>, context = as(adminId, "Kwame Mensah")) => {
      const request = samePost("/admin/orders", new URLSearchParams(form));
      request.headers.set("cookie", "ahenfie.session_token=abc");
      return routeAnswer(ordersAction, { request, context });
    };
    const o = await createOrder(db, { totalAmount: 94_999 });
    await changeOrderStatusAsAdmin(db, o.id, "delivered", staff);
    const form = { intent: "cash-collected", orderId: o.id, amount: "94999" };

    expect((await act(form, as(customerId, "Ama"))).status).toBe(403);
    expect(await act({ ...form, amount: "9.99" })).toMatchObject({ status: 400, body: { ok: false, kind: "cash" } });
    expect(await act({ ...form, amount: "90000" })).toMatchObject({
      status: 409,
      body: { ok: false, kind: "cash", message: "This order now owes ₵949.99: reload the order and check the amount." },
    });
    expect((await getAdminOrderDetails(db, o.id)).paymentStatus).toBe("pending");

    expect(await act(form)).toMatchObject({
      status: 200,
      body: { ok: true, kind: "cash", recorded: true, message: "₵949.99 recorded: the order is paid." },
    });
    expect(await act(form)).toMatchObject({ body: { ok: true, recorded: false, message: "₵949.99 had already been recorded." } });
    const details = await getAdminOrderDetails(db, o.id);
    expect(details).toMatchObject({ paymentStatus: "paid", cash: { due: null, collectedBy: "Kwame Mensah" } });
    expect(details.history[0]).toMatchObject({ paymentStatus: "paid", notes: "Cash collected: ₵949.99", changedBy: "Kwame Mensah" });
  });
});
