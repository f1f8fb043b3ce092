import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadConfig } from "~/env.server";
import { formatDateTimeWithZone } from "~/lib/dates";
import { customerOrderState } from "~/modules/payments/customer-order-state";
import { paymentAttemptsOf } from "~/modules/payments/payment-attempts.server";
import type { OrderPaymentView } from "~/modules/payments/payment-view";
import { saveStoreSettings } from "~/modules/settings/settings.server";
import { loader as myContactLoader } from "~/routes/api/my-contact";
import { action as checkoutAction } from "~/routes/storefront/checkout";
import { loader as orderLoader } from "~/routes/storefront/order-confirmation";
import { action as trackAction, type TrackResult } from "~/routes/storefront/track-order";
import { orders } from "~db/schema/orders";
import { emailOutbox } from "~db/schema/store";
import { createProduct } from "../factories/catalog";
import { createOrder } from "../factories/orders";
import { createUser } from "../factories/users";
import { signedInAs, TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { routeAnswer, samePost } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";
import { startPaystackStandIn, type PaystackStandIn } from "../support/paystack-stand-in";

/**
 * Issue 45: what the shopper is told about an order (customer-order-state.ts) on the order's page,
 * the tracking page and in the confirmation email; tracking an order number typed without "ORD-";
 * the custom request form's private contact details.
 */
const SECRET = "sk_test_customerorderstate000000";

describeWithDatabase("the shopper's order state", (database) => {
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
      PAYSTACK_PUBLIC_KEY: "pk_test_customerorderstate00000",
      PAYSTACK_API_URL: paystack.url,
    });
    context = testLoadContext(database, { config });
    await saveStoreSettings(database.db, { timezone: "Africa/Accra" });
    productId = (
      await createProduct(database.db, {
        name: "Labadi Linen Kaftan",
        price: 34_999,
        stock: 20,
        colors: [{ name: "Sand", hex: "#d8c3a5" }],
      })
    ).id;
  });
  afterAll(async () => {
    await paystack?.close();
  });

  let shoppers = 0;
  async function checkout(paymentMethod: "card" | "pay_on_delivery") {
    const n = ++shoppers;
    const email = `abena.${n}.${Date.now()}@example.com`;
    const body = new URLSearchParams({
      email,
      name: "Abena Asante",
      phone: "+233 24 111 2222",
      address: "7 Cantonments Road, Accra",
      region: "GH-AA",
      paymentMethod,
      items: JSON.stringify([{ productId, colorIndex: 0, size: "M", quantity: 1 }]),
      idempotencyKey: `order-state-${n}-${Date.now()}`,
    });
    const answer = await routeAnswer(checkoutAction, {
      request: samePost("/checkout", body.toString()),
      context: { ...context, clientIp: `10.45.0.${n}` },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { ...(answer.body as { orderId: string; orderNumber: string }), email };
  }
  const track = async (orderNumber: string, email: string, ip: string) =>
    routeAnswer(trackAction, {
      request: samePost("/track-order", new URLSearchParams({ orderNumber, email }).toString()),
      context: { ...context, clientIp: ip },
    });

  it("a declined card payment: the order's page and the tracking page both say 'Not paid yet' and until when it is held", async () => {
    const placed = await checkout("card");
    // The card is declined on Paystack's page and the shopper is sent back: the page asks Paystack.
    const reference = (await paymentAttemptsOf(database.db, placed.orderId))[0]!.reference;
    paystack.decline(reference);
    const page = (
      await routeAnswer(orderLoader, {
        request: new Request(`${TEST_ORIGIN}/order-confirmation/${placed.orderId}?trxref=${reference}&reference=${reference}`),
        context,
        params: { orderId: placed.orderId },
      })
    ).body as { order: { paymentStatus: string; orderStatus: string; paymentDueAt: string }; payment: OrderPaymentView };
    expect(page.payment.state).toBe("failed");
    const state = customerOrderState(page.order, page.payment);
    expect(state).toMatchObject({ key: "not-paid", heading: "Not paid yet", tone: "problem", heldUntil: page.order.paymentDueAt });
    expect(state.badges.order.label).toBe("Held for you");

    // Typed as the digits alone, lower-case with its prefix, or with spaces: the same order, in the same state.
    const digits = placed.orderNumber.slice("ORD-".length);
    let ip = 0;
    for (const typed of [digits, placed.orderNumber.toLowerCase(), ` ord ${digits.slice(0, 3)} ${digits.slice(3)} `]) {
      const answer = await track(typed, placed.email.toUpperCase(), `10.45.1.${++ip}`);
      expect(answer.status, typed).toBe(200);
      const result = answer.body as TrackResult;
      if (!result.ok) throw new Error(`${typed}: ${result.title}`);
      expect(result.order.orderNumber).toBe(placed.orderNumber);
      expect(customerOrderState(result.order, result.payment)).toMatchObject({ key: "not-paid", heldUntil: state.heldUntil });
    }
    // Not six digits, or the right digits with another's email: not found, as before.
    expect((await track(digits.slice(1), placed.email, "10.45.1.10")).status).toBe(404);
    expect((await track(digits, "someone.else@example.com", "10.45.1.11")).status).toBe(404);
  });

  it("the confirmation email of an online order says it is not paid yet and until when it is held, in the store's time", async () => {
    const placed = await checkout("card");
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    const [mail] = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "order-confirmation"), eq(emailOutbox.toAddress, placed.email)));
    expect(mail!.text).toContain(`We have your order ${placed.orderNumber}. It is not paid yet`);
    expect(mail!.text).toContain(`Your pieces are held for you until ${formatDateTimeWithZone(order!.paymentDueAt!, "Africa/Accra")}`);
    expect(mail!.text).toContain("GMT");
    expect(mail!.text).not.toContain("our tailors are preparing it");
  });

  it("a Pay on Delivery confirmation says the order is being prepared, with no hold", async () => {
    const placed = await checkout("pay_on_delivery");
    const [mail] = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "order-confirmation"), eq(emailOutbox.toAddress, placed.email)));
    expect(mail!.text).toContain(`We have received your order ${placed.orderNumber} and our tailors are preparing it.`);
    expect(mail!.text).not.toContain("held for you");
  });
});

describeWithDatabase("the custom request form's contact details (/api/my-contact)", (database) => {
  const ask = (context: AppLoadContext, cookie?: string) =>
    routeAnswer(myContactLoader, {
      request: new Request(`${TEST_ORIGIN}/api/my-contact`, cookie ? { headers: { cookie } } : {}),
      context,
    });

  it("a guest gets nothing; the answer is never stored by a cache", async () => {
    const answer = await ask(testLoadContext(database));
    expect(answer.body).toEqual({ contact: null });
    expect(answer.headers.get("Cache-Control")).toMatch(/private.*no-store|no-store.*private/);
  });

  it("a customer gets their email, and the name and phone of their newest order", async () => {
    const user = await createUser(database.db, { name: "kwame.mensah", email: "kwame.mensah@example.com" });
    const context = testLoadContext(database, { auth: signedInAs({ id: user.id, email: user.email, name: user.name }) });
    // Before any order: the account's name is only the email's first part, so no name is filled in.
    expect((await ask(context, "ahenfie.session_token=abc")).body).toEqual({
      contact: { name: "", email: "kwame.mensah@example.com", phone: "" },
    });
    await createOrder(database.db, {
      userId: user.id,
      customerName: "Kwame Old",
      customerPhone: "+233 20 000 0001",
      createdAt: new Date(Date.now() - 86_400_000),
    });
    await createOrder(database.db, {
      userId: user.id,
      customerName: "Kwame Mensah",
      customerPhone: "+233 24 555 0101",
      createdAt: new Date(),
    });
    const answer = await ask(context, "ahenfie.session_token=abc");
    expect(answer.body).toEqual({ contact: { name: "Kwame Mensah", email: "kwame.mensah@example.com", phone: "+233 24 555 0101" } });
    expect(answer.headers.get("Cache-Control")).toMatch(/no-store/);
  });
});
