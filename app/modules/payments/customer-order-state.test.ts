import { describe, expect, it } from "vitest";
import { customerOrderState, heldUntilSentence } from "./customer-order-state";
import type { OrderPaymentView } from "./payment-view";

const held = "2026-12-03T07:00:00.000Z";
const pending = { paymentStatus: "pending", orderStatus: "processing" };

describe("customerOrderState", () => {
  it("a declined online payment is 'Not paid yet', held, never confirmed nor 'Processing'", () => {
    const state = customerOrderState(pending, { state: "failed", message: "Declined", heldUntil: held });
    expect(state).toMatchObject({ key: "not-paid", heading: "Not paid yet", tone: "problem", heldUntil: held });
    expect(state.message).toContain("Pay now");
    expect(state.message).toContain("another one");
    expect(state.badges.payment.label).toBe("Not paid");
    expect(state.badges.order.label).toBe("Held for you");
    expect(JSON.stringify(state)).not.toMatch(/processing|pending|confirmed/i);
  });

  it.each<[OrderPaymentView, string, string, string | null]>([
    [{ state: "not-started", heldUntil: held }, "not-paid", "Not paid yet", held],
    [{ state: "waiting", mobileMoney: true, heldUntil: held }, "awaiting-payment", "Not paid yet", held],
    [{ state: "checking" }, "checking", "Payment under review", null],
    [{ state: "expired" }, "expired", "Order Cancelled", null],
  ])("%j → %s", (payment, key, heading, heldUntil) => {
    const state = customerOrderState(pending, payment);
    expect(state).toMatchObject({ key, heading, heldUntil });
    expect(state.tone).not.toBe("good");
  });

  it("paid online, or Pay on Delivery, is confirmed with the stored statuses as badges", () => {
    const paid = customerOrderState({ paymentStatus: "paid", orderStatus: "processing" }, { state: "paid", method: "Visa •••• 4081" });
    expect(paid).toMatchObject({ key: "confirmed", heading: "Order Confirmed!", tone: "good", heldUntil: null });
    expect(paid.badges).toEqual({ payment: { label: "Paid", colour: "paid" }, order: { label: "Processing", colour: "processing" } });
    const cod = customerOrderState({ paymentStatus: "pending", orderStatus: "shipped" }, null);
    expect(cod).toMatchObject({ key: "confirmed", tone: "good" });
    expect(cod.badges.payment.label).toBe("Pending");
  });

  it("a cancelled order is never shown as confirmed", () => {
    expect(customerOrderState({ paymentStatus: "refunded", orderStatus: "cancelled" }, null)).toMatchObject({
      key: "cancelled",
      heading: "Order Cancelled",
      tone: "problem",
    });
    expect(customerOrderState({ paymentStatus: "partially_refunded", orderStatus: "cancelled" }, null).badges.payment.label).toBe(
      "Partially refunded",
    );
  });

  it("says until when the pieces are held", () => {
    expect(heldUntilSentence("3 Dec 2026, 07:00 GMT")).toBe(
      "Your pieces are held for you until 3 Dec 2026, 07:00 GMT; unpaid after that, the order is cancelled and nothing is charged.",
    );
  });
});
