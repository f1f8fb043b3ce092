import { and, eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import {
  applyVerifiedTransaction,
  createPaymentAttempt,
  paymentAttemptsOf,
  type VerifiedTransaction,
} from "~/modules/payments/payment-attempts.server";
import { orders, orderStatusHistory } from "~db/schema/orders";
import { emailOutbox } from "~db/schema/store";
import { createOrder } from "../factories/orders";
import { describeWithDatabase } from "../setup/test-database";

/**
 * What Paystack reports about a payment changes an order only once it is verified, only for
 * the attempt's own amount and currency, and exactly once however often and however
 * concurrently it arrives (webhook retries, duplicates, the callback racing the webhook).
 */
describeWithDatabase("applying verified payments", (database) => {
  const sender = { origin: "https://shop.example", storeName: "Ahenfie" };
  const success = (amount: number, overrides: Partial<VerifiedTransaction> = {}): VerifiedTransaction => ({
    status: "success",
    amount,
    currency: "GHS",
    channel: "card",
    paidAt: new Date("2026-11-24T10:00:00Z"),
    fees: Math.round(amount * 0.0195),
    card: { brand: "visa", last4: "4081" },
    mobileMoney: null,
    gatewayResponse: "Approved",
    ...overrides,
  });

  beforeEach(async () => {
    await database.db.delete(orders);
    await database.db.delete(emailOutbox);
  });

  async function onlineOrder(total = 37_499) {
    const order = await createOrder(database.db, { totalAmount: total, paymentMethod: "card", customerEmail: "ama@example.com" });
    const attempt = await createPaymentAttempt(database.db, { orderId: order.id, amount: total, currency: "GHS", channel: "card" });
    return { order, attempt };
  }
  const paymentStatusOf = async (id: string) =>
    (await database.db.select({ s: orders.paymentStatus }).from(orders).where(eq(orders.id, id)))[0]!.s;
  const paidEntries = (id: string) =>
    database.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, id), eq(orderStatusHistory.paymentStatus, "paid")));
  const receipts = () => database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "payment-receipt"));
  const emailKinds = async () => (await database.db.select().from(emailOutbox).orderBy(emailOutbox.id)).map((e) => e.kind);
  const heldUntil = (id: string, dueAt: Date | null) => database.db.update(orders).set({ paymentDueAt: dueAt }).where(eq(orders.id, id));

  it("a verified success for the order's total marks it paid once, with the card's brand and last 4 and a receipt", async () => {
    const { order, attempt } = await onlineOrder();
    expect(attempt.reference).toMatch(/^AHF-[0-9a-f]{32}$/);
    expect(await applyVerifiedTransaction(database.db, attempt.reference, success(37_499), sender)).toBe("paid");
    expect(await paymentStatusOf(order.id)).toBe("paid");
    const [recorded] = await paymentAttemptsOf(database.db, order.id);
    expect(recorded).toMatchObject({ status: "success", cardBrand: "visa", cardLast4: "4081", fees: 731, channel: "card" });
    expect((await paidEntries(order.id)).map((h) => h.notes)).toEqual([`Paid online (Visa •••• 4081), reference ${attempt.reference}`]);
    const [receipt] = await receipts();
    expect(receipt!.toAddress).toBe("ama@example.com");
    expect(receipt!.subject).toBe(`Payment received for order ${order.orderNumber}`);
    expect(receipt!.text).toContain("Total paid: GHS 374.99");
    expect(receipt!.text).toContain("Paid with: Visa •••• 4081");
    expect(receipt!.text).toContain("Paid on: 24 Nov 2026, 10:00 GMT");
    expect(receipt!.text).toContain(`Payment reference: ${attempt.reference}`);
    // The receipt replaces the generic payment-status email: one email for one payment.
    expect(await emailKinds()).toEqual(["payment-receipt"]);
    // The same event again changes nothing.
    expect(await applyVerifiedTransaction(database.db, attempt.reference, success(37_499), sender)).toBe("already-paid");
    expect(await paidEntries(order.id)).toHaveLength(1);
    expect(await receipts()).toHaveLength(1);
  });

  it("50 concurrent deliveries of the same success give one paid transition, one history entry and one email", async () => {
    const { order, attempt } = await onlineOrder();
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () => applyVerifiedTransaction(database.db, attempt.reference, success(37_499), sender)),
    );
    expect(outcomes.filter((o) => o === "paid")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "already-paid")).toHaveLength(49);
    expect(await paymentStatusOf(order.id)).toBe("paid");
    expect(await paidEntries(order.id)).toHaveLength(1);
    expect(await receipts()).toHaveLength(1);
    expect(await emailKinds()).toEqual(["payment-receipt"]);
  });

  it("a payment verified paid ends the order's payment hold", async () => {
    const { order, attempt } = await onlineOrder();
    await heldUntil(order.id, new Date(Date.now() + 30 * 60_000));
    expect(await applyVerifiedTransaction(database.db, attempt.reference, success(37_499), sender)).toBe("paid");
    expect((await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.paymentDueAt).toBeNull();
  });

  it("money that arrives after the hold cancelled the order is recorded as paid, with a note for staff", async () => {
    const { order, attempt } = await onlineOrder();
    await database.db.update(orders).set({ orderStatus: "cancelled" }).where(eq(orders.id, order.id));
    expect(await applyVerifiedTransaction(database.db, attempt.reference, success(37_499), sender)).toBe("paid");
    expect((await paidEntries(order.id)).map((h) => h.notes)).toEqual([
      `Paid online (Visa •••• 4081), reference ${attempt.reference} after the order was cancelled: refund it or reactivate the order`,
    ]);
  });

  it("a declined attempt emails the shopper once, with Pay now, while the order is held", async () => {
    const { order, attempt } = await onlineOrder();
    const dueAt = new Date(Date.now() + 30 * 60_000);
    await heldUntil(order.id, dueAt);
    const declined = { ...success(37_499), status: "failed", gatewayResponse: "Declined" };
    expect(await applyVerifiedTransaction(database.db, attempt.reference, declined, sender)).toBe("failed");
    expect(await applyVerifiedTransaction(database.db, attempt.reference, declined, sender)).toBe("failed");
    const failedEmails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "payment-failed"));
    expect(failedEmails).toHaveLength(1);
    expect(failedEmails[0]!.toAddress).toBe("ama@example.com");
    expect(failedEmails[0]!.text).toContain(`Pay now: https://shop.example/order-confirmation/${order.id}`);
    expect(failedEmails[0]!.text).toContain("did not go through (Declined)");
    expect(failedEmails[0]!.html).toContain(`href="https://shop.example/order-confirmation/${order.id}"`);

    // A second attempt declined is a second email; abandoning is not a failure to report.
    const second = await createPaymentAttempt(database.db, { orderId: order.id, amount: 37_499, currency: "GHS", channel: "card" });
    expect(await applyVerifiedTransaction(database.db, second.reference, declined, sender)).toBe("failed");
    const third = await createPaymentAttempt(database.db, { orderId: order.id, amount: 37_499, currency: "GHS", channel: "card" });
    expect(await applyVerifiedTransaction(database.db, third.reference, { ...declined, status: "abandoned" }, sender)).toBe("abandoned");
    expect(await emailKinds()).toEqual(["payment-failed", "payment-failed"]);
  });

  it("no Pay now email once the hold is over, the order cancelled or already paid", async () => {
    const declined = { ...success(37_499), status: "failed", gatewayResponse: "Declined" };
    const overdue = await onlineOrder();
    await heldUntil(overdue.order.id, new Date(Date.now() - 60_000));
    expect(await applyVerifiedTransaction(database.db, overdue.attempt.reference, declined, sender)).toBe("failed");
    const cancelled = await onlineOrder();
    await database.db.update(orders).set({ orderStatus: "cancelled" }).where(eq(orders.id, cancelled.order.id));
    expect(await applyVerifiedTransaction(database.db, cancelled.attempt.reference, declined, sender)).toBe("failed");
    const paid = await onlineOrder();
    await database.db.update(orders).set({ paymentStatus: "paid" }).where(eq(orders.id, paid.order.id));
    expect(await applyVerifiedTransaction(database.db, paid.attempt.reference, declined, sender)).toBe("failed");
    expect(await emailKinds()).toEqual([]);
  });

  it("another amount or currency is recorded for staff and never paid", async () => {
    const { order, attempt } = await onlineOrder();
    expect(await applyVerifiedTransaction(database.db, attempt.reference, success(100), sender)).toBe("mismatch");
    expect(await paymentStatusOf(order.id)).toBe("pending");
    const [recorded] = await paymentAttemptsOf(database.db, order.id);
    expect(recorded!.status).toBe("mismatch");
    expect(recorded!.gatewayMessage).toBe("Paystack reported GHS 1 for a charge of GHS 374.99: not marked paid.");

    const second = await onlineOrder(5_000);
    expect(await applyVerifiedTransaction(database.db, second.attempt.reference, success(5_000, { currency: "NGN" }), sender)).toBe(
      "mismatch",
    );
    expect(await paymentStatusOf(second.order.id)).toBe("pending");
    expect(await receipts()).toHaveLength(0);
  });

  it("a decline is recorded, a later success on the same reference still pays; unknown references change nothing", async () => {
    const { order, attempt } = await onlineOrder();
    expect(
      await applyVerifiedTransaction(
        database.db,
        attempt.reference,
        { ...success(37_499), status: "failed", gatewayResponse: "Declined" },
        sender,
      ),
    ).toBe("failed");
    expect(await paymentStatusOf(order.id)).toBe("pending");
    expect((await paymentAttemptsOf(database.db, order.id))[0]).toMatchObject({ status: "failed", gatewayMessage: "Declined" });
    expect(await applyVerifiedTransaction(database.db, attempt.reference, { ...success(37_499), status: "ongoing" }, sender)).toBe(
      "pending",
    );
    expect(await applyVerifiedTransaction(database.db, attempt.reference, success(37_499), sender)).toBe("paid");
    expect(await applyVerifiedTransaction(database.db, "AHF-no-such-reference", success(37_499), sender)).toBe("unknown-reference");
  });
});
