import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  expireUnpaidOrders,
  startPaymentHoldWorker,
  type ExpireUnpaidOrdersOptions,
  type PaymentHoldLog,
  type VerifyPayment,
} from "~/modules/payments/payment-hold.server";
import { createPaymentAttempt, paymentAttemptsOf, type OnlineChannel } from "~/modules/payments/payment-attempts.server";
import { paymentExpiredEmail, paymentFailedEmail, paymentReceiptEmail } from "~/modules/payments/payment-emails.server";
import { initializeTransaction, verifyTransaction } from "~/modules/payments/paystack-client.server";
import { orders, orderStatusHistory } from "~db/schema/orders";
import { paymentAttempts } from "~db/schema/payments";
import { emailOutbox } from "~db/schema/store";
import { createProduct, stockOfVariant, variantOf } from "../factories/catalog";
import { createOrder } from "../factories/orders";
import { startPaystackStandIn, type PaystackStandIn } from "../support/paystack-stand-in";
import { describeWithDatabase } from "../setup/test-database";

/**
 * The payment hold (issue 11, item 6): an online order unpaid after its due time is cancelled
 * once (stock back once, one email), after one last check with Paystack (here the local
 * stand-in, through the shop's own client), whatever number of workers run at once.
 */
describeWithDatabase("payment hold", (database) => {
  const secretKey = "sk_test_paymenthold0123456789";
  const sender = { origin: "https://shop.example", storeName: "Ahenfie" };
  const STOCK_BEFORE_PLACING = 10;
  let standIn: PaystackStandIn;
  let verifyCalls = 0;
  const logged: { level: string; msg: string | undefined }[] = [];
  const log: PaymentHoldLog = {
    info: (_obj, msg) => logged.push({ level: "info", msg }),
    warn: (_obj, msg) => logged.push({ level: "warn", msg }),
    error: (_obj, msg) => logged.push({ level: "error", msg }),
  };
  const paystack = () => ({ secretKey, apiUrl: standIn.url, timeoutMs: 3_000 });
  const verify: VerifyPayment = (reference) => {
    verifyCalls++;
    return verifyTransaction(paystack(), reference);
  };
  const round = (overrides: Partial<ExpireUnpaidOrdersOptions> = {}) =>
    expireUnpaidOrders({ db: database.db, verify, log, sender, ...overrides });

  beforeAll(async () => {
    standIn = await startPaystackStandIn({ secretKey });
  });
  afterAll(() => standIn.close());
  beforeEach(async () => {
    standIn.setKnobs({ unreachable: false, failVerify: false, verifyDelayMs: 0, mobileMoneyApprovalDelayMs: 0 });
    verifyCalls = 0;
    logged.length = 0;
    await database.db.delete(orders);
    await database.db.delete(emailOutbox);
  });

  const minutes = (n: number) => n * 60_000;
  const ago = (ms: number) => new Date(Date.now() - ms);

  /**
   * An online order as checkout leaves it: stock taken (size M had 10), payment pending,
   * due at `dueAt`, one attempt, initialised with Paystack unless `initialise` is false.
   */
  async function heldOrder(options: { method?: OnlineChannel; dueAt?: Date; quantity?: number; initialise?: boolean } = {}) {
    const { method = "card", dueAt = ago(minutes(1)), quantity = 2, initialise = true } = options;
    const product = await createProduct(database.db, { stock: STOCK_BEFORE_PLACING - quantity, price: 18_999 });
    const order = await createOrder(database.db, {
      paymentMethod: method,
      items: [
        {
          productId: product.id,
          name: product.name,
          unitPrice: 18_999,
          quantity,
          size: "M",
          variantId: (await variantOf(database.db, product.id, "M")).id,
        },
      ],
    });
    await database.db.update(orders).set({ paymentDueAt: dueAt }).where(eq(orders.id, order.id));
    const attempt = await createPaymentAttempt(database.db, {
      orderId: order.id,
      amount: order.totalAmount,
      currency: "GHS",
      channel: method,
    });
    if (initialise) {
      await initializeTransaction(paystack(), {
        email: order.customerEmail,
        amount: order.totalAmount,
        currency: "GHS",
        reference: attempt.reference,
        callbackUrl: `${sender.origin}/payments/callback`,
        channels: [method],
      });
      await database.db.update(paymentAttempts).set({ status: "pending" }).where(eq(paymentAttempts.id, attempt.id));
    }
    return { order, attempt, product, dueAt };
  }

  const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  /** Units left in size M, the size every order here took. */
  const stockOf = (id: number) => stockOfVariant(database.db, id, "M");
  const cancellations = (id: string) =>
    database.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, id), eq(orderStatusHistory.status, "cancelled")));
  const emails = () => database.db.select().from(emailOutbox);

  it("cancels an unpaid online order past its due time once: stock back once, attempt abandoned, one email", async () => {
    const { order, attempt, product } = await heldOrder();
    expect(await stockOf(product.id)).toBe(8);

    const report = await round();
    expect(report).toMatchObject({ checked: 1, cancelled: 1, paid: 0, waiting: 0 });
    expect(verifyCalls).toBe(1);
    const cancelled = await orderRow(order.id);
    expect(cancelled).toMatchObject({ orderStatus: "cancelled", paymentStatus: "pending", paymentDueAt: null });
    expect(await stockOf(product.id)).toBe(STOCK_BEFORE_PLACING);
    const history = await cancellations(order.id);
    expect(history).toHaveLength(1);
    expect(history[0]!.changedBy).toBe("Payment hold");
    expect(history[0]!.notes).toMatch(/^Payment not received within the payment hold \(.+\): cancelled, stock returned$/);
    expect((await paymentAttemptsOf(database.db, order.id))[0]).toMatchObject({ id: attempt.id, status: "abandoned" });
    const sent = await emails();
    expect(sent.map((e) => [e.kind, e.toAddress, e.subject])).toEqual([
      ["payment-expired", order.customerEmail, `Your order ${order.orderNumber} was cancelled: we did not receive payment`],
    ]);

    // Another round (or a restart) changes nothing more.
    expect(await round()).toMatchObject({ checked: 0, cancelled: 0 });
    expect(await stockOf(product.id)).toBe(STOCK_BEFORE_PLACING);
    expect(await cancellations(order.id)).toHaveLength(1);
    expect(await emails()).toHaveLength(1);
  });

  it("several workers at once cancel each order once and return its stock once", async () => {
    const held = await Promise.all(Array.from({ length: 5 }, () => heldOrder({ dueAt: ago(minutes(3)) })));
    // A slow Paystack, so the workers' checks overlap and they race for the same orders.
    standIn.setKnobs({ verifyDelayMs: 30 });
    const reports = await Promise.all(Array.from({ length: 4 }, () => round({ batchSize: 2 })));

    expect(reports.reduce((sum, r) => sum + r.cancelled, 0)).toBe(5);
    expect(reports.reduce((sum, r) => sum + r.paid + r.waiting + r.leftForStaff, 0)).toBe(0);
    for (const { order, product } of held) {
      expect((await orderRow(order.id)).orderStatus).toBe("cancelled");
      expect(await cancellations(order.id)).toHaveLength(1);
      expect(await stockOf(product.id)).toBe(STOCK_BEFORE_PLACING);
    }
    const sent = await emails();
    expect(sent.map((e) => e.kind)).toEqual(Array(5).fill("payment-expired"));
    expect(new Set(sent.map((e) => e.toAddress))).toEqual(new Set(held.map((h) => h.order.customerEmail)));
  });

  it("marks an order paid, not cancelled, when Paystack reports it paid at the last check", async () => {
    const { order, attempt, product } = await heldOrder();
    // Paid on Paystack's page, but the webhook never arrived and the shopper never came back.
    standIn.approve(attempt.reference);

    expect(await round()).toMatchObject({ checked: 1, paid: 1, cancelled: 0 });
    expect(await orderRow(order.id)).toMatchObject({ orderStatus: "processing", paymentStatus: "paid", paymentDueAt: null });
    expect(await stockOf(product.id)).toBe(8);
    expect(await cancellations(order.id)).toHaveLength(0);
    expect((await paymentAttemptsOf(database.db, order.id))[0]).toMatchObject({ status: "success", cardLast4: "4081" });
    expect((await emails()).map((e) => e.kind)).toEqual(["payment-receipt"]);
    expect(await round()).toMatchObject({ checked: 0 });
  });

  it("leaves the order alone while Paystack cannot be reached, and cancels it anyway 2 hours past due, saying why", async () => {
    const { order, product, dueAt } = await heldOrder();
    standIn.setKnobs({ unreachable: true });

    expect(await round()).toMatchObject({ checked: 1, waiting: 1, cancelled: 0 });
    standIn.setKnobs({ unreachable: false, failVerify: "server-error" });
    expect(await round({ now: new Date(dueAt.getTime() + minutes(90)) })).toMatchObject({ waiting: 1, cancelled: 0 });
    expect(await orderRow(order.id)).toMatchObject({ orderStatus: "processing", paymentStatus: "pending", paymentDueAt: dueAt });
    expect(await stockOf(product.id)).toBe(8);
    expect(await emails()).toHaveLength(0);
    expect(logged.filter((l) => l.level === "warn").map((l) => l.msg)).toEqual([
      "payment hold: could not check an overdue order's payment with Paystack",
      "payment hold: could not check an overdue order's payment with Paystack",
    ]);

    expect(await round({ now: new Date(dueAt.getTime() + minutes(121)) })).toMatchObject({ cancelled: 1 });
    expect((await orderRow(order.id)).orderStatus).toBe("cancelled");
    expect(await stockOf(product.id)).toBe(STOCK_BEFORE_PLACING);
    const [entry] = await cancellations(order.id);
    expect(entry!.notes).toMatch(
      /^Payment not received, and Paystack could not confirm it for 2 hours after the payment was due \(.*HTTP 500.*\): cancelled anyway/,
    );
    expect((await emails()).map((e) => e.kind)).toEqual(["payment-expired"]);
  });

  it("waits while a mobile money payment is being approved on the phone, up to the grace time", async () => {
    const { order, attempt, dueAt } = await heldOrder({ method: "mobile_money" });
    standIn.setKnobs({ mobileMoneyApprovalDelayMs: minutes(10) });
    expect(standIn.approve(attempt.reference, { channel: "mobile_money" }).status).toBe("ongoing");

    expect(await round({ now: new Date(dueAt.getTime() + minutes(5)) })).toMatchObject({ waiting: 1, cancelled: 0 });
    expect((await orderRow(order.id)).orderStatus).toBe("processing");
    expect(await round({ now: new Date(dueAt.getTime() + minutes(16)) })).toMatchObject({ cancelled: 1 });
    expect((await cancellations(order.id))[0]!.notes).toMatch(/^Payment still "ongoing" with Paystack 16 minutes after it was due/);
  });

  it("cancels an order whose payment never reached Paystack (Paystack does not know the reference)", async () => {
    const { order, product } = await heldOrder({ initialise: false });
    expect(await round()).toMatchObject({ cancelled: 1 });
    expect(await stockOf(product.id)).toBe(STOCK_BEFORE_PLACING);
    expect((await paymentAttemptsOf(database.db, order.id))[0]!.status).toBe("abandoned");
  });

  it("records a verified decline as failed when it cancels", async () => {
    const { order, attempt } = await heldOrder();
    standIn.decline(attempt.reference);
    expect(await round()).toMatchObject({ cancelled: 1 });
    expect((await paymentAttemptsOf(database.db, order.id))[0]!.status).toBe("failed");
    expect((await emails()).map((e) => e.kind)).toEqual(["payment-expired"]);
  });

  it("never touches Pay on Delivery orders, paid orders, cancelled or confirmed ones, nor orders not yet due", async () => {
    const past = ago(minutes(30));
    const product = await createProduct(database.db, { stock: 4 });
    const items = [
      { productId: product.id, unitPrice: 10_000, quantity: 1, size: "M", variantId: (await variantOf(database.db, product.id, "M")).id },
    ];
    const podOrder = await createOrder(database.db, { paymentMethod: "pay_on_delivery", items });
    const paid = await createOrder(database.db, { paymentMethod: "card", paymentStatus: "paid", items });
    const cancelled = await createOrder(database.db, { paymentMethod: "mobile_money", orderStatus: "cancelled", items });
    const confirmed = await createOrder(database.db, { paymentMethod: "card", orderStatus: "confirmed", items });
    for (const o of [podOrder, paid, cancelled, confirmed]) {
      await database.db.update(orders).set({ paymentDueAt: past }).where(eq(orders.id, o.id));
      await createPaymentAttempt(database.db, { orderId: o.id, amount: o.totalAmount, currency: "GHS", channel: "card" });
    }
    const notYetDue = await heldOrder({ dueAt: new Date(Date.now() + minutes(10)) });
    const allOrders = () => database.db.select().from(orders).orderBy(orders.id);
    const before = await allOrders();

    expect(await round()).toMatchObject({ checked: 0, cancelled: 0, paid: 0 });
    expect(verifyCalls).toBe(0);
    expect(await allOrders()).toEqual(before);
    expect(await stockOf(product.id)).toBe(4);
    expect(await stockOf(notYetDue.product.id)).toBe(8);
    expect(await emails()).toHaveLength(0);
  });

  it("the worker runs rounds on its own and stops cleanly", async () => {
    const { order } = await heldOrder();
    const worker = startPaymentHoldWorker({ db: database.db, verify, log, sender, intervalMs: 20 });
    try {
      const deadline = Date.now() + 10_000;
      while ((await orderRow(order.id)).orderStatus !== "cancelled" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await worker.stop();
    }
    expect((await orderRow(order.id)).orderStatus).toBe("cancelled");
    const calls = verifyCalls;
    await new Promise((r) => setTimeout(r, 60));
    expect(verifyCalls).toBe(calls);
    expect(await cancellations(order.id)).toHaveLength(1);
  });
});

describe("payment emails", () => {
  const order = {
    storeName: "Ahenfie",
    origin: "https://shop.example",
    orderId: "6d1f7a1e-4a4b-4c1e-9d55-0b8f1c2d3e4f",
    orderNumber: "ORD-482915",
    customerName: "Kwame Mensah",
    customerEmail: "kwame@example.com",
    currency: "GHS" as const,
    timeZone: "Africa/Accra",
  };
  const lines = [{ name: "Royal Kente Kaftan", quantity: 2, unitPrice: 18_750, size: "L", color: "Gold" }];

  it("the receipt names the total paid, the method, the store-time paid time and the reference", () => {
    const email = paymentReceiptEmail({
      ...order,
      lines,
      subtotal: 37_500,
      shipping: 0,
      total: 37_500,
      method: "Visa •••• 4081",
      paidAt: new Date("2026-11-24T10:05:00Z"),
      reference: "AHF-abc123",
    });
    expect(email).toMatchObject({ to: "kwame@example.com", kind: "payment-receipt", subject: "Payment received for order ORD-482915" });
    expect(email.text).toContain("Total paid: GHS 375.00");
    expect(email.text).toContain("Paid with: Visa •••• 4081");
    expect(email.text).toContain("Paid on: 24 Nov 2026, 10:05 GMT");
    expect(email.text).toContain("Payment reference: AHF-abc123");
    expect(email.text).toContain("Royal Kente Kaftan (Gold · Size L · 2 × ₵187.50): ₵375.00");
    expect(email.html).toContain("Paid with: Visa •••• 4081");
    const newYork = paymentReceiptEmail({
      ...order,
      timeZone: "America/New_York",
      lines,
      subtotal: 37_500,
      shipping: 0,
      total: 37_500,
      method: "MTN mobile money •••987",
      paidAt: new Date("2026-11-24T10:05:00Z"),
      reference: "AHF-abc123",
    });
    expect(newYork.text).toContain("Paid on: 24 Nov 2026, 05:05 America/New_York");
    expect(newYork.text).toContain("Paid with: MTN mobile money •••987");
  });

  it("the failed email's Pay now button opens the order's page on the configured origin, with the hold's end", () => {
    const email = paymentFailedEmail({ ...order, total: 37_500, reason: "Declined", heldUntil: new Date("2026-11-24T10:35:00Z") });
    const payNow = `https://shop.example/order-confirmation/${order.orderId}`;
    expect(email).toMatchObject({ kind: "payment-failed", subject: "Payment for order ORD-482915 did not go through" });
    expect(email.text).toContain(`Pay now: ${payNow}`);
    expect(email.html).toContain(`href="${payNow}"`);
    expect(email.text).toContain("GHS 375.00 for order ORD-482915 did not go through (Declined)");
    expect(email.text).toContain("until 24 Nov 2026, 10:35 GMT");
    expect(paymentFailedEmail({ ...order, origin: "https://ahenfie.com.gh", total: 1, reason: null, heldUntil: null }).text).toContain(
      `Pay now: https://ahenfie.com.gh/order-confirmation/${order.orderId}`,
    );
  });

  it("the expired email says the order was cancelled for want of payment", () => {
    const email = paymentExpiredEmail({ ...order, total: 37_500, lines });
    expect(email).toMatchObject({ kind: "payment-expired", subject: "Your order ORD-482915 was cancelled: we did not receive payment" });
    expect(email.text).toContain("we did not receive payment in time, so we have cancelled it");
    expect(email.text).not.toContain("Pay now");
  });
});
