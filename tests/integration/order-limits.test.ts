import { and, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/env.server";
import { ORDER_LIMITS } from "~/modules/orders/order-limits";
import { ORDER_LIMIT_MESSAGES, OrderLimitError, shopperKeys } from "~/modules/orders/order-limits.server";
import { changeOrderStatus } from "~/modules/orders/order-status.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import type { CheckoutInput } from "~/modules/orders/checkout.schema";
import { action as checkoutAction } from "~/routes/storefront/checkout";
import { orders } from "~db/schema/orders";
import { createProduct, stockOfVariant } from "../factories/catalog";
import { TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { routeAnswer, samePost } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";
import { startPaystackStandIn, type PaystackStandIn } from "../support/paystack-stand-in";

/**
 * The order limits (docs/product-rules.md §10) through the real checkout route: quantities,
 * orders per email and per client address (429 with Retry-After), and the unpaid online orders
 * one shopper may hold; concurrent placements never get past a limit.
 */
const SECRET = "sk_test_orderlimits000000000000";
const AUTH_SECRET = "test-secret-that-is-long-enough-0123456789";

let unique = 0;
const tag = () => `${Date.now().toString(36)}${++unique}`;
const newAddress = () => `10.${unique % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describeWithDatabase("order limits", (database, driver) => {
  let paystack: PaystackStandIn;
  let config: AppLoadContext["config"];
  let productId: number;

  beforeAll(async () => {
    paystack = await startPaystackStandIn({ secretKey: SECRET });
    config = loadConfig({
      NODE_ENV: "test",
      PUBLIC_URL: TEST_ORIGIN,
      LOG_LEVEL: "silent",
      PAYSTACK_SECRET_KEY: SECRET,
      PAYSTACK_PUBLIC_KEY: "pk_test_orderlimits00000000000",
      PAYSTACK_API_URL: paystack.url,
    });
    productId = (await createProduct(database.db, { name: "Osu Linen Kaftan", price: 34_999, stock: 500 })).id;
  });
  afterAll(async () => {
    await paystack?.close();
  });

  const stock = () => stockOfVariant(database.db, productId, "M");

  async function checkout(o: { email: string; address: string; method?: "pay_on_delivery" | "card"; items?: object[] }) {
    const body = new URLSearchParams({
      email: o.email,
      name: "Ama Mensah",
      phone: "+233 24 000 0000",
      address: "12 Ring Road, Accra",
      region: "GH-AA",
      paymentMethod: o.method ?? "pay_on_delivery",
      items: JSON.stringify(o.items ?? [{ productId, size: "M", quantity: 1 }]),
      idempotencyKey: `order-limits-${tag()}`,
    });
    const context = testLoadContext(database, { config, clientIp: o.address });
    const answer = await routeAnswer(checkoutAction, { request: samePost("/checkout", body.toString()), context });
    return answer as {
      status: number;
      headers: Headers;
      body: { ok: boolean; message?: string; currentLines?: unknown; orderId?: string };
    };
  }

  it("caps one line at 10 pieces and an order at 20, with a clear message, leaving the cart alone", async () => {
    const before = await stock();
    const line = await checkout({
      email: `kofi.${tag()}@example.com`,
      address: newAddress(),
      items: [{ productId, size: "M", quantity: 11 }],
    });
    expect(line.status).toBe(409);
    expect(line.body).toEqual({ ok: false, message: ORDER_LIMIT_MESSAGES.lineQuantity("Osu Linen Kaftan") });
    expect(line.body.message).toBe(
      "You can order up to 10 of Osu Linen Kaftan at a time. Please lower the quantity, or contact us for a larger order.",
    );
    const sizes = ["S", "M", "L"].map((size) => ({ productId, size, quantity: 7 }));
    const order = await checkout({ email: `kofi.${tag()}@example.com`, address: newAddress(), items: sizes });
    expect(order.status).toBe(409);
    expect(order.body.message).toBe(
      "You can order up to 20 pieces in one order. Please remove some from your cart, or contact us for a larger order.",
    );
    expect(order.body.currentLines).toBeUndefined();
    expect(await stock()).toBe(before);
    const fine = await checkout({
      email: `kofi.${tag()}@example.com`,
      address: newAddress(),
      items: [{ productId, size: "M", quantity: 10 }],
    });
    expect(fine.status).toBe(200);
  });

  it(`takes ${ORDER_LIMITS.perEmail.limit} orders an hour per email (any spelling of the inbox), then answers 429 with Retry-After`, async () => {
    const name = `efua.${tag()}`;
    const spellings = [`${name}@example.com`, `${name.toUpperCase()}@EXAMPLE.com`, `${name}+gift@example.com`];
    for (let n = 0; n < ORDER_LIMITS.perEmail.limit; n++) {
      const placed = await checkout({ email: spellings[n % spellings.length]!, address: newAddress() });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    }
    const refused = await checkout({ email: `${name}+again@example.com`, address: newAddress() });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.body.message).toBe(ORDER_LIMIT_MESSAGES.emailRate(retryAfter));
    expect(refused.body.message).toMatch(
      /^Several orders have been placed with this email address in the last hour\. Please try again in \d+ minutes, or contact us\. Your cart is kept\.$/,
    );
    // Another shopper on the same connection is not affected.
    expect((await checkout({ email: `yaw.${tag()}@example.com`, address: newAddress() })).status).toBe(200);
  });

  it(`takes ${ORDER_LIMITS.perAddress.limit} orders an hour from one client address, then 429`, async () => {
    const address = newAddress();
    for (let n = 0; n < ORDER_LIMITS.perAddress.limit; n++) {
      const placed = await checkout({ email: `shopper${n}.${tag()}@example.com`, address });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    }
    const refused = await checkout({ email: `one.more.${tag()}@example.com`, address });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(refused.body.message).toBe(ORDER_LIMIT_MESSAGES.addressRate(Number(refused.headers.get("Retry-After"))));
    // The refused email's own room was given back: it orders at once from elsewhere.
    expect((await checkout({ email: `one.more.${tag()}@example.com`, address: newAddress() })).status).toBe(200);
  });

  it("an email holds at most 2 unpaid online orders; paying or cancelling one, or its hold running out, frees the place", async () => {
    const email = `abena.${tag()}@example.com`;
    const first = await checkout({ email, address: newAddress(), method: "card" });
    const second = await checkout({ email, address: newAddress(), method: "card" });
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await checkout({ email, address: newAddress(), method: "card" });
    expect(third.status).toBe(429);
    const retryAfter = Number(third.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(25 * 60);
    expect(third.body.message).toBe(
      `There are already orders waiting for payment with this email address. Please pay for them using the link in their confirmation email, or try again in ${Math.ceil(retryAfter / 60)} minutes when their hold ends. Your cart is kept.`,
    );

    await database.db.update(orders).set({ paymentStatus: "paid", paymentDueAt: null }).where(eq(orders.id, first.body.orderId!));
    const afterPaid = await checkout({ email, address: newAddress(), method: "card" });
    expect(afterPaid.status).toBe(200);
    expect((await checkout({ email, address: newAddress(), method: "card" })).status).toBe(429);

    await changeOrderStatus(database.db, second.body.orderId!, "cancelled", "admin@example.com");
    expect((await checkout({ email, address: newAddress(), method: "card" })).status).toBe(200);
    expect((await checkout({ email, address: newAddress(), method: "card" })).status).toBe(429);

    await database.db
      .update(orders)
      .set({ paymentDueAt: sql`now() - interval '1 minute'` })
      .where(and(eq(orders.id, afterPaid.body.orderId!)));
    expect((await checkout({ email, address: newAddress(), method: "card" })).status).toBe(200);
  });

  it("one client address holds at most 6 unpaid online orders and 30 pieces, whatever the emails", async () => {
    const address = newAddress();
    for (let n = 0; n < 6; n++) {
      const placed = await checkout({ email: `kwesi${n}.${tag()}@example.com`, address, method: "card" });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    }
    const refused = await checkout({ email: `kwesi.${tag()}@example.com`, address, method: "card" });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many orders from your connection are waiting for payment\. /);

    const other = newAddress();
    const big = await checkout({
      email: `adjoa.${tag()}@example.com`,
      address: other,
      method: "card",
      items: [{ productId, size: "L", quantity: 10 }],
    });
    const big2 = await checkout({
      email: `adjoa.${tag()}@example.com`,
      address: other,
      method: "card",
      items: [{ productId, size: "S", quantity: 10 }],
    });
    expect([big.status, big2.status]).toEqual([200, 200]);
    // 20 held; 10 more is 30 (the cap), 11 more would pass it.
    const over = await checkout({
      email: `adjoa.${tag()}@example.com`,
      address: other,
      method: "card",
      items: [
        { productId, size: "M", quantity: 10 },
        { productId, size: "XL", quantity: 1 },
      ],
    });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Too many orders from your connection are waiting for payment\. /);
  });

  const input = (email: string, paymentMethod: "card" | "pay_on_delivery"): CheckoutInput => ({
    email,
    name: "Script",
    phone: "+233 24 000 0000",
    address: "1 Somewhere, Accra",
    country: "GH",
    region: "GH-AA",
    paymentMethod,
    notes: null,
    items: [{ productId, colorIndex: null, size: "M", quantity: 1, measurements: null }],
    idempotencyKey: `order-limits-concurrent-${tag()}-${Math.random()}`,
  });

  async function placeAtOnce(count: number, email: string, address: string, method: "card" | "pay_on_delivery") {
    const limits = shopperKeys(AUTH_SECRET, email, address);
    const outcomes = await Promise.allSettled(
      Array.from({ length: count }, () =>
        placeOrder(database.db, input(email, method), { userId: null, origin: TEST_ORIGIN, storeName: "Ahenfie", limits }),
      ),
    );
    const refused = outcomes.filter((o) => o.status === "rejected");
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(OrderLimitError);
    return { accepted: outcomes.length - refused.length, refused: refused.length };
  }

  it(`${driver}: 20 placements at once from one shopper never pass the limits`, async () => {
    const address = newAddress();
    const unpaid = await placeAtOnce(20, `rush.${tag()}@example.com`, address, "card");
    console.log(
      `${driver}: 20 unpaid online orders at once from one email and address → ${unpaid.accepted} accepted, ${unpaid.refused} refused`,
    );
    expect(unpaid.accepted).toBe(ORDER_LIMITS.unpaidPerEmail.orders);

    // A script changing its email every time, from one address: the address's 6 held orders.
    const shared = newAddress();
    const manyEmails = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) => {
        const email = `rush${n}.${tag()}@example.com`;
        return placeOrder(database.db, input(email, "card"), {
          userId: null,
          origin: TEST_ORIGIN,
          storeName: "Ahenfie",
          limits: shopperKeys(AUTH_SECRET, email, shared),
        });
      }),
    );
    const heldByAddress = manyEmails.filter((o) => o.status === "fulfilled").length;
    console.log(
      `${driver}: 20 unpaid online orders at once from one address, 20 emails → ${heldByAddress} accepted, ${20 - heldByAddress} refused`,
    );
    expect(heldByAddress).toBe(ORDER_LIMITS.unpaidPerAddress.orders);

    const email = `rush.${tag()}@example.com`;
    const placed = await placeAtOnce(20, email, newAddress(), "pay_on_delivery");
    console.log(`${driver}: 20 Pay on Delivery orders at once with one email → ${placed.accepted} accepted, ${placed.refused} refused`);
    expect(placed.accepted).toBe(ORDER_LIMITS.perEmail.limit);
    const stored = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.customerEmail, email));
    expect(stored).toHaveLength(ORDER_LIMITS.perEmail.limit);
  });

  describe("what the shop keeps", () => {
    it("stores keyed hashes of the shopper on the order, never the client address", async () => {
      const address = "203.0.113.77";
      const placed = await checkout({ email: `esi.${tag()}@example.com`, address });
      const [row] = await database.db.select().from(orders).where(eq(orders.id, placed.body.orderId!));
      expect(row!.clientKey).toMatch(/^[\w-]{32}$/);
      expect(JSON.stringify(row)).not.toContain(address);
    });
  });
});
