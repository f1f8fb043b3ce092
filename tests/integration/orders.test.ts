import crypto from "node:crypto";
import { count, eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { placeOrder } from "~/modules/orders/place-order.server";
import { changeOrderStatus } from "~/modules/orders/order-status.server";
import { findOrderForTracking } from "~/modules/orders/order-details.server";
import { OrderRefusedError } from "~/modules/orders/order-errors";
import { checkoutSchema, type CheckoutInput } from "~/modules/orders/checkout.schema";
import { orderItems, orders, orderStatusHistory } from "~db/schema/orders";
import { emailOutbox } from "~db/schema/store";
import { createCategory, createProduct, stockOfVariant, totalStockOf, variantOf } from "../factories/catalog";
import { describeWithDatabase } from "../setup/test-database";

const context = { userId: null, origin: "https://shop.example", storeName: "Ahenfie" };

function checkout(items: CheckoutInput["items"], overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  return checkoutSchema.parse({
    email: "ama@example.com",
    name: "Ama Mensah",
    phone: "+233 24 000 0000",
    address: "12 Ring Road, Accra",
    region: "GH-AA",
    items,
    idempotencyKey: crypto.randomUUID(),
    ...overrides,
  });
}

describeWithDatabase("placing orders", (database) => {
  let categoryId: number;

  beforeAll(async () => {
    categoryId = (await createCategory(database.db, "kaftans")).id;
  });
  beforeEach(async () => {
    await database.db.delete(orders);
    await database.db.delete(emailOutbox);
  });

  /** Units left of a product without colours in one size. */
  const stockOf = (id: number, size: string) => stockOfVariant(database.db, id, size);
  const countOf = async (table: typeof orders | typeof emailOutbox) => Number((await database.db.select({ n: count() }).from(table))[0]!.n);

  it("totals in pesewas from database prices: 3 × ₵299.99 = ₵899.97, free shipping at ₵500", async () => {
    const kaftan = await createProduct(database.db, { name: "Royal Kente Kaftan", price: 29_999, categoryId, stock: 10 });
    const placed = await placeOrder(database.db, checkout([{ productId: kaftan.id, colorIndex: null, size: "M", quantity: 3 }]), context);
    expect(placed.created).toBe(true);
    expect(placed.orderNumber).toMatch(/^ORD-\d{6}$/);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order).toMatchObject({
      subtotalAmount: 89_997,
      shippingAmount: 0,
      totalAmount: 89_997,
      currency: "GHS",
      orderStatus: "processing",
      paymentStatus: "pending",
    });
    // Stock is taken from the size bought; the other sizes keep theirs.
    expect(await stockOf(kaftan.id, "M")).toBe(7);
    expect(await stockOf(kaftan.id, "L")).toBe(10);
    const [item] = await database.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    expect(item).toMatchObject({
      name: "Royal Kente Kaftan",
      unitPrice: 29_999,
      quantity: 3,
      size: "M",
      variantId: (await variantOf(database.db, kaftan.id, "M")).id,
    });
    const history = await database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, placed.id));
    expect(history.map((h) => [h.status, h.changedBy])).toEqual([["processing", "guest"]]);
  });

  it("charges the zone's fee below ₵500 and nothing at exactly ₵500 (Greater Accra ₵30, Ashanti ₵50)", async () => {
    const shirt = await createProduct(database.db, { price: 18_999, categoryId });
    const exact = await createProduct(database.db, { price: 50_000, categoryId });
    const below = await placeOrder(database.db, checkout([{ productId: shirt.id, colorIndex: null, size: "M", quantity: 1 }]), context);
    expect(below.totalAmount).toBe(18_999 + 3_000);
    const at = await placeOrder(database.db, checkout([{ productId: exact.id, colorIndex: null, size: "M", quantity: 1 }]), context);
    expect(at.totalAmount).toBe(50_000);
    const kumasi = await placeOrder(
      database.db,
      checkout([{ productId: shirt.id, colorIndex: null, size: "M", quantity: 1 }], { region: "GH-AH" }),
      context,
    );
    expect(kumasi.totalAmount).toBe(18_999 + 5_000);
  });

  it("never charges a price sent by the browser: a different one is refused and nothing is written", async () => {
    const suit = await createProduct(database.db, { name: "Navy Suit", price: 79_999, categoryId, stock: 4 });
    const attempt = placeOrder(
      database.db,
      checkout([{ productId: suit.id, colorIndex: null, size: "L", quantity: 1, seenPrice: 100 }]),
      context,
    );
    await expect(attempt).rejects.toThrow("The price of Navy Suit has changed to ₵799.99");
    expect(await countOf(orders)).toBe(0);
    expect(await countOf(emailOutbox)).toBe(0);
    expect(await stockOf(suit.id, "L")).toBe(4);
    // With the right price, or none, the order is placed at the database's price.
    const placed = await placeOrder(
      database.db,
      checkout([{ productId: suit.id, colorIndex: null, size: "L", quantity: 1, seenPrice: 79_999 }]),
      context,
    );
    expect(placed.totalAmount).toBe(79_999);
  });

  it("refuses inactive and out-of-stock items by name, writing nothing", async () => {
    const hidden = await createProduct(database.db, { name: "Retired Smock", isActive: false, categoryId });
    const scarce = await createProduct(database.db, { name: "Last Agbada", stock: 1, categoryId });
    const fine = await createProduct(database.db, { name: "Linen Kaftan", stock: 5, categoryId });
    await expect(
      placeOrder(database.db, checkout([{ productId: hidden.id, colorIndex: null, size: "M", quantity: 1 }]), context),
    ).rejects.toThrow("Retired Smock is no longer available");
    const both = placeOrder(
      database.db,
      checkout([
        { productId: fine.id, colorIndex: null, size: "M", quantity: 2 },
        { productId: scarce.id, colorIndex: null, size: "M", quantity: 2 },
      ]),
      context,
    );
    // The refusal names the size that is short.
    await expect(both).rejects.toThrow("Only 1 of Last Agbada (M) left in stock");
    await expect(both).rejects.toBeInstanceOf(OrderRefusedError);
    expect(await stockOf(fine.id, "M")).toBe(5);
    expect(await stockOf(scarce.id, "M")).toBe(1);
    expect(await countOf(orders)).toBe(0);
    expect(await countOf(emailOutbox)).toBe(0);
  });

  it("sells exactly the stock when 50 shoppers buy the last 5 at once", async () => {
    const product = await createProduct(database.db, { name: "Limited Kente Stole", sizes: ["M"], stock: 5, categoryId });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        placeOrder(database.db, checkout([{ productId: product.id, colorIndex: null, size: "M", quantity: 1 }]), context),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refusals).toHaveLength(45);
    expect(refusals.every((r) => r.reason instanceof OrderRefusedError && r.reason.reason === "out-of-stock")).toBe(true);
    expect(await totalStockOf(database.db, product.id)).toBe(0);
    expect(await countOf(orders)).toBe(5);
    expect(await countOf(emailOutbox)).toBe(5);
  });

  it("creates one order for the same submission sent twice, even at the same moment", async () => {
    const product = await createProduct(database.db, { stock: 10, categoryId });
    const input = checkout([{ productId: product.id, colorIndex: null, size: "M", quantity: 2 }]);
    const [a, b] = await Promise.all([placeOrder(database.db, input, context), placeOrder(database.db, input, context)]);
    const again = await placeOrder(database.db, input, context);
    expect(new Set([a.id, b.id, again.id]).size).toBe(1);
    expect([a.created, b.created].filter(Boolean)).toHaveLength(1);
    expect(again.created).toBe(false);
    expect(await countOf(orders)).toBe(1);
    expect(await stockOf(product.id, "M")).toBe(8);
    expect(await countOf(emailOutbox)).toBe(1);
  });

  it("gives concurrent orders unique order numbers", async () => {
    const product = await createProduct(database.db, { stock: 100, categoryId });
    const placed = await Promise.all(
      Array.from({ length: 25 }, () =>
        placeOrder(database.db, checkout([{ productId: product.id, colorIndex: null, size: "M", quantity: 1 }]), context),
      ),
    );
    expect(new Set(placed.map((p) => p.orderNumber)).size).toBe(25);
  });

  it("queues the confirmation email with the order number, items, total, payment method and link", async () => {
    const product = await createProduct(database.db, {
      name: "Osu Linen Kaftan",
      price: 34_999,
      stock: 3,
      categoryId,
      colors: [{ name: "Sand", hex: "#e8dcc4" }],
    });
    const placed = await placeOrder(
      database.db,
      checkout([{ productId: product.id, colorIndex: 0, size: "L", quantity: 1 }], { paymentMethod: "mobile_money" }),
      { ...context, userId: "user-123" },
    );
    const [mail] = await database.db.select().from(emailOutbox);
    expect(mail!.toAddress).toBe("ama@example.com");
    expect(mail!.subject).toBe(`Your Ahenfie order ${placed.orderNumber}`);
    expect(mail!.text).toContain("Osu Linen Kaftan (Sand · Size L · 1 × ₵349.99): ₵349.99");
    expect(mail!.text).toContain("Shipping: ₵30.00");
    expect(mail!.text).toContain("Total: GHS 379.99");
    expect(mail!.text).toContain("Delivery to Greater Accra, Ghana (Greater Accra zone): 1–2 working days from dispatch.");
    // The HTML lists the same line in its items table, with the total in bold.
    expect(mail!.html).toContain('<strong style="color:#1e1b18">Osu Linen Kaftan</strong>');
    expect(mail!.html).toMatch(/font-weight:bold[^>]*>Total<\/td><td[^>]*>GHS 379\.99</);
    expect(mail!.text).toContain("Payment method: Mobile Money.");
    expect(mail!.text).toContain(`https://shop.example/order-confirmation/${placed.id}`);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order!.userId).toBe("user-123");
  });

  it("returns the stock once when an order is cancelled, however often it is asked", async () => {
    const product = await createProduct(database.db, { stock: 6, categoryId });
    const placed = await placeOrder(database.db, checkout([{ productId: product.id, colorIndex: null, size: "M", quantity: 4 }]), context);
    expect(await stockOf(product.id, "M")).toBe(2);
    const results = await Promise.all([1, 2, 3].map(() => changeOrderStatus(database.db, placed.id, "cancelled", "admin@example.com")));
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    await changeOrderStatus(database.db, placed.id, "cancelled", "admin@example.com");
    expect(await stockOf(product.id, "M")).toBe(6);
    const history = await database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, placed.id));
    expect(history.map((h) => [h.status, h.changedBy, h.isInitial]).sort()).toEqual([
      ["cancelled", "admin@example.com", false],
      // The placement is marked, so the dashboard's Recent Activity can skip placements by index.
      ["processing", "guest", true],
    ]);
  });

  it("finds an order for tracking only when number and email both match, trimmed and case-insensitive", async () => {
    const product = await createProduct(database.db, { stock: 3, categoryId });
    const placed = await placeOrder(
      database.db,
      checkout([{ productId: product.id, colorIndex: null, size: "M", quantity: 1 }], { email: "Yaw.Darko@Example.com" }),
      context,
    );
    const found = await findOrderForTracking(database.db, ` ${placed.orderNumber.toLowerCase()} `, " yaw.darko@example.COM ");
    expect(found?.orderNumber).toBe(placed.orderNumber);
    expect(found?.history.map((h) => h.status)).toEqual(["processing"]);
    expect(await findOrderForTracking(database.db, placed.orderNumber, "someone.else@example.com")).toBeNull();
    expect(await findOrderForTracking(database.db, "ORD-000000", "yaw.darko@example.com")).toBeNull();
  });

  it("validates the checkout form with docs/product-rules.md's rules", () => {
    const result = checkoutSchema.safeParse({ email: "", name: " ", phone: "", address: "", items: [], idempotencyKey: "k".repeat(20) });
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "Email is required",
        "Full name is required",
        "Phone is required",
        "Delivery address is required",
        "Cart is empty",
      ]),
    );
    expect(checkout([{ productId: 1, colorIndex: null, size: null, quantity: 1 }]).paymentMethod).toBe("pay_on_delivery");
  });
});
