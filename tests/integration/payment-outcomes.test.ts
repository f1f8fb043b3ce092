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
  const receipts = () => database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "payment-status"));

  it("a verified success for the order's total marks it paid once, with the card's brand and last 4 and a receipt", async () => {
    const { order, attempt } = await onlineOrder();
    expect(attempt.reference).toMatch(/^AHF-[\w-]{22}$/);
    expect(await applyVerifiedTransaction(database.db, attempt.reference, success(37_499), sender)).toBe("paid");
    expect(await paymentStatusOf(order.id)).toBe("paid");
    const [recorded] = await paymentAttemptsOf(database.db, order.id);
    expect(recorded).toMatchObject({ status: "success", cardBrand: "visa", cardLast4: "4081", fees: 731, channel: "card" });
    expect((await paidEntries(order.id)).map((h) => h.notes)).toEqual([`Paid online (Visa •••• 4081), reference ${attempt.reference}`]);
    expect((await receipts()).map((e) => e.toAddress)).toEqual(["ama@example.com"]);
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
