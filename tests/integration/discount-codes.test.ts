import crypto from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { products } from "~db/schema/catalog";
import { discountCodes, discountCodeUses } from "~db/schema/discounts";
import type { Measurements } from "~/modules/measurements/measurements";
import { orders } from "~db/schema/orders";
import { emailOutbox, rateLimits } from "~db/schema/store";
import { ordersCsv } from "~/modules/orders/orders-csv.server";
import { checkoutSchema, type CheckoutInput } from "~/modules/orders/checkout.schema";
import { placeOrder, type PlaceOrderContext } from "~/modules/orders/place-order.server";
import { changeOrderStatus } from "~/modules/orders/order-status.server";
import { OrderRefusedError } from "~/modules/orders/order-errors";
import { discountCodeFormSchema } from "~/modules/discounts/discount-code.schema";
import {
  createDiscountCode,
  deleteDiscountCode,
  DiscountCodeError,
  listDiscountCodes,
  setDiscountCodePaused,
  updateDiscountCode,
} from "~/modules/discounts/discount-admin.server";
import { action as previewAction } from "~/routes/api/discount-code";
import { action as checkoutAction } from "~/routes/storefront/checkout";
import { createCategory, createProduct, stockOfVariant } from "../factories/catalog";
import { createUser } from "../factories/users";
import { signedInAs, testLoadContext } from "../setup/load-context";
import { routeAnswer, samePost } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";

/**
 * Discount codes (issue 47, docs/decisions/044, docs/product-rules.md §14): each kind and limit
 * checked by the server when the order is placed, the use counted in the order's transaction
 * (30 shoppers at once on a code of 5 uses → 5 orders), given back once when an unpaid order is
 * cancelled, a forged discount ignored, and the preview rate-limited and discreet.
 */
const measured: Measurements = {
  unit: "cm",
  values: {
    chest: 102,
    waist: 88,
    hips: 100,
    shoulder: 46,
    sleeve: 64,
    topLength: 78,
    trouserLength: 104,
    inseam: 80,
    neck: 40,
    height: 178,
  },
};
const guest: PlaceOrderContext = { userId: null, origin: "https://shop.example", storeName: "Ahenfie" };
let unique = 0;
const tag = () => `${Date.now().toString(36)}${++unique}`;

// On PostgreSQL the 30 orders run on 30 pooled connections at once: the code's row lock does the counting.
describeWithDatabase("discount codes", (database) => {
  let kaftans: number;
  let suits: number;
  let kaftan: { id: number };
  let suit: { id: number };
  let saleKaftan: { id: number };

  beforeAll(async () => {
    kaftans = (await createCategory(database.db, "dc-kaftans", "Kaftans")).id;
    suits = (await createCategory(database.db, "dc-suits", "Suits")).id;
    kaftan = await createProduct(database.db, { name: "Osu Linen Kaftan", price: 33_333, categoryId: kaftans, stock: 500 });
    suit = await createProduct(database.db, { name: "Accra Executive Suit", price: 80_000, categoryId: suits, stock: 500 });
    saleKaftan = await createProduct(database.db, {
      name: "Labadi Sale Kaftan",
      price: 20_000,
      originalPrice: 25_000,
      categoryId: kaftans,
      stock: 500,
    });
  });
  beforeEach(async () => {
    await database.db.delete(orders);
    await database.db.delete(discountCodes);
    await database.db.delete(rateLimits);
    await database.db.delete(emailOutbox);
  });

  /** A code written straight to the table (times to the second), upper-case as the shop keeps it. */
  async function code(values: Partial<typeof discountCodes.$inferInsert> & { code: string }) {
    const [row] = await database.db
      .insert(discountCodes)
      .values({ kind: "percentage", value: 10, ...values, code: values.code.toUpperCase() })
      .returning();
    return row!;
  }

  function checkout(items: { productId: number; quantity?: number }[], overrides: Partial<CheckoutInput> = {}): CheckoutInput {
    return checkoutSchema.parse({
      email: "ama@example.com",
      name: "Ama Mensah",
      phone: "+233 24 000 0000",
      address: "12 Ring Road, Accra",
      region: "GH-AA",
      items: items.map((i) => ({ productId: i.productId, colorIndex: null, size: "M", quantity: i.quantity ?? 1 })),
      idempotencyKey: crypto.randomUUID(),
      ...overrides,
    });
  }

  const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const liveUses = async (codeId: number) =>
    Number(
      (
        await database.db
          .select({ n: count() })
          .from(discountCodeUses)
          .where(and(eq(discountCodeUses.codeId, codeId), isNull(discountCodeUses.returnedAt)))
      )[0]!.n,
    );
  async function refusal(promise: Promise<unknown>): Promise<string> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OrderRefusedError);
    expect((error as OrderRefusedError).reason).toBe("discount");
    return (error as Error).message;
  }

  it("takes a percentage off the pieces, rounded once to the pesewa, and the order keeps the code as it was", async () => {
    const welcome = await code({ code: "welcome15", value: 15 });
    // 1 × ₵333.33 at 15 % = ₵49.9995 → ₵50.00; ₵283.33 ships for ₵30.00 in Greater Accra.
    const placed = await placeOrder(database.db, checkout([{ productId: kaftan.id }], { discountCode: " Welcome15 " }), guest);
    expect(await orderRow(placed.id)).toMatchObject({
      subtotalAmount: 33_333,
      discountAmount: 5_000,
      shippingAmount: 3_000,
      totalAmount: 31_333,
      discountCodeId: welcome.id,
      discountCode: "WELCOME15",
      discountCodeKind: "percentage",
      discountCodeValue: 15,
      discountCodeSaving: 5_000,
    });
    expect(await liveUses(welcome.id)).toBe(1);
    // The confirmation email and the orders CSV name it.
    const [email] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "order-confirmation"));
    expect(email!.text).toContain("Discount (WELCOME15)");
    expect(email!.text).toContain("−₵50.00");
    expect(await ordersCsv(database.db, {})).toMatch(/,WELCOME15,50\.00\r\n$/);
    // Staff change the code later: the order still reads 15 %, WELCOME15.
    await updateDiscountCode(
      database.db,
      welcome.id,
      discountCodeFormSchema.parse({ code: "WELCOME20", kind: "percentage", percent: "20" }),
      "Africa/Accra",
    );
    expect(await orderRow(placed.id)).toMatchObject({ discountCode: "WELCOME15", discountCodeValue: 15, discountAmount: 5_000 });
  });

  it("takes a fixed amount, never more than the pieces, and free shipping waives the fee", async () => {
    await code({ code: "FIFTY", kind: "fixed", value: 5_000 });
    await code({ code: "HUGE", kind: "fixed", value: 10_000_000 });
    await code({ code: "SHIPFREE", kind: "free_shipping", value: 0 });
    const fifty = await orderRow(
      (await placeOrder(database.db, checkout([{ productId: kaftan.id }], { discountCode: "fifty" }), guest)).id,
    );
    expect(fifty).toMatchObject({ discountAmount: 5_000, shippingAmount: 3_000, totalAmount: 33_333 - 5_000 + 3_000 });
    const huge = await orderRow((await placeOrder(database.db, checkout([{ productId: kaftan.id }], { discountCode: "HUGE" }), guest)).id);
    expect(huge).toMatchObject({ discountAmount: 33_333, shippingAmount: 3_000, totalAmount: 3_000 });
    const ship = await orderRow(
      (await placeOrder(database.db, checkout([{ productId: kaftan.id }], { discountCode: "shipfree" }), guest)).id,
    );
    expect(ship).toMatchObject({
      discountAmount: 0,
      shippingAmount: 0,
      totalAmount: 33_333,
      discountCodeKind: "free_shipping",
      discountCodeSaving: 3_000,
    });
  });

  it("refuses below the minimum spend, before its start and from its end (a second ago), and nothing is placed", async () => {
    await code({ code: "SPEND500", minimumSubtotal: 50_000 });
    await code({ code: "SOON", startsAt: new Date(Date.now() + 86_400_000) });
    await code({ code: "GONE", endsAt: new Date(Date.now() - 1_000) });
    const before = await stockOfVariant(database.db, kaftan.id, "M");
    expect(await refusal(placeOrder(database.db, checkout([{ productId: kaftan.id }], { discountCode: "SPEND500" }), guest))).toBe(
      "Spend ₵500.00 or more to use this code",
    );
    // Not started: the same words as a code that does not exist.
    expect(await refusal(placeOrder(database.db, checkout([{ productId: kaftan.id }], { discountCode: "SOON" }), guest))).toBe(
      "We don't recognise that code",
    );
    expect(await refusal(placeOrder(database.db, checkout([{ productId: kaftan.id }], { discountCode: "GONE" }), guest))).toBe(
      "This code has ended",
    );
    expect(await refusal(placeOrder(database.db, checkout([{ productId: kaftan.id }], { discountCode: "NOSUCHCODE" }), guest))).toBe(
      "We don't recognise that code",
    );
    expect(await stockOfVariant(database.db, kaftan.id, "M")).toBe(before);
    expect(Number((await database.db.select({ n: count() }).from(orders))[0]!.n)).toBe(0);
    // Two of the same piece reach the minimum.
    const placed = await placeOrder(database.db, checkout([{ productId: kaftan.id, quantity: 2 }], { discountCode: "spend500" }), guest);
    expect((await orderRow(placed.id)).discountAmount).toBe(6_667);
  });

  it("holds a total limit, and a per-customer limit by email (any case) and by account", async () => {
    const once = await code({ code: "ONCE", usageLimit: 1 });
    await placeOrder(database.db, checkout([{ productId: kaftan.id }], { discountCode: "ONCE" }), guest);
    expect(
      await refusal(
        placeOrder(database.db, checkout([{ productId: kaftan.id }], { email: "kofi@example.com", discountCode: "ONCE" }), guest),
      ),
    ).toBe("This code has been used as many times as it can");
    expect(await liveUses(once.id)).toBe(1);

    const each = await code({ code: "EACH", perCustomerLimit: 1 });
    await placeOrder(database.db, checkout([{ productId: kaftan.id }], { email: "Esi@Example.com", discountCode: "EACH" }), guest);
    // The same customer by email, typed otherwise: the code's own words, never "this email used it".
    expect(
      await refusal(
        placeOrder(database.db, checkout([{ productId: kaftan.id }], { email: " esi@example.COM", discountCode: "EACH" }), guest),
      ),
    ).toBe("This code has been used as many times as it can");
    const account = await createUser(database.db, { email: "yaw@example.com" });
    const signedIn = { ...guest, userId: account.id, accountEmail: account.email };
    await placeOrder(database.db, checkout([{ productId: kaftan.id }], { email: "yaw@example.com", discountCode: "EACH" }), signedIn);
    // The same account with another email is the same customer.
    expect(
      await refusal(
        placeOrder(database.db, checkout([{ productId: kaftan.id }], { email: "yaw.work@example.com", discountCode: "EACH" }), signedIn),
      ),
    ).toBe("This code has been used as many times as it can");
    await placeOrder(database.db, checkout([{ productId: kaftan.id }], { email: "abena@example.com", discountCode: "EACH" }), guest);
    expect(await liveUses(each.id)).toBe(3);
  });

  it("applies to its collections or products only, and leaves sale pieces out when told", async () => {
    await code({ code: "KAFTANS", value: 10, scope: "collections", collectionIds: [kaftans] });
    await code({ code: "SUITONLY", kind: "fixed", value: 100_000, scope: "products", productIds: [suit.id] });
    await code({ code: "NOSALE", value: 50, excludeSaleItems: true });
    const cart = [{ productId: kaftan.id }, { productId: suit.id }, { productId: saleKaftan.id }];
    const k = await orderRow((await placeOrder(database.db, checkout(cart, { discountCode: "KAFTANS" }), guest)).id);
    expect(k.discountAmount).toBe(Math.round((33_333 + 20_000) / 10)); // ₵5,333.3 → 5,333
    const s = await orderRow((await placeOrder(database.db, checkout(cart, { discountCode: "SUITONLY" }), guest)).id);
    expect(s.discountAmount).toBe(80_000); // capped at the suit
    const n = await orderRow((await placeOrder(database.db, checkout(cart, { discountCode: "NOSALE" }), guest)).id);
    expect(n.discountAmount).toBe(Math.round((33_333 + 80_000) / 2)); // 56,666.5 → 56,667 (half up)
    expect(await refusal(placeOrder(database.db, checkout([{ productId: saleKaftan.id }], { discountCode: "NOSALE" }), guest))).toBe(
      "This code does not apply to the pieces in your cart",
    );
    expect(await refusal(placeOrder(database.db, checkout([{ productId: kaftan.id }], { discountCode: "SUITONLY" }), guest))).toBe(
      "This code does not apply to the pieces in your cart",
    );
  });

  it("counts a code of 5 uses exactly 5 times when 30 shoppers place orders with it at once", async () => {
    const five = await code({ code: "FIVE", usageLimit: 5 });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        placeOrder(
          database.db,
          checkout([{ productId: kaftan.id }], { email: `shopper${i}.${tag()}@example.com`, discountCode: "five" }),
          guest,
        ),
      ),
    );
    const placed = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(25);
    expect(refused.every((r) => r.reason instanceof OrderRefusedError && r.reason.reason === "discount")).toBe(true);
    expect(await liveUses(five.id)).toBe(5);
    expect(Number((await database.db.select({ n: count() }).from(orders).where(eq(orders.discountCodeId, five.id)))[0]!.n)).toBe(5);
    const [row] = (await listDiscountCodes(database.db, { search: "five" })).rows;
    expect(row).toMatchObject({ code: "FIVE", uses: 5, state: "used-up" });
  });

  it("gives the use back once when an unpaid order is cancelled (twice, even at once), not when it was paid", async () => {
    const one = await code({ code: "ONEUSE", usageLimit: 1 });
    const first = await placeOrder(database.db, checkout([{ productId: kaftan.id }], { discountCode: "ONEUSE" }), guest);
    const results = await Promise.all([1, 2].map(() => changeOrderStatus(database.db, first.id, "cancelled", "Payment hold")));
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    await changeOrderStatus(database.db, first.id, "cancelled", "admin@example.com");
    expect(await liveUses(one.id)).toBe(0);
    const uses = await database.db.select().from(discountCodeUses).where(eq(discountCodeUses.codeId, one.id));
    expect(uses).toHaveLength(1);
    expect(uses[0]!.returnedAt).not.toBeNull();
    // The use is free again for someone else.
    const second = await placeOrder(
      database.db,
      checkout([{ productId: kaftan.id }], { email: "kwame@example.com", discountCode: "ONEUSE" }),
      guest,
    );
    expect(await liveUses(one.id)).toBe(1);
    // Paid, then cancelled (a refund's business): the use stays counted.
    await database.db.update(orders).set({ paymentStatus: "paid" }).where(eq(orders.id, second.id));
    await changeOrderStatus(database.db, second.id, "cancelled", "admin@example.com");
    expect(await liveUses(one.id)).toBe(1);
    // Staff bring the first order back: it keeps its discount, so its use counts again.
    await changeOrderStatus(database.db, first.id, "processing", "admin@example.com");
    expect(await liveUses(one.id)).toBe(2);
  });

  it("charges the server's discount whatever the browser posts, and a refused code leaves the cart to place again", async () => {
    await code({ code: "TENOFF", value: 10 });
    const context = testLoadContext(database);
    const post = (fields: Record<string, string>) =>
      routeAnswer(checkoutAction, {
        request: samePost(
          "/checkout",
          new URLSearchParams({
            email: `forger.${tag()}@example.com`,
            name: "Kojo Forger",
            phone: "+233 24 000 0000",
            address: "12 Ring Road, Accra",
            region: "GH-AA",
            paymentMethod: "pay_on_delivery",
            items: JSON.stringify([{ productId: suit.id, size: "M", quantity: 1 }]),
            idempotencyKey: `forged-${tag()}`,
            ...fields,
          }).toString(),
        ),
        context,
      }) as Promise<{
        status: number;
        body: { ok: boolean; orderId?: string; message?: string; discountRefused?: string; currentLines?: unknown };
      }>;
    const forged = await post({ discountCode: "TENOFF", discount: "80000", discountAmount: "80000", total: "1", seenDiscount: "80000" });
    expect(forged.status).toBe(200);
    expect(await orderRow(forged.body.orderId!)).toMatchObject({ discountAmount: 8_000, totalAmount: 72_000 });
    const unknown = await post({ discountCode: "FREEFORALL" });
    expect(unknown.status).toBe(409);
    expect(unknown.body).toMatchObject({ ok: false, discountRefused: "We don't recognise that code" });
    expect(unknown.body.currentLines).toBeUndefined();
  });

  it("refuses at Place Order a paused code, and another customer's code as a code that does not exist, with the preview's words; no use counted, nothing placed", async () => {
    const paused = await code({ code: "PAUSE-10", value: 10 });
    const vip = await code({ code: "VIP-20", value: 20, customerEmails: ["vip@example.com"] });
    const stranger = await createUser(database.db, { email: `kojo.${tag()}@example.com` });
    const vipAccount = await createUser(database.db, { email: "vip@example.com" });
    type Answer = { status: number; body: { ok: boolean; orderId?: string; message?: string; discountRefused?: string } };
    /** Place Order as the checkout posts it (POST /api/checkout runs this action), as a guest or signed in. */
    const placeAtCheckout = (email: string, discountCode: string, account?: { id: string; email: string }) => {
      const request = samePost(
        "/checkout",
        new URLSearchParams({
          email,
          name: "Kojo Mensah",
          phone: "+233 24 000 0000",
          address: "12 Ring Road, Accra",
          region: "GH-AA",
          paymentMethod: "pay_on_delivery",
          items: JSON.stringify([{ productId: kaftan.id, size: "M", quantity: 1 }]),
          idempotencyKey: `refusal-${tag()}`,
          discountCode,
        }).toString(),
      );
      if (account) request.headers.set("cookie", "ahenfie.session_token=abc");
      const context = testLoadContext(database, account ? { auth: signedInAs(account) } : {});
      return routeAnswer(checkoutAction, { request, context }) as Promise<Answer>;
    };
    /** The cart's and checkout's preview of the same code and cart. */
    const preview = async (codeText: string, email?: string) =>
      (
        (await routeAnswer(previewAction, {
          request: samePost(
            "/api/discount-code",
            new URLSearchParams({
              code: codeText,
              items: JSON.stringify([{ productId: kaftan.id, quantity: 1 }]),
              ...(email ? { email } : {}),
            }).toString(),
          ),
          context: testLoadContext(database, { clientIp: "10.9.8.7" }),
        })) as { body: { ok: boolean; message?: string } }
      ).body;
    const stockBefore = await stockOfVariant(database.db, kaftan.id, "M");
    const ordersPlaced = async () => Number((await database.db.select({ n: count() }).from(orders))[0]!.n);

    // Paused after the shopper saw it apply: Place Order is refused with the words the preview now gives.
    expect(await preview("pause-10")).toMatchObject({ ok: true });
    await setDiscountCodePaused(database.db, paused.id, true);
    expect(await preview("pause-10")).toEqual({ ok: false, message: "This code is not active at the moment" });
    const refusedPaused = await placeAtCheckout("ama.paused@example.com", "pause-10");
    expect(refusedPaused.status).toBe(409);
    expect(refusedPaused.body).toEqual({
      ok: false,
      message: "This code is not active at the moment.",
      discountRefused: "This code is not active at the moment",
    });

    // Another customer's code, at Place Order: the very answer a code that does not exist gets, guest or signed in.
    const unknown = await placeAtCheckout("ama.unknown@example.com", "NO-SUCH-20");
    expect(unknown.status).toBe(409);
    expect(unknown.body).toEqual({ ok: false, message: "We don't recognise that code.", discountRefused: "We don't recognise that code" });
    const asGuest = await placeAtCheckout("ama.guest@example.com", "vip-20");
    const signedIn = await placeAtCheckout(stranger.email, "VIP-20", { id: stranger.id, email: stranger.email });
    // Signed in, typing yet another email: neither the account's email nor the typed one is on the list.
    const otherTyped = await placeAtCheckout("someone.else@example.com", "Vip-20", { id: stranger.id, email: stranger.email });
    for (const answer of [asGuest, signedIn, otherTyped]) {
      expect(answer.status).toBe(unknown.status);
      expect(answer.body).toEqual(unknown.body);
    }
    expect(asGuest.body.message).not.toMatch(/only|limit|customer|account|email|yours/i);
    // The preview says the same as Place Order.
    expect((await preview("VIP-20", "ama.guest@example.com")).message).toBe(asGuest.body.discountRefused);

    // Nothing was placed, no stock taken, and neither code counts a use.
    expect(await ordersPlaced()).toBe(0);
    expect(await stockOfVariant(database.db, kaftan.id, "M")).toBe(stockBefore);
    expect(await liveUses(paused.id)).toBe(0);
    expect(await liveUses(vip.id)).toBe(0);
    expect(await database.db.select().from(discountCodeUses)).toEqual([]);

    // The refusals were the pause and the list: resumed, and for the customer it names (by the
    // email typed, or by their account whatever email they type), the same cart is placed.
    await setDiscountCodePaused(database.db, paused.id, false);
    const resumed = await placeAtCheckout("ama.paused@example.com", "pause-10");
    expect(resumed.body).toMatchObject({ ok: true });
    expect(await orderRow(resumed.body.orderId!)).toMatchObject({ discountCode: "PAUSE-10", discountAmount: 3_333 });
    const vipByEmail = await placeAtCheckout("VIP@example.com", "vip-20");
    const vipByAccount = await placeAtCheckout("vip.gifts@example.com", "vip-20", { id: vipAccount.id, email: vipAccount.email });
    for (const placed of [vipByEmail, vipByAccount]) {
      expect(placed.body).toMatchObject({ ok: true });
      expect(await orderRow(placed.body.orderId!)).toMatchObject({ discountCode: "VIP-20", discountAmount: 6_667 });
    }
    expect(await liveUses(paused.id)).toBe(1);
    expect(await liveUses(vip.id)).toBe(2);
  });

  it("keeps a deposit exact on a discounted order: deposit and balance make the discounted total", async () => {
    const mtm = await createProduct(database.db, { name: "Bespoke Agbada", price: 99_999, categoryId: kaftans, stock: 0 });
    await database.db
      .update(products)
      .set({ madeToMeasure: true, madeToMeasureSurcharge: 0, madeToMeasureDays: 15 })
      .where(eq(products.id, mtm.id));
    await code({ code: "THIRD", value: 33 });
    const input = checkout([{ productId: kaftan.id }], { discountCode: "THIRD", paymentMethod: "card", payPart: "deposit" });
    input.items.push({ productId: mtm.id, colorIndex: null, size: null, quantity: 1, measurements: measured });
    const placed = await placeOrder(database.db, input, guest);
    const order = await orderRow(placed.id);
    // (₵333.33 + ₵999.99) × 33 % = ₵439.9956 → ₵440.00 off; free shipping over ₵500 after the discount.
    expect(order.discountAmount).toBe(44_000);
    expect(order.totalAmount).toBe(33_333 + 99_999 - order.discountAmount);
    // The made-to-measure line after its share of the discount, half now (the shop's 50 %), the rest later; everything else now.
    const agbadaAfter = 99_999 - Math.round((order.discountAmount * 99_999) / (33_333 + 99_999));
    expect(order.depositAmount).toBe(order.totalAmount - Math.floor(agbadaAfter / 2));
  });

  it("previews a code for the cart, says the same for an unknown code and another customer's, and stops guessing", async () => {
    await code({ code: "VIPONLY", value: 20, customerEmails: ["vip@example.com"] });
    await code({ code: "OPEN10", value: 10, minimumSubtotal: 50_000 });
    const preview = (fields: Record<string, string>, clientIp = "10.9.9.9") =>
      routeAnswer(previewAction, {
        request: samePost(
          "/api/discount-code",
          new URLSearchParams({ items: JSON.stringify([{ productId: kaftan.id, quantity: 2 }]), ...fields }).toString(),
        ),
        context: testLoadContext(database, { clientIp }),
      }) as Promise<{
        status: number;
        body: { ok: boolean; message?: string; applied?: { code: string; coveredProductIds: number[]; description: string } };
      }>;
    const open = await preview({ code: "open10" });
    expect(open.body).toMatchObject({ ok: true, applied: { code: "OPEN10", description: "10% off", coveredProductIds: [kaftan.id] } });
    const unknown = await preview({ code: "NOPE-123" });
    const notYours = await preview({ code: "viponly", email: "someone@example.com" });
    expect(unknown.body).toEqual({ ok: false, message: "We don't recognise that code" });
    expect(notYours.body).toEqual(unknown.body);
    expect(notYours.status).toBe(unknown.status);
    expect((await preview({ code: "VIPONLY", email: "VIP@example.com" })).body).toMatchObject({ ok: true });
    const short = await routeAnswer(previewAction, {
      request: samePost(
        "/api/discount-code",
        new URLSearchParams({ code: "OPEN10", items: JSON.stringify([{ productId: kaftan.id, quantity: 1 }]) }).toString(),
      ),
      context: testLoadContext(database, { clientIp: "10.9.9.9" }),
    });
    expect(short.body).toEqual({ ok: false, message: "Spend ₵500.00 or more to use this code" });
    // 30 tries per address in 15 minutes: the 31st is refused, another address is not.
    for (let i = 0; i < 25; i++) await preview({ code: `GUESS${i}` });
    const stopped = await preview({ code: "OPEN10" });
    expect(stopped.status).toBe(429);
    expect(stopped.body.message).toMatch(/^Too many codes tried from your connection/);
    expect((await preview({ code: "OPEN10" }, "10.9.9.10")).body.ok).toBe(true);
  });

  it("keeps codes unique in any case, and never deletes a used one", async () => {
    const form = (code: string) => discountCodeFormSchema.parse({ code, kind: "fixed", amount: "25" });
    const created = await createDiscountCode(database.db, form("Eid-2027"), "Africa/Accra");
    expect(created.code).toBe("EID-2027");
    await expect(createDiscountCode(database.db, form("eid-2027"), "Africa/Accra")).rejects.toThrow(DiscountCodeError);
    expect(discountCodeFormSchema.safeParse({ code: "no spaces", kind: "fixed", amount: "25" }).success).toBe(false);
    expect(discountCodeFormSchema.safeParse({ code: "AB", kind: "fixed", amount: "25" }).success).toBe(false);
    await placeOrder(database.db, checkout([{ productId: kaftan.id }], { discountCode: "eid-2027" }), guest);
    await expect(deleteDiscountCode(database.db, created.id)).rejects.toThrow(/cannot be deleted/);
    const unused = await createDiscountCode(database.db, form("UNUSED"), "Africa/Accra");
    await deleteDiscountCode(database.db, unused.id);
    const [listed] = (await listDiscountCodes(database.db, {})).rows;
    expect(listed).toMatchObject({ code: "EID-2027", uses: 1, orders: 1, revenue: 0 });
  });
});
