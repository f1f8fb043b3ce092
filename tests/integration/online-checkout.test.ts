import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "~/env.server";
import { CALLBACK_VERIFY_LIMIT } from "~/modules/payments/online-checkout.server";
import { paymentAttemptsOf } from "~/modules/payments/payment-attempts.server";
import { action as webhookAction } from "~/routes/api/paystack-webhook";
import { action as checkoutAction } from "~/routes/storefront/checkout";
import { action as payNowAction, loader as orderLoader } from "~/routes/storefront/order-confirmation";
import { orders, orderStatusHistory } from "~db/schema/orders";
import { emailOutbox } from "~db/schema/store";
import { createProduct, stockOfVariant } from "../factories/catalog";
import { TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { routeAnswer, samePost } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";
import { signPaystackBody, startPaystackStandIn, type PaystackStandIn } from "../support/paystack-stand-in";

/**
 * Paying online end to end through the real routes, against the local Paystack stand-in: the
 * checkout sends the shopper to Paystack for the order's total, the way back is verified with
 * Paystack, the webhook is believed only when signed, and nothing is lost when Paystack is down.
 */
const SECRET = "sk_test_onlinecheckout0000000000";

describeWithDatabase("paying online", (database) => {
  let paystack: PaystackStandIn;
  let context: AppLoadContext;
  let productId: number;

  beforeAll(async () => {
    paystack = await startPaystackStandIn({ secretKey: SECRET });
    const config = loadConfig({
      NODE_ENV: "test",
      PUBLIC_URL: TEST_ORIGIN,
      LOG_LEVEL: "silent",
      PAYSTACK_SECRET_KEY: SECRET,
      PAYSTACK_PUBLIC_KEY: "pk_test_onlinecheckout000000000",
      PAYSTACK_API_URL: paystack.url,
    });
    context = testLoadContext(database, { config });
    productId = (
      await createProduct(database.db, {
        name: "Osu Linen Kaftan",
        price: 34_999,
        stock: 20,
        colors: [{ name: "Sand", hex: "#d8c3a5" }],
      })
    ).id;
  });
  afterAll(async () => {
    await paystack?.close();
  });
  beforeEach(() => {
    paystack.setKnobs({ failInitialize: false, unreachable: false, wrongAmount: false });
  });

  let orderCount = 0;
  /** Each checkout is a shopper of its own (own email, own address), so the order limits never get in the way here. */
  const shopperEmail = (n: number) => `ama.${n}@example.com`;
  async function checkout(paymentMethod: "card" | "mobile_money" = "card") {
    const n = ++orderCount;
    const body = new URLSearchParams({
      email: shopperEmail(n),
      name: "Ama Mensah",
      phone: "+233 24 000 0000",
      address: "12 Ring Road, Accra",
      region: "GH-AA",
      paymentMethod,
      items: JSON.stringify([{ productId, colorIndex: 0, size: "M", quantity: 1 }]),
      idempotencyKey: `online-checkout-${n}-${Date.now()}`,
    });
    const answer = await routeAnswer(checkoutAction, {
      request: samePost("/checkout", body.toString()),
      context: { ...context, clientIp: `10.0.0.${n}` },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { ok: true; orderId: string; orderNumber: string; paymentUrl?: string; paymentProblem?: string };
  }
  const openOrderPage = async (orderId: string, query = "") =>
    (
      await routeAnswer(orderLoader, {
        request: new Request(`${TEST_ORIGIN}/order-confirmation/${orderId}${query}`),
        context,
        params: { orderId },
      })
    ).body as { payment: { state: string; method?: string } | null };
  /** Units left of Sand in M, what every checkout here buys. */
  const stock = () => stockOfVariant(database.db, productId, "M", "Sand");
  const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const latestReference = async (orderId: string) => (await paymentAttemptsOf(database.db, orderId))[0]!.reference;

  it("sends the shopper to Paystack for exactly the order's total; the way back is verified and the page says Paid", async () => {
    const before = await stock();
    const placed = await checkout("card");
    expect(placed.paymentUrl).toMatch(new RegExp(`^${paystack.url}/`));
    const order = await orderRow(placed.orderId);
    expect(order.paymentStatus).toBe("pending");
    expect(order.paymentDueAt!.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(await stock()).toBe(before - 1);
    const reference = await latestReference(placed.orderId);
    const charged = paystack.transaction(reference)!;
    expect(charged).toMatchObject({
      amount: Number(order.totalAmount),
      currency: "GHS",
      email: shopperEmail(orderCount),
      channels: ["card"],
    });
    expect(charged.callbackUrl).toBe(`${TEST_ORIGIN}/order-confirmation/${placed.orderId}`);

    // A shopper who comes back without paying is not believed by their URL.
    expect((await openOrderPage(placed.orderId, `?reference=${reference}`)).payment).toMatchObject({ state: "failed" });
    paystack.approve(reference);
    expect((await openOrderPage(placed.orderId, `?trxref=${reference}&reference=${reference}`)).payment).toEqual({
      state: "paid",
      method: "Visa •••• 4081",
    });
    expect((await orderRow(placed.orderId)).paymentStatus).toBe("paid");
  });

  it("reloading the way back from Paystack asks Paystack at most a few times a minute, and the page keeps the right state", async () => {
    const placed = await checkout("card");
    const reference = await latestReference(placed.orderId);
    const back = `?trxref=${reference}&reference=${reference}`;
    // Not paid yet: Paystack says abandoned, the page says so however often it is reloaded.
    for (let i = 0; i < 10; i++) expect((await openOrderPage(placed.orderId, back)).payment).toMatchObject({ state: "failed" });
    const afterTen = paystack.verifyCalls(reference);
    console.log(`return page: 10 reloads made ${afterTen} verify calls (limit ${CALLBACK_VERIFY_LIMIT.limit} a minute)`);
    expect(afterTen).toBe(CALLBACK_VERIFY_LIMIT.limit);
    // Paid meanwhile: the webhook records it, and the throttled page shows Paid without asking again.
    paystack.approve(reference);
    const data = paystack.transactionData(reference);
    const body = JSON.stringify({ event: "charge.success", data });
    const delivered = await routeAnswer(webhookAction, {
      request: new Request(`${TEST_ORIGIN}/api/webhooks/paystack`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-paystack-signature": signPaystackBody(body, SECRET) },
        body,
      }),
      context,
    });
    expect(delivered.status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await openOrderPage(placed.orderId, back)).payment).toMatchObject({ state: "paid" });
    expect(paystack.verifyCalls(reference)).toBe(afterTen);
  });

  it("a webhook is believed only when signed; a signed one pays once, however often it comes", async () => {
    const placed = await checkout("card");
    const reference = await latestReference(placed.orderId);
    paystack.approve(reference);
    const raw = JSON.stringify({ event: "charge.success", data: paystack.transactionData(reference) });
    const deliver = (signature: string | null, body = raw) =>
      routeAnswer(webhookAction, {
        request: new Request(`${TEST_ORIGIN}/api/webhooks/paystack`, {
          method: "POST",
          headers: { "content-type": "application/json", ...(signature === null ? {} : { "x-paystack-signature": signature }) },
          body,
        }),
        context,
      });

    for (const forged of [null, "0".repeat(128), signPaystackBody(raw, "sk_test_someone_else")]) {
      expect((await deliver(forged)).status).toBe(401);
    }
    // A signature of another body (amount changed after signing) is refused too.
    expect((await deliver(signPaystackBody(raw, SECRET), raw.replace(/"amount":\d+/, '"amount":1'))).status).toBe(401);
    expect((await orderRow(placed.orderId)).paymentStatus).toBe("pending");

    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(signPaystackBody(raw, SECRET))));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect((await orderRow(placed.orderId)).paymentStatus).toBe("paid");
    const paidHistory = await database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, placed.orderId));
    expect(paidHistory.filter((h) => h.paymentStatus === "paid")).toHaveLength(1);

    // An event for a reference the shop never made is acknowledged (Paystack stops retrying) and changes nothing.
    const stranger = JSON.stringify({
      event: "charge.success",
      data: { ...paystack.transactionData(reference), reference: "AHF-unknown" },
    });
    expect((await deliver(signPaystackBody(stranger, SECRET), stranger)).status).toBe(200);
  });

  it("Paystack down at checkout loses nothing: the order is held, and Pay now works once Paystack is back", async () => {
    paystack.setKnobs({ unreachable: true });
    const placed = await checkout("mobile_money");
    expect(placed.paymentUrl).toBeUndefined();
    expect(placed.paymentProblem).toBe(
      "We could not reach our payment provider. Your order is saved and held for you: press Pay now to try again.",
    );
    expect((await openOrderPage(placed.orderId)).payment).toMatchObject({ state: "not-started" });

    paystack.setKnobs({ unreachable: false });
    const payNow = await routeAnswer(payNowAction, {
      request: samePost(`/order-confirmation/${placed.orderId}`, "intent=pay"),
      context,
      params: { orderId: placed.orderId },
    });
    expect(payNow.status).toBe(302);
    expect(payNow.headers.get("location")).toMatch(new RegExp(`^${paystack.url}/`));
    expect((await openOrderPage(placed.orderId)).payment).toMatchObject({ state: "waiting", mobileMoney: true });
  });

  it("after a decline, Pay now opens a new attempt with a new reference", async () => {
    const placed = await checkout("card");
    const first = await latestReference(placed.orderId);
    paystack.decline(first);
    expect((await openOrderPage(placed.orderId, `?reference=${first}`)).payment).toMatchObject({ state: "failed" });
    const payNow = await routeAnswer(payNowAction, {
      request: samePost(`/order-confirmation/${placed.orderId}`, "intent=pay"),
      context,
      params: { orderId: placed.orderId },
    });
    expect(payNow.status).toBe(302);
    const second = await latestReference(placed.orderId);
    expect(second).not.toBe(first);
    paystack.approve(second);
    expect((await openOrderPage(placed.orderId, `?reference=${second}`)).payment).toMatchObject({ state: "paid" });
    expect((await paymentAttemptsOf(database.db, placed.orderId)).map((a) => a.status)).toEqual(["success", "failed"]);
  });

  describe("without Paystack keys", () => {
    it("refuses card and mobile money at checkout with a clear message, and places nothing", async () => {
      const offline = testLoadContext(database);
      const ordersBefore = (await database.db.select().from(orders)).length;
      const body = new URLSearchParams({
        email: "kojo@example.com",
        name: "Kojo Asante",
        phone: "+233 24 111 1111",
        address: "7 Cantonments Road, Accra",
        region: "GH-AA",
        paymentMethod: "card",
        items: JSON.stringify([{ productId, colorIndex: 0, size: "M", quantity: 1 }]),
        idempotencyKey: `offline-card-${Date.now()}`,
      });
      const refused = await routeAnswer(checkoutAction, { request: samePost("/checkout", body.toString()), context: offline });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ ok: false, message: "Online payment is not available yet. Please choose Pay on Delivery." });
      expect((await database.db.select().from(orders)).length).toBe(ordersBefore);
      await database.db.delete(emailOutbox);
    });
  });
});
