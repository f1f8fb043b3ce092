import crypto from "node:crypto";
import { count, eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { checkoutSchema, CHOOSE_COUNTRY, CHOOSE_REGION, type CheckoutInput } from "~/modules/orders/checkout.schema";
import { placeOrder } from "~/modules/orders/place-order.server";
import { getOrderDetails } from "~/modules/orders/order-details.server";
import { getAdminOrderDetails } from "~/modules/orders/order-list.server";
import { listShippingZones } from "~/modules/shipping/shipping-zones.server";
import { announceStorefrontChange } from "~/modules/storefront/storefront-changes.server";
import { action as checkoutAction } from "~/routes/storefront/checkout";
import { orders } from "~db/schema/orders";
import { shippingZones } from "~db/schema/shipping";
import { emailOutbox } from "~db/schema/store";
import { createCategory, createProduct, stockOfVariant } from "../factories/catalog";
import { sampleZones } from "../factories/shipping-zones";
import { testLoadContext } from "../setup/load-context";
import { routeAnswer, samePost } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";

const context = { userId: null, origin: "https://shop.example", storeName: "Ahenfie" };

describeWithDatabase("orders priced by shipping zone", (database) => {
  let productId: number;

  beforeAll(async () => {
    const categoryId = (await createCategory(database.db, "zone-kaftans")).id;
    productId = (await createProduct(database.db, { name: "Osu Linen Kaftan", price: 12_000, categoryId, stock: 500 })).id;
  });
  beforeEach(async () => {
    await database.db.delete(orders);
    await database.db.delete(emailOutbox);
  });

  const input = (destination: Record<string, unknown>, quantity = 1): CheckoutInput =>
    checkoutSchema.parse({
      email: "ama@example.com",
      name: "Ama Mensah",
      phone: "+233 24 000 0000",
      address: "12 Ring Road",
      items: [{ productId, colorIndex: null, size: "M", quantity }],
      idempotencyKey: crypto.randomUUID(),
      ...destination,
    });
  const stored = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const orderCount = async () => Number((await database.db.select({ n: count() }).from(orders))[0]!.n);
  /** Units left in M, the size every order here buys. */
  const stock = () => stockOfVariant(database.db, productId, "M");
  const editZone = async (name: string, values: Partial<typeof shippingZones.$inferInsert>) => {
    await database.db.update(shippingZones).set(values).where(eq(shippingZones.name, name));
    await announceStorefrontChange(database.db);
  };

  it("starts every shop with the sample zones of docs/shipping.md", async () => {
    const zones = await listShippingZones(database.db);
    expect(zones.map(({ id: _id, ...zone }) => zone)).toEqual(sampleZones.map(({ id: _id, ...zone }) => zone));
  });

  it("stores each sample zone's fee, name and estimate on the order, with the Ghana region", async () => {
    const cases = [
      { destination: { country: "GH", region: "GH-AA" }, shipping: 3_000, zone: "Greater Accra", estimate: "1–2 working days" },
      { destination: { country: "GH", region: "GH-AH" }, shipping: 5_000, zone: "Rest of Ghana", estimate: "2–4 working days" },
      { destination: { country: "NG", paymentMethod: "card" }, shipping: 25_000, zone: "West Africa", estimate: "5–8 working days" },
      { destination: { country: "GB", paymentMethod: "card" }, shipping: 60_000, zone: "Rest of the world", estimate: "6–10 working days" },
    ];
    for (const c of cases) {
      const placed = await placeOrder(database.db, input(c.destination), context);
      expect(placed.totalAmount, c.zone).toBe(12_000 + c.shipping);
      expect(await stored(placed.id), c.zone).toMatchObject({
        customerCountry: c.destination.country,
        customerRegion: "region" in c.destination ? c.destination.region : null,
        subtotalAmount: 12_000,
        shippingAmount: c.shipping,
        totalAmount: 12_000 + c.shipping,
        shippingZone: c.zone,
        deliveryEstimate: c.estimate,
      });
    }
    // The confirmation and tracking pages and the admin's details read them back.
    const london = (await database.db.select({ id: orders.id }).from(orders).where(eq(orders.customerCountry, "GB")))[0]!.id;
    const kumasi = (await database.db.select({ id: orders.id }).from(orders).where(eq(orders.customerRegion, "GH-AH")))[0]!.id;
    expect(await getOrderDetails(database.db, london)).toMatchObject({
      customerCountry: "GB",
      customerRegion: null,
      shippingZone: "Rest of the world",
      deliveryEstimate: "6–10 working days",
    });
    expect(await getAdminOrderDetails(database.db, kumasi)).toMatchObject({
      customerRegion: "GH-AH",
      shippingZone: "Rest of Ghana",
      deliveryEstimate: "2–4 working days",
      shippingAmount: 5_000,
    });
    // Free from the zone's threshold: 5 × ₵120 = ₵600 ships free in Greater Accra, not to London.
    const free = await placeOrder(database.db, input({ country: "GH", region: "GH-AA" }, 5), context);
    expect((await stored(free.id)).shippingAmount).toBe(0);
    const abroad = await placeOrder(database.db, input({ country: "GB", paymentMethod: "card" }, 5), context);
    expect((await stored(abroad.id)).shippingAmount).toBe(60_000);
  });

  it("never charges a fee sent by the browser: a different one is refused, naming the current fee, and nothing is written", async () => {
    const before = await stock();
    const forged = placeOrder(database.db, input({ country: "GB", paymentMethod: "card", seenShipping: 0 }), context);
    await expect(forged).rejects.toThrow(
      "Shipping to United Kingdom is now ₵600.00. Please review your order total, then place your order.",
    );
    expect(await orderCount()).toBe(0);
    expect(await stock()).toBe(before);
    expect(Number((await database.db.select({ n: count() }).from(emailOutbox))[0]!.n)).toBe(0);
    // The fee it would charge, shown and posted, goes through at the server's figure.
    const placed = await placeOrder(database.db, input({ country: "GB", paymentMethod: "card", seenShipping: 60_000 }), context);
    expect((await stored(placed.id)).shippingAmount).toBe(60_000);
  });

  it("the checkout route answers a forged fee with 409, the message and the current zones, so the summary updates", async () => {
    const form = new URLSearchParams({
      email: "kojo@example.com",
      name: "Kojo Asante",
      phone: "+233 24 111 1111",
      address: "7 Cantonments Road",
      country: "GH",
      region: "GH-AA",
      seenShipping: "1",
      paymentMethod: "pay_on_delivery",
      items: JSON.stringify([{ productId, colorIndex: null, size: "M", quantity: 1 }]),
      idempotencyKey: crypto.randomUUID(),
    });
    const answer = await routeAnswer(checkoutAction, {
      request: samePost("/checkout", form.toString()),
      context: testLoadContext(database),
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      ok: false,
      message: "Shipping to Greater Accra, Ghana is now ₵30.00. Please review your order total, then place your order.",
      zones: expect.arrayContaining([expect.objectContaining({ name: "Greater Accra", fee: 3_000 })]) as unknown,
    });
    expect(await orderCount()).toBe(0);
  });

  it("refuses Pay on Delivery outside the zones that offer it, naming the destination", async () => {
    for (const [country, name] of [
      ["GB", "United Kingdom"],
      ["NG", "Nigeria"],
    ]) {
      await expect(placeOrder(database.db, input({ country, paymentMethod: "pay_on_delivery" }), context)).rejects.toThrow(
        `Pay on Delivery is not available for orders to ${name}. Please pay online by card or mobile money.`,
      );
    }
    expect(await orderCount()).toBe(0);
    // Staff can offer it abroad: the zone decides.
    await editZone("West Africa", { payOnDelivery: true });
    try {
      const placed = await placeOrder(database.db, input({ country: "NG", paymentMethod: "pay_on_delivery" }), context);
      expect((await stored(placed.id)).paymentMethod).toBe("pay_on_delivery");
    } finally {
      await editZone("West Africa", { payOnDelivery: false });
    }
  });

  it("refuses a Ghanaian address without a real region, and an unknown country, with field messages", async () => {
    const issues = (destination: Record<string, unknown>) => {
      const result = checkoutSchema.safeParse({
        email: "ama@example.com",
        name: "Ama Mensah",
        phone: "+233 24 000 0000",
        address: "12 Ring Road",
        items: [{ productId, colorIndex: null, size: "M", quantity: 1 }],
        idempotencyKey: crypto.randomUUID(),
        ...destination,
      });
      return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
    };
    expect(issues({ country: "GH" })).toEqual({ region: CHOOSE_REGION });
    expect(issues({ country: "GH", region: "GH-XX" })).toEqual({ region: CHOOSE_REGION });
    expect(issues({})).toEqual({ region: CHOOSE_REGION });
    expect(issues({ country: "ZZ" })).toEqual({ country: CHOOSE_COUNTRY });
    expect(issues({ country: "GB" })).toEqual({});
    // A region posted with a foreign country is dropped, not stored.
    expect(input({ country: "GB", region: "GH-AA", paymentMethod: "card" }).region).toBeNull();

    const form = (destination: Record<string, string>) =>
      new URLSearchParams({
        email: "kojo@example.com",
        name: "Kojo Asante",
        phone: "+233 24 111 1111",
        address: "7 Cantonments Road",
        paymentMethod: "pay_on_delivery",
        items: JSON.stringify([{ productId, colorIndex: null, size: "M", quantity: 1 }]),
        idempotencyKey: crypto.randomUUID(),
        ...destination,
      }).toString();
    const post = (destination: Record<string, string>) =>
      routeAnswer(checkoutAction, { request: samePost("/checkout", form(destination)), context: testLoadContext(database) });
    const noRegion = await post({ country: "GH" });
    expect(noRegion.status).toBe(400);
    expect(noRegion.body).toMatchObject({ ok: false, fieldErrors: { region: CHOOSE_REGION } });
    const unknown = await post({ country: "XX" });
    expect(unknown.body).toMatchObject({ ok: false, fieldErrors: { country: CHOOSE_COUNTRY } });
    expect(await orderCount()).toBe(0);
  });

  it("editing a zone changes new orders only: placed orders keep their fee, zone and estimate", async () => {
    const before = await placeOrder(database.db, input({ country: "GH", region: "GH-AH", seenShipping: 5_000 }), context);
    await editZone("Rest of Ghana", { name: "Ghana regions", fee: 9_000, deliveryMinDays: 3, deliveryMaxDays: 5 });
    try {
      expect(await stored(before.id)).toMatchObject({
        shippingAmount: 5_000,
        shippingZone: "Rest of Ghana",
        deliveryEstimate: "2–4 working days",
      });
      // A checkout still showing the old fee is refused with the new one; then it goes through.
      await expect(placeOrder(database.db, input({ country: "GH", region: "GH-AH", seenShipping: 5_000 }), context)).rejects.toThrow(
        "Shipping to Ashanti, Ghana is now ₵90.00.",
      );
      const after = await placeOrder(database.db, input({ country: "GH", region: "GH-AH", seenShipping: 9_000 }), context);
      expect(await stored(after.id)).toMatchObject({
        shippingAmount: 9_000,
        shippingZone: "Ghana regions",
        deliveryEstimate: "3–5 working days",
      });
    } finally {
      await editZone("Ghana regions", { name: "Rest of Ghana", fee: 5_000, deliveryMinDays: 2, deliveryMaxDays: 4 });
    }
  });

  it("one idempotency key is still one order, abroad as at home", async () => {
    const same = input({ country: "GB", paymentMethod: "card", seenShipping: 60_000 });
    const [a, b] = await Promise.all([placeOrder(database.db, same, context), placeOrder(database.db, same, context)]);
    const again = await placeOrder(database.db, same, context);
    expect(new Set([a.id, b.id, again.id]).size).toBe(1);
    expect([a.created, b.created, again.created].filter(Boolean)).toHaveLength(1);
    expect(await orderCount()).toBe(1);
    expect((await stored(a.id)).shippingAmount).toBe(60_000);
  });
});
