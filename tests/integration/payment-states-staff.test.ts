import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as ordersAction, loader as ordersLoader } from "~/routes/admin/orders";
import { orders } from "~db/schema/orders";
import { paymentAttempts, paymentDisputes, refunds } from "~db/schema/payments";
import type { StaffOrderPayments } from "~/modules/payments/order-payments.server";
import { applyVerifiedTransaction, createPaymentAttempt } from "~/modules/payments/payment-attempts.server";
import { initializeTransaction, type PaystackClientConfig, verifyTransaction } from "~/modules/payments/paystack-client.server";
import { refundOrder } from "~/modules/payments/refunds.server";
import type { AdminOrderRow } from "~/modules/orders/order-types";
import { createOrder } from "../factories/orders";
import { createAdmin, createUser } from "../factories/users";
import { TEST_ORIGIN, signedInAs, testLoadContext } from "../setup/load-context";
import { routeAnswer } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";
import { defaultKnobs, type PaystackStandIn, startPaystackStandIn } from "../support/paystack-stand-in";

/**
 * What staff see of issue 42's payment states, read from the rows Paystack's events leave (written
 * here directly, as the lead's event handlers write them): the order details' refunds in every
 * Paystack state, a second payment flagged, disputes with their due dates; the orders list's
 * Dispute mark; the dashboard's "Payments that need you"; and Check with Paystack on a refund
 * whose answer was lost, through the orders page's action (admins only, this order's refunds only).
 */
describeWithDatabase("payment states staff see", (database) => {
  const secretKey = "sk_test_staffstates_0123456789ab";
  const sender = { origin: "https://shop.example", storeName: "Ahenfie" };
  const day = 24 * 60 * 60 * 1000;
  let standIn: PaystackStandIn;
  let paystack: PaystackClientConfig;
  let adminId: string;
  let customerId: string;

  beforeAll(async () => {
    standIn = await startPaystackStandIn({ secretKey });
    paystack = { secretKey, apiUrl: standIn.url, timeoutMs: 2_000 };
    adminId = (await createAdmin(database.db, { name: "Efua Mensah", email: "efua.owner@example.com" })).id;
    customerId = (await createUser(database.db, { email: "just.a.shopper@example.com" })).id;
  });
  afterAll(async () => {
    await standIn?.close();
  });
  beforeEach(async () => {
    await standIn.idle();
    standIn.setKnobs({ ...defaultKnobs });
    await database.db.delete(orders);
  });

  /** The load context of a signed-in user; Paystack connected to the stand-in unless `connected` is false. */
  function contextFor(userId: string, email: string, { connected = true } = {}): AppLoadContext {
    const base = testLoadContext(database);
    return testLoadContext(database, {
      config: {
        ...base.config,
        paystack: connected
          ? { secretKey, publicKey: "pk_test_staffstates_0123", apiUrl: standIn.url }
          : { secretKey: undefined, publicKey: undefined, apiUrl: standIn.url },
      },
      auth: signedInAs({ id: userId, email, name: "Efua Mensah" }),
    });
  }
  const asAdmin = (options?: { connected?: boolean }) => contextFor(adminId, "efua.owner@example.com", options);

  async function ordersPage(query: string, context: AppLoadContext = asAdmin()) {
    const url = `${TEST_ORIGIN}/admin/orders${query}`;
    return (await ordersLoader({
      request: new Request(url, { headers: { cookie: "ahenfie.session_token=abc" } }),
      url: new URL(url),
      context,
      params: {},
    } as unknown as Parameters<typeof ordersLoader>[0])) as { payments: StaffOrderPayments | null; listing: { items: AdminOrderRow[] } };
  }

  const detailsOf = async (orderId: string, context?: AppLoadContext) => (await ordersPage(`?order=${orderId}`, context)).payments!;

  /** A card order with one successful attempt written straight to the table. */
  async function paidCardOrder(total = 40_000, overrides: Parameters<typeof createOrder>[1] = {}) {
    const order = await createOrder(database.db, { totalAmount: total, paymentMethod: "card", paymentStatus: "paid", ...overrides });
    const [attempt] = await database.db
      .insert(paymentAttempts)
      .values({
        orderId: order.id,
        reference: `AHF-${crypto.randomUUID()}`,
        amount: total,
        currency: "GHS",
        requestedChannel: "card",
        status: "success",
        channel: "card",
        cardBrand: "visa",
        cardLast4: "4081",
        paidAt: new Date(Date.UTC(2026, 10, 30, 9, 0)),
        createdAt: new Date(Date.UTC(2026, 10, 30, 8, 55)),
      })
      .returning();
    return { order, attempt: attempt! };
  }

  function refundRow(orderId: string, attempt: { id: string; reference: string }, values: Partial<typeof refunds.$inferInsert>) {
    return {
      orderId,
      paymentAttemptId: attempt.id,
      provider: "paystack",
      transactionReference: attempt.reference,
      amount: 5_000,
      currency: "GHS",
      reason: "Sleeves too long",
      requestedBy: "Efua Mensah",
      ...values,
    } satisfies typeof refunds.$inferInsert;
  }

  function disputeRow(orderId: string, reference: string, values: Partial<typeof paymentDisputes.$inferInsert>) {
    return {
      orderId,
      providerDisputeId: String(crypto.randomInt(1_000_000, 9_999_999)),
      transactionReference: reference,
      status: "awaiting-merchant-feedback",
      category: "chargeback",
      amount: 40_000,
      currency: "GHS",
      ...values,
    } satisfies typeof paymentDisputes.$inferInsert;
  }

  it("the order details show every refund state, Paystack's refund reference and what to do, and a payment taken twice", async () => {
    const { order, attempt } = await paidCardOrder(80_000);
    const [extra] = await database.db
      .insert(paymentAttempts)
      .values({
        orderId: order.id,
        reference: `AHF-${crypto.randomUUID()}`,
        amount: 80_000,
        currency: "GHS",
        requestedChannel: "mobile_money",
        status: "success",
        channel: "mobile_money",
        mobileNetwork: "MTN",
        mobileNumberMasked: "024•••149",
        extraPayment: true,
        paidAt: new Date(Date.UTC(2026, 10, 30, 9, 5)),
        createdAt: new Date(Date.UTC(2026, 10, 30, 9, 1)),
      })
      .returning();
    const at = (minute: number) => new Date(Date.UTC(2026, 11, 1, 10, minute));
    await database.db.insert(refunds).values([
      refundRow(order.id, attempt, { status: "pending", createdAt: at(0) }),
      refundRow(order.id, attempt, { status: "processing", providerRefundReference: "TRF_processing01", createdAt: at(1) }),
      refundRow(order.id, attempt, {
        status: "processed",
        providerRefundId: "4410021",
        processedAt: at(30),
        createdAt: at(2),
      }),
      refundRow(order.id, attempt, {
        status: "failed",
        failureMessage: "Paystack could not send the money back: the card was closed. Give it back another way.",
        createdAt: at(3),
      }),
      refundRow(order.id, attempt, {
        status: "needs_attention",
        failureMessage: "Paystack needs the customer's bank details: add them in the Paystack dashboard (Refunds).",
        providerRefundReference: "TRF_attention02",
        createdAt: at(4),
      }),
      refundRow(order.id, attempt, {
        status: "unconfirmed",
        failureMessage: "Paystack did not answer: check with Paystack before refunding again.",
        createdAt: at(5),
      }),
    ]);

    const payments = await detailsOf(order.id);
    expect(payments.paystackConnected).toBe(true);
    // Newest first, each in its own state, with Paystack's reference (or id) once known.
    expect(payments.refunds.map((r) => [r.status, r.providerRefundReference ?? r.providerRefundId])).toEqual([
      ["unconfirmed", null],
      ["needs_attention", "TRF_attention02"],
      ["failed", null],
      ["processed", "4410021"],
      ["processing", "TRF_processing01"],
      ["pending", null],
    ]);
    expect(payments.refunds[1]!.failureMessage).toBe(
      "Paystack needs the customer's bank details: add them in the Paystack dashboard (Refunds).",
    );
    expect(payments.refunds[2]!.failureMessage).toMatch(/^Paystack could not send the money back/);
    const paidTwice = payments.attempts.find((a) => a.id === extra!.id)!;
    expect(paidTwice).toMatchObject({ status: "success", extraPayment: true, amount: 80_000 });
    expect(payments.attempts.find((a) => a.id === attempt.id)!.extraPayment).toBe(false);
    expect(payments.disputes).toEqual([]);

    // Without Paystack's keys the shop cannot ask it: the page knows (no Check with Paystack).
    expect((await detailsOf(order.id, asAdmin({ connected: false }))).paystackConnected).toBe(false);
  });

  it("while a refund is unconfirmed and nothing is left, the form is replaced by what to do", async () => {
    const { order, attempt } = await paidCardOrder(20_000);
    await database.db.insert(refunds).values(refundRow(order.id, attempt, { status: "unconfirmed", amount: 20_000 }));
    const payments = await detailsOf(order.id);
    expect(payments.refund.refundable).toBe(0);
    expect(payments.refund.unavailable).toBe(
      "Nothing more can be refunded until Paystack confirms the refund it has not answered for: use Check with Paystack on it.",
    );
  });

  it("disputes show on the order newest first, open or resolved, overdue when open past their due date; the list marks open ones", async () => {
    const now = Date.now();
    const { order, attempt } = await paidCardOrder(40_000, { customerName: "Kofi Disputed" });
    const resolved = await paidCardOrder(30_000, { customerName: "Yaw Resolved" });
    await paidCardOrder(30_000, { customerName: "Akos Calm" });
    await database.db.insert(paymentDisputes).values([
      disputeRow(order.id, attempt.reference, {
        providerDisputeId: "2867",
        dueAt: new Date(now + 2 * day),
        customerMessage: "I did not receive the kaftan.",
        createdAt: new Date(now - day),
      }),
      disputeRow(order.id, attempt.reference, {
        providerDisputeId: "2801",
        category: "fraud-claim",
        status: "awaiting-merchant-feedback",
        dueAt: new Date(now - 3 * day),
        createdAt: new Date(now - 10 * day),
      }),
      disputeRow(resolved.order.id, resolved.attempt.reference, {
        status: "resolved",
        resolution: "declined",
        amount: 30_000,
        dueAt: new Date(now - 20 * day),
        resolvedAt: new Date(now - 15 * day),
      }),
    ]);

    const { disputes } = await detailsOf(order.id);
    expect(disputes.map((d) => [d.providerDisputeId, d.category, d.status, d.open, d.overdue])).toEqual([
      ["2867", "chargeback", "awaiting-merchant-feedback", true, false],
      ["2801", "fraud-claim", "awaiting-merchant-feedback", true, true],
    ]);
    expect(disputes[0]).toMatchObject({
      amount: 40_000,
      currency: "GHS",
      customerMessage: "I did not receive the kaftan.",
      transactionReference: attempt.reference,
      dueAt: new Date(now + 2 * day).toISOString(),
      resolvedAt: null,
      resolution: null,
    });
    const [won] = (await detailsOf(resolved.order.id)).disputes;
    expect(won).toMatchObject({ status: "resolved", resolution: "declined", open: false, overdue: false });

    const list = (await ordersPage("")).listing.items;
    const marked = Object.fromEntries(list.map((o) => [o.customerName, o.openDispute]));
    expect(marked).toEqual({ "Kofi Disputed": true, "Yaw Resolved": false, "Akos Calm": false });
  });

  it("the dashboard lists open disputes (soonest due first, overdue flagged) and the refunds staff must look at", async () => {
    const now = Date.now();
    const a = await paidCardOrder(40_000, { orderNumber: "ORD-420001" });
    const b = await paidCardOrder(25_000, { orderNumber: "ORD-420002" });
    const c = await paidCardOrder(15_000, { orderNumber: "ORD-420003" });
    await database.db.insert(paymentDisputes).values([
      disputeRow(a.order.id, a.attempt.reference, { dueAt: new Date(now + 5 * day) }),
      disputeRow(b.order.id, b.attempt.reference, { dueAt: new Date(now - day), amount: 25_000, status: "pending" }),
      disputeRow(c.order.id, c.attempt.reference, {
        status: "resolved",
        resolution: "merchant-accepted",
        resolvedAt: new Date(now - day),
      }),
    ]);
    const ago = (days: number) => new Date(now - days * day);
    await database.db
      .insert(refunds)
      .values([
        refundRow(a.order.id, a.attempt, { status: "failed", amount: 1_000, updatedAt: ago(2) }),
        refundRow(a.order.id, a.attempt, { status: "failed", amount: 1_100, updatedAt: ago(40) }),
        refundRow(b.order.id, b.attempt, { status: "needs_attention", amount: 2_000, updatedAt: ago(1) }),
        refundRow(c.order.id, c.attempt, { status: "unconfirmed", amount: 3_000, updatedAt: ago(0.5) }),
        refundRow(c.order.id, c.attempt, { status: "processed", amount: 4_000, updatedAt: ago(0.1) }),
        refundRow(c.order.id, c.attempt, { status: "pending", amount: 5_000, updatedAt: ago(0.2) }),
      ]);

    const result = await routeAnswer(dashboardLoader, {
      request: new Request(`${TEST_ORIGIN}/admin`, { headers: { cookie: "ahenfie.session_token=abc" } }),
      context: asAdmin(),
    });
    const page = result.body as Awaited<ReturnType<typeof dashboardLoader>>;
    if (!page.ok) throw new Error(page.message);
    expect(page.payments.disputes.map((d) => [d.orderNumber, d.amount, d.overdue, d.status])).toEqual([
      ["ORD-420002", 25_000, true, "pending"],
      ["ORD-420001", 40_000, false, "awaiting-merchant-feedback"],
    ]);
    expect(page.payments.disputes[0]!.orderId).toBe(b.order.id);
    // Newest change first; a refund that failed 40 days ago, processed and pending ones are not listed.
    expect(page.payments.refunds.map((r) => [r.orderNumber, r.status, r.amount])).toEqual([
      ["ORD-420003", "unconfirmed", 3_000],
      ["ORD-420002", "needs_attention", 2_000],
      ["ORD-420001", "failed", 1_000],
    ]);
    expect(page.payments).toMatchObject({ moreDisputes: false, moreRefunds: false });

    // A shop with nothing to look at has nothing to show.
    await database.db.delete(orders);
    const calm = await routeAnswer(dashboardLoader, {
      request: new Request(`${TEST_ORIGIN}/admin`, { headers: { cookie: "ahenfie.session_token=abc" } }),
      context: asAdmin(),
    });
    expect((calm.body as { payments: unknown }).payments).toEqual({ disputes: [], refunds: [], moreDisputes: false, moreRefunds: false });
  });

  describeCheckWithPaystack();

  /** Check with Paystack (intent "check-refund") through the orders page's action. */
  function describeCheckWithPaystack() {
    const post = (form: Record<string, string>) =>
      new Request(`${TEST_ORIGIN}/admin/orders`, {
        method: "POST",
        headers: { cookie: "ahenfie.session_token=abc", origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      });
    const check = (form: Record<string, string>, context: AppLoadContext) => routeAnswer(ordersAction, { request: post(form), context });
    const statusOf = async (refundId: string) =>
      (await database.db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, refundId)))[0]!.status;

    /** A card order paid through the stand-in, and a refund Paystack queued whose answer the shop lost. */
    async function unconfirmedRefund(total = 30_000) {
      const order = await createOrder(database.db, { totalAmount: total, paymentMethod: "card", customerEmail: "abena@example.com" });
      const attempt = await createPaymentAttempt(database.db, { orderId: order.id, amount: total, currency: "GHS", channel: "card" });
      await initializeTransaction(paystack, {
        email: "abena@example.com",
        amount: total,
        currency: "GHS",
        reference: attempt.reference,
        callbackUrl: `${TEST_ORIGIN}/order-confirmation/${order.id}`,
        channels: ["card"],
      });
      standIn.approve(attempt.reference, { channel: "card" });
      expect(
        await applyVerifiedTransaction(database.db, attempt.reference, await verifyTransaction(paystack, attempt.reference), sender),
      ).toBe("paid");
      const refundId = crypto.randomUUID();
      await refundOrder(
        database.db,
        { orderId: order.id, refundId, amount: 10_000, reason: "Returned unworn", requestedBy: "Efua Mensah" },
        { paystack, ...sender },
      );
      expect(standIn.refunds().filter((r) => r.transactionReference === attempt.reference)).toHaveLength(1);
      // As if Paystack's answer had been lost on the way back: queued there, unconfirmed here.
      await database.db
        .update(refunds)
        .set({ status: "unconfirmed", providerRefundId: null, providerRefundReference: null })
        .where(eq(refunds.id, refundId));
      return { order, refundId };
    }

    it("Check with Paystack is refused to a customer (403) and for another order's refund (404); the refund stays unconfirmed", async () => {
      const { order, refundId } = await unconfirmedRefund();
      const other = await createOrder(database.db, { totalAmount: 5_000 });

      const customer = await check(
        { intent: "check-refund", orderId: order.id, refundId },
        contextFor(customerId, "just.a.shopper@example.com"),
      );
      expect(customer.status).toBe(403);

      const elsewhere = await check({ intent: "check-refund", orderId: other.id, refundId }, asAdmin());
      expect(elsewhere).toMatchObject({
        status: 404,
        body: { ok: false, kind: "check-refund", message: "This refund is not one of this order's. Reload the page and try again." },
      });
      const unknown = await check({ intent: "check-refund", orderId: order.id, refundId: crypto.randomUUID() }, asAdmin());
      expect(unknown.status).toBe(404);
      const notAnId = await check({ intent: "check-refund", orderId: order.id, refundId: "42" }, asAdmin());
      expect(notAnId).toMatchObject({ status: 400, body: { ok: false, kind: "check-refund" } });

      const offline = await check({ intent: "check-refund", orderId: order.id, refundId }, asAdmin({ connected: false }));
      expect(offline).toMatchObject({
        status: 409,
        body: {
          ok: false,
          message: "Paystack is not connected: check this refund in the Paystack dashboard, or connect Paystack (Settings → Payments).",
        },
      });
      expect(await statusOf(refundId)).toBe("unconfirmed");
    });

    it("an admin's Check with Paystack asks Paystack and answers with the refund's new state, in words", async () => {
      const { order, refundId } = await unconfirmedRefund();
      const answer = await check({ intent: "check-refund", orderId: order.id, refundId }, asAdmin());
      expect(answer.status).toBe(200);
      const body = answer.body as { ok: boolean; kind: string; refundId: string; status: string; message: string };
      expect(body).toMatchObject({ ok: true, kind: "check-refund", refundId });
      // Paystack has it (queued): no longer unconfirmed; what the page now shows is what the answer said.
      expect(["pending", "processing", "processed"]).toContain(body.status);
      expect(body.message).toMatch(/Paystack/);
      expect(await statusOf(refundId)).toBe(body.status);
      const [shown] = (await detailsOf(order.id)).refunds;
      expect(shown).toMatchObject({ id: refundId, status: body.status });
    });
  }
});
