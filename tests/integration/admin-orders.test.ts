import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { CSV_BOM } from "~/lib/csv";
import { ordersCsv, ordersCsvStream } from "~/modules/orders/orders-csv.server";
import { parseAdminOrderFilters } from "~/modules/orders/order-filters.schema";
import { getAdminOrderDetails, listAdminOrders } from "~/modules/orders/order-list.server";
import { changeOrderStatusAsAdmin, changePaymentStatus } from "~/modules/orders/order-status.server";
import { orderSummary } from "~/modules/orders/order-summary.server";
import { OrderNotFoundError } from "~/modules/orders/order-errors";
import { checkoutSchema } from "~/modules/orders/checkout.schema";
import { placeOrder } from "~/modules/orders/place-order.server";
import { getOrderDetails } from "~/modules/orders/order-details.server";
import { orders, orderStatusHistory } from "~db/schema/orders";
import { emailOutbox } from "~db/schema/store";
import { createCategory, createProduct, stockOfVariant } from "../factories/catalog";
import { createOrder } from "../factories/orders";
import { describeWithDatabase } from "../setup/test-database";

const sender = { storeName: "Ahenfie", origin: "https://shop.example" };
const at = (iso: string) => new Date(iso);

describeWithDatabase("admin orders", (database) => {
  let categoryId: number;

  beforeAll(async () => {
    categoryId = (await createCategory(database.db, "kaftans")).id;
  });
  beforeEach(async () => {
    await database.db.delete(orders);
    await database.db.delete(emailOutbox);
  });

  const historyOf = (orderId: string) =>
    database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(orderStatusHistory.id);
  /** Units left in M, the size placeRealOrder buys. */
  const stockOf = (id: number) => stockOfVariant(database.db, id, "M");

  async function placeRealOrder(productId: number, quantity: number) {
    return placeOrder(
      database.db,
      checkoutSchema.parse({
        email: "ama@example.com",
        name: "Ama Mensah",
        phone: "+233 24 000 0000",
        address: "12 Ring Road, Accra",
        region: "GH-AA",
        items: [{ productId, colorIndex: null, size: "M", quantity }],
        idempotencyKey: crypto.randomUUID(),
      }),
      { userId: null, ...sender },
    );
  }

  it("adds up the four summary cards: orders, revenue (the payment ledger), pending and paid", async () => {
    expect(await orderSummary(database.db)).toEqual({ totalOrders: 0, pendingOrders: 0, paidOrders: 0, revenue: [] });
    /*
     * By hand: 6 orders; pending (processing) O1, O2 = 2; paid O2, O3, O4 = 3.
     * GHS paid: 250.50 + 400.00 + 75.25 = 725.75 (O4 was paid, then cancelled, and not refunded:
     * the shop holds its money, docs/decisions/031), nothing refunded, net 725.75; outstanding
     * (not cancelled, not paid): 100.00 + 1000.00 = 1100.00.
     * USD (an order from before the store changed currency): 60.00 outstanding, none paid.
     */
    await createOrder(database.db, { totalAmount: 10_000, orderStatus: "processing", paymentStatus: "pending" });
    await createOrder(database.db, { totalAmount: 25_050, orderStatus: "processing", paymentStatus: "paid" });
    await createOrder(database.db, { totalAmount: 40_000, orderStatus: "confirmed", paymentStatus: "paid" });
    await createOrder(database.db, { totalAmount: 7_525, orderStatus: "cancelled", paymentStatus: "paid" });
    await createOrder(database.db, { totalAmount: 100_000, orderStatus: "delivered", paymentStatus: "failed" });
    await createOrder(database.db, { totalAmount: 6_000, orderStatus: "shipped", paymentStatus: "pending", currency: "USD" });
    expect(await orderSummary(database.db)).toEqual({
      totalOrders: 6,
      pendingOrders: 2,
      paidOrders: 3,
      revenue: [
        { currency: "GHS", paid: 72_575, refunded: 0, net: 72_575, outstanding: 110_000 },
        { currency: "USD", paid: 0, refunded: 0, net: 0, outstanding: 6_000 },
      ],
    });
  });

  it("may keep the summary for a few seconds, but an admin's own change shows at once", async () => {
    const first = await createOrder(database.db, { totalAmount: 10_000 });
    // A fresh count, which later calls may reuse.
    expect((await orderSummary(database.db)).totalOrders).toBe(1);
    await createOrder(database.db, { totalAmount: 20_000 });
    expect((await orderSummary(database.db, { maxAgeMs: 60_000 })).totalOrders).toBe(1);
    expect((await orderSummary(database.db)).totalOrders).toBe(2);
    expect((await orderSummary(database.db, { maxAgeMs: 60_000 })).paidOrders).toBe(0);
    await changePaymentStatus(database.db, first.id, "paid", { changedBy: "Kwame (admin)" });
    expect(await orderSummary(database.db, { maxAgeMs: 60_000 })).toMatchObject({ paidOrders: 1, revenue: [{ paid: 10_000 }] });
    await changeOrderStatusAsAdmin(database.db, first.id, "cancelled", { changedBy: "Kwame (admin)" });
    expect(await orderSummary(database.db, { maxAgeMs: 60_000 })).toMatchObject({
      pendingOrders: 1,
      revenue: [{ paid: 10_000, net: 10_000, outstanding: 20_000 }],
    });
  });

  it("searches number, name, email and phone (trimmed, any case), filters status and payment, newest first", async () => {
    const kofi = await createOrder(database.db, {
      orderNumber: "ORD-123456",
      customerName: "Kofi Boateng",
      customerEmail: "kofi.b@example.com",
      customerPhone: "+233 24 555 0101",
      orderStatus: "shipped",
      paymentStatus: "paid",
      createdAt: at("2026-03-02T10:00:00Z"),
    });
    const ama = await createOrder(database.db, {
      orderNumber: "ORD-654321",
      customerName: "Ama Mensah",
      customerEmail: "Ama.Mensah@Example.com",
      customerPhone: "020 111 2222",
      createdAt: at("2026-03-03T10:00:00Z"),
    });
    const esi = await createOrder(database.db, {
      orderNumber: "ORD-123999",
      customerName: "Esi Mensah",
      customerEmail: "esi@example.com",
      orderStatus: "shipped",
      paymentStatus: "pending",
      createdAt: at("2026-03-01T10:00:00Z"),
    });
    const names = async (filters: Parameters<typeof listAdminOrders>[1]) =>
      (await listAdminOrders(database.db, filters)).items.map((o) => o.id);

    expect(await names({})).toEqual([ama.id, kofi.id, esi.id]);
    expect(await names({ search: " ord-123456 " })).toEqual([kofi.id]);
    expect(await names({ search: "ORD-123" })).toEqual([kofi.id, esi.id]);
    expect(await names({ search: "  mensah" })).toEqual([ama.id, esi.id]);
    expect(await names({ search: "ama.mensah@EXAMPLE" })).toEqual([ama.id]);
    expect(await names({ search: "24 555" })).toEqual([kofi.id]);
    expect(await names({ search: "KOFI   BOATENG" })).toEqual([kofi.id]);
    expect(await names({ search: "nobody here" })).toEqual([]);
    expect(await names({ search: "100%" })).toEqual([]);
    expect(await names({ status: "shipped" })).toEqual([kofi.id, esi.id]);
    expect(await names({ status: "shipped", payment: "pending" })).toEqual([esi.id]);
    expect(await names({ payment: "paid", search: "mensah" })).toEqual([]);
    expect(await names(parseAdminOrderFilters(new URLSearchParams("q=Mensah&status=processing&payment=bogus")))).toEqual([ama.id]);

    const short = await listAdminOrders(database.db, { search: "ab" });
    expect(short).toMatchObject({ searchTooShort: true, items: [], total: 0 });
    expect(short.items[0]).toBeUndefined();
  });

  it("pages in the database with a total, and stops counting at 10,000", async () => {
    for (let i = 1; i <= 25; i++) await createOrder(database.db, { createdAt: at(`2026-04-${String(i).padStart(2, "0")}T09:00:00Z`) });
    const first = await listAdminOrders(database.db, { pageSize: 10 });
    expect([first.total, first.pageCount, first.items.length, first.totalIsCapped]).toEqual([25, 3, 10, false]);
    expect(first.items[0]!.createdAt).toBe("2026-04-25T09:00:00.000Z");
    const third = await listAdminOrders(database.db, { pageSize: 10, page: 3 });
    expect([third.page, third.items.length, third.items.at(-1)!.createdAt]).toEqual([3, 5, "2026-04-01T09:00:00.000Z"]);
    expect((await listAdminOrders(database.db, { pageSize: 10, page: 50 })).page).toBe(3);

    await database.db.execute(sql`
      insert into orders (order_number, customer_name, customer_email, customer_phone, customer_address, subtotal_amount, total_amount, created_at)
      select 'ORD-' || lpad(g::text, 6, '0'), 'Bulk Buyer ' || g, 'bulk' || g || '@example.com', '+233 20 000 0000', 'Accra', 1000, 1000,
             timestamptz '2025-01-01' + g * interval '1 minute'
      from generate_series(1, 10050) g`);
    const many = await listAdminOrders(database.db, { pageSize: 20, page: 9999 });
    expect([many.total, many.totalIsCapped, many.pageCount, many.page]).toEqual([10_000, true, 500, 500]);
    expect((await orderSummary(database.db)).totalOrders).toBe(10_075);
  });

  it("shows an order's details: customer, items with line totals, and history with who changed what", async () => {
    const order = await createOrder(database.db, {
      customerName: "Yaw Darko",
      customerAddress: "4 Oxford Street, Osu",
      notes: "Please call before delivery",
      items: [
        { name: "Royal Kente Kaftan", unitPrice: 29_999, quantity: 3, size: "L", color: "Royal Gold" },
        { name: "Linen Trousers", unitPrice: 12_000, quantity: 1, size: "M", color: null },
      ],
    });
    await changePaymentStatus(database.db, order.id, "paid", { changedBy: "Kwame (admin)" });
    const details = await getAdminOrderDetails(database.db, order.id);
    expect(details).toMatchObject({
      orderNumber: order.orderNumber,
      customerName: "Yaw Darko",
      customerAddress: "4 Oxford Street, Osu",
      notes: "Please call before delivery",
      totalAmount: 3 * 29_999 + 12_000,
      paymentStatus: "paid",
      items: [
        { name: "Royal Kente Kaftan", size: "L", color: "Royal Gold", quantity: 3, unitPrice: 29_999, lineTotal: 89_997 },
        { name: "Linen Trousers", size: "M", color: null, quantity: 1, unitPrice: 12_000, lineTotal: 12_000 },
      ],
      history: [
        { status: "processing", paymentStatus: "paid", notes: "Payment received", changedBy: "Kwame (admin)" },
        { status: "processing", paymentStatus: "pending", notes: "Order placed", changedBy: "guest" },
      ],
    });
    expect(details).not.toHaveProperty("idempotencyKey");
    await expect(getAdminOrderDetails(database.db, crypto.randomUUID())).rejects.toBeInstanceOf(OrderNotFoundError);
    await expect(getAdminOrderDetails(database.db, "not-a-uuid")).rejects.toBeInstanceOf(OrderNotFoundError);
  });

  it("changes the payment status with history and who, once, and emails the customer only when notifications are on", async () => {
    const order = await createOrder(database.db, { customerName: "Akua Owusu", customerEmail: "akua@example.com", totalAmount: 39_999 });
    expect(await changePaymentStatus(database.db, order.id, "paid", { changedBy: "Kwame (admin)" })).toEqual({ changed: true });
    expect(await changePaymentStatus(database.db, order.id, "paid", { changedBy: "Kwame (admin)", notifyCustomer: true })).toEqual({
      changed: false,
    });
    expect(await database.db.select().from(emailOutbox)).toHaveLength(0);

    await changePaymentStatus(database.db, order.id, "failed", { changedBy: "Efua (admin)", notifyCustomer: true, ...sender });
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect([row!.paymentStatus, row!.orderStatus]).toEqual(["failed", "processing"]);
    expect((await historyOf(order.id)).map((h) => [h.paymentStatus, h.changedBy])).toEqual([
      ["pending", "guest"],
      ["paid", "Kwame (admin)"],
      ["failed", "Efua (admin)"],
    ]);
    const mails = await database.db.select().from(emailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      toAddress: "akua@example.com",
      subject: `Ahenfie: Payment problem with order ${order.orderNumber}`,
      kind: "payment-status",
    });
    expect(mails[0]!.text).toContain(`The payment of GHS 399.99 for order ${order.orderNumber} did not go through.`);
    expect(mails[0]!.text).toContain(`https://shop.example/order-confirmation/${order.id}`);
    // The customer's own timeline shows the change.
    expect((await getOrderDetails(database.db, order.id))!.history[0]!.notes).toBe("Payment failed");
    await expect(changePaymentStatus(database.db, crypto.randomUUID(), "paid", { changedBy: "x" })).rejects.toBeInstanceOf(
      OrderNotFoundError,
    );
  });

  it("returns the stock once when an order is cancelled from the list, and emails the customer once", async () => {
    const product = await createProduct(database.db, { name: "Osu Linen Kaftan", stock: 6, categoryId });
    const placed = await placeRealOrder(product.id, 4);
    await database.db.delete(emailOutbox); // the confirmation
    expect(await stockOf(product.id)).toBe(2);

    const results = await Promise.all(
      [1, 2, 3].map(() =>
        changeOrderStatusAsAdmin(database.db, placed.id, "cancelled", { changedBy: "Kwame (admin)", notifyCustomer: true, ...sender }),
      ),
    );
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(6);
    const mails = await database.db.select().from(emailOutbox);
    expect(mails.map((m) => [m.toAddress, m.subject, m.kind])).toEqual([
      ["ama@example.com", `Ahenfie: Order ${placed.orderNumber} has been cancelled`, "order-status"],
    ]);
    expect(mails[0]!.text).toContain(`Order ${placed.orderNumber} has been cancelled.`);

    // Notifications off: the status changes (stock taken again), no email.
    await changeOrderStatusAsAdmin(database.db, placed.id, "confirmed", { changedBy: "Kwame (admin)", notifyCustomer: false });
    expect(await stockOf(product.id)).toBe(2);
    expect(await database.db.select().from(emailOutbox)).toHaveLength(1);
    expect((await historyOf(placed.id)).map((h) => [h.status, h.changedBy])).toEqual([
      ["processing", "guest"],
      ["cancelled", "Kwame (admin)"],
      ["confirmed", "Kwame (admin)"],
    ]);
  });

  it("exports the filtered list as CSV, escaping quotes, commas and line breaks and defusing formulas", async () => {
    await createOrder(database.db, {
      orderNumber: "ORD-000001",
      customerName: '=HYPERLINK("http://evil.example","Click")',
      customerEmail: "@evil@example.com",
      customerPhone: "+233 24 000 0000",
      customerAddress: "1 Ring Road\nAccra",
      totalAmount: 123_456,
      paymentMethod: "mobile_money",
      createdAt: at("2026-03-01T23:30:00Z"),
    });
    await createOrder(database.db, {
      orderNumber: "ORD-000002",
      customerName: 'Mensah, "Ama"\nJunior',
      customerEmail: "ama@example.com",
      customerPhone: "020 111 2222",
      customerAddress: "2 Oxford Street",
      totalAmount: 5,
      orderStatus: "delivered",
      paymentStatus: "paid",
      paymentMethod: "card",
      createdAt: at("2026-03-02T08:05:00Z"),
    });
    await createOrder(database.db, { orderNumber: "ORD-000003", orderStatus: "cancelled", createdAt: at("2026-03-03T08:00:00Z") });

    const csv = await ordersCsv(database.db, { status: "processing" }, { timeZone: "America/New_York" });
    expect(csv).toBe(
      "Order number,Date (America/New_York),Customer,Email,Phone,Status,Payment,Method,Currency,Total" +
        ",Paid,Refunded,Net,Outstanding,Items,Shipping address,Country,Region,Shipping zone,Delivery estimate,Carrier,Tracking number,Customer notes,Staff notes,Messages to customer,Discount code,Discount saved\r\n" +
        `ORD-000001,2026-03-01 18:30,"'=HYPERLINK(""http://evil.example"",""Click"")",'@evil@example.com,'+233 24 000 0000,Processing,Pending,Mobile Money,GHS,1234.56,0.00,0.00,0.00,1234.56,,"1 Ring Road\nAccra",Ghana,,,,,,,,,,\r\n`,
    );
    const all = await ordersCsv(database.db, {});
    const lines = all.split("\r\n");
    expect(lines[0]).toBe(
      "Order number,Date (Africa/Accra),Customer,Email,Phone,Status,Payment,Method,Currency,Total" +
        ",Paid,Refunded,Net,Outstanding,Items,Shipping address,Country,Region,Shipping zone,Delivery estimate,Carrier,Tracking number,Customer notes,Staff notes,Messages to customer,Discount code,Discount saved",
    );
    expect(lines[1]).toMatch(
      /^ORD-000003,2026-03-03 08:00,Customer \d+,customer\d+@example.com,'\+233 20 000 \d{4},Cancelled,Pending,Pay on Delivery,GHS,100.00,0.00,0.00,0.00,0.00,,"\d+ Ring Road, Accra",Ghana,,,,,,,,,,$/,
    );
    expect(all).toContain(
      'ORD-000002,2026-03-02 08:05,"Mensah, ""Ama""\nJunior",ama@example.com,020 111 2222,Delivered,Paid,Card Payment,GHS,0.05,0.05,0.00,0.05,0.00,,2 Oxford Street,Ghana,,,,,,,,,,\r\n',
    );
    expect(await ordersCsv(database.db, { search: "zz" })).toBe(all.split("\r\n")[0] + "\r\n");
  });

  it("reads the export in batches that line up exactly, even when orders share a timestamp", async () => {
    const sameMoment = at("2026-05-01T12:00:00Z");
    for (let i = 0; i < 7; i++) await createOrder(database.db, { createdAt: i < 5 ? sameMoment : at(`2026-05-0${i}T12:00:00Z`) });
    const whole = await ordersCsv(database.db, {});
    expect(await ordersCsv(database.db, {}, { batchSize: 2 })).toBe(whole);
    expect(whole.trim().split("\r\n")).toHaveLength(8);

    const bytes = await new Response(ordersCsvStream(database.db, {}, { batchSize: 3 })).arrayBuffer();
    const streamed = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(streamed).toBe(CSV_BOM + whole);
  });
});
