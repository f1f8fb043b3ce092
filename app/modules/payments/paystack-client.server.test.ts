import { describe, expect, it } from "vitest";
import { maskMobileNumber, PaystackError, parsePaystackEvent, parsePaystackTransaction, parseRefundEvent } from "./paystack-client.server";

const paid = {
  id: 4100000001,
  status: "success",
  reference: "AHF-1",
  amount: 123456,
  currency: "GHS",
  channel: "card",
  paid_at: "2026-11-24T09:15:02.000Z",
  fees: 2407,
  gateway_response: "Approved",
  authorization: { channel: "card", card_type: "visa ", brand: "Visa", last4: "4081", bin: "408408", exp_month: "12", exp_year: "2030" },
  customer: { email: "kofi@example.com" },
};

function invalidAnswer(run: () => unknown): PaystackError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PaystackError);
    expect((error as PaystackError).kind).toBe("invalid-answer");
    return error as PaystackError;
  }
  throw new Error("expected a PaystackError");
}

describe("parsePaystackTransaction", () => {
  it("keeps what the shop records of a card payment: brand and last 4 only", () => {
    expect(parsePaystackTransaction(paid)).toEqual({
      id: "4100000001",
      reference: "AHF-1",
      status: "success",
      amount: 123456,
      requestedAmount: null,
      currency: "GHS",
      channel: "card",
      paidAt: new Date("2026-11-24T09:15:02.000Z"),
      fees: 2407,
      card: { brand: "visa", last4: "4081" },
      mobileMoney: null,
      gatewayResponse: "Approved",
      customerEmail: "kofi@example.com",
    });
  });

  it("never keeps more than 4 digits of a card, whatever arrives in last4", () => {
    const parsed = parsePaystackTransaction({ ...paid, authorization: { ...paid.authorization, last4: "4084084084084081" } });
    expect(parsed.card).toEqual({ brand: "visa", last4: null });
    expect(JSON.stringify(parsed)).not.toContain("408408408");
  });

  it("keeps the network and the mobile number masked to its last 3 digits", () => {
    const parsed = parsePaystackTransaction({
      ...paid,
      channel: "mobile_money",
      authorization: { channel: "mobile_money", bank: "MTN", brand: "mtn", last4: "X987", mobile_money_number: "0551234987" },
    });
    expect(parsed.card).toBeNull();
    expect(parsed.mobileMoney).toEqual({ network: "MTN", maskedNumber: "•••987" });
    expect(JSON.stringify(parsed)).not.toContain("0551234");
  });

  it("reads amounts sent as digit strings (as some of Paystack's published samples do) and the requested amount", () => {
    const parsed = parsePaystackTransaction({ ...paid, amount: "125863", requested_amount: "123456", fees: "2407" });
    expect(parsed).toMatchObject({ amount: 125_863, requestedAmount: 123_456, fees: 2407 });
  });

  it("reads an unpaid transaction (empty authorization, no paid_at)", () => {
    const parsed = parsePaystackTransaction({ ...paid, status: "abandoned", paid_at: null, fees: null, authorization: {} });
    expect(parsed).toMatchObject({ status: "abandoned", paidAt: null, fees: null, card: null, mobileMoney: null });
  });

  it("refuses an answer without the documented fields, naming the fields and not their values", () => {
    const { amount: _amount, ...withoutAmount } = paid;
    const error = invalidAnswer(() => parsePaystackTransaction(withoutAmount));
    expect(error.message).toContain("amount");
    invalidAnswer(() => parsePaystackTransaction({ ...paid, amount: 1234.5 }));
    invalidAnswer(() => parsePaystackTransaction({ ...paid, amount: "1234.5" }));
    invalidAnswer(() => parsePaystackTransaction({ ...paid, amount: -1 }));
    invalidAnswer(() => parsePaystackTransaction({ ...paid, currency: "cedi" }));
    invalidAnswer(() => parsePaystackTransaction({ ...paid, paid_at: "yesterday" }));
    invalidAnswer(() => parsePaystackTransaction({ ...paid, status: "" }));
    invalidAnswer(() => parsePaystackTransaction(null));
    const withSecret = invalidAnswer(() => parsePaystackTransaction({ ...paid, currency: "sk_test_leaky" }));
    expect(withSecret.message).not.toContain("sk_test_leaky");
  });
});

describe("maskMobileNumber", () => {
  it("shows the last 3 digits only", () => {
    expect(maskMobileNumber("0551234987")).toBe("•••987");
    expect(maskMobileNumber("+233 55 123 4987")).toBe("•••987");
    expect(maskMobileNumber("055****987")).toBe("•••987");
    expect(maskMobileNumber("0551234XXX")).toBeNull();
    expect(maskMobileNumber(null)).toBeNull();
  });
});

describe("parsePaystackEvent", () => {
  it("reads a charge event as a transaction", () => {
    const event = parsePaystackEvent(JSON.stringify({ event: "charge.success", data: paid }));
    expect(event.kind).toBe("charge");
    expect(event.kind === "charge" && event.transaction.card).toEqual({ brand: "visa", last4: "4081" });
  });

  it("reads a refund event as Paystack publishes it: no id, the amount as digits, its refund reference", () => {
    const event = parsePaystackEvent(
      JSON.stringify({
        event: "refund.processed",
        data: {
          status: "processed",
          transaction_reference: "AHF-1",
          refund_reference: "132013318360",
          amount: "10000",
          currency: "GHS",
          processor: "mpgs_zen",
          customer: { first_name: "Damilola", last_name: "Kwabena", email: "damilola@email.com" },
          integration: 412829,
          domain: "live",
        },
      }),
    );
    expect(event).toEqual({
      kind: "refund",
      event: "refund.processed",
      refund: {
        refundId: null,
        refundReference: "132013318360",
        transactionReference: "AHF-1",
        amount: 10000,
        currency: "GHS",
        status: "processed",
        merchantNote: null,
      },
    });
  });

  it("reads a refund event's id as text when there is one, and the reference of a nested transaction", () => {
    expect(
      parseRefundEvent({ id: 9000001, status: "needs-attention", transaction: { reference: "AHF-2" }, amount: 500, merchant_note: "x" }),
    ).toEqual({
      refundId: "9000001",
      refundReference: null,
      transactionReference: "AHF-2",
      amount: 500,
      currency: null,
      status: "needs-attention",
      merchantNote: "x",
    });
    invalidAnswer(() => parseRefundEvent({ status: "processed", transaction_reference: "AHF-1", amount: 0 }));
    invalidAnswer(() => parseRefundEvent({ status: "processed", transaction_reference: "AHF-1", amount: "5,000" }));
    invalidAnswer(() => parseRefundEvent({ transaction_reference: "AHF-1", amount: 500 }));
  });

  it("reads a dispute event: the transaction disputed, the amount asked back and the due date", () => {
    const event = parsePaystackEvent(
      JSON.stringify({
        event: "charge.dispute.create",
        data: {
          id: 358950,
          refund_amount: 5000,
          currency: "GHS",
          status: "awaiting-merchant-feedback",
          resolution: null,
          domain: "live",
          transaction: { id: 896467688, reference: "AHF-1", amount: 5000 },
          category: "chargeback",
          dueAt: "2026-12-05T09:00:00.000Z",
          updated_at: "2026-12-02T09:00:00.000Z",
          messages: [{ sender: "customer@example.com", body: "  I did not get the shirt.  " }],
        },
      }),
    );
    expect(event).toEqual({
      kind: "dispute",
      event: "charge.dispute.create",
      dispute: {
        id: "358950",
        amount: 5000,
        currency: "GHS",
        status: "awaiting-merchant-feedback",
        resolution: null,
        category: "chargeback",
        transactionReference: "AHF-1",
        dueAt: new Date("2026-12-05T09:00:00.000Z"),
        resolvedAt: null,
        updatedAt: new Date("2026-12-02T09:00:00.000Z"),
        message: "I did not get the shirt.",
      },
    });
    // A dispute that names no transaction cannot be placed: refused as malformed.
    invalidAnswer(() =>
      parsePaystackEvent(JSON.stringify({ event: "charge.dispute.create", data: { id: 1, currency: "GHS", status: "pending" } })),
    );
  });

  it("reads charge events other than charge.success as events the shop does not use, whatever their shape", () => {
    const pos = { reference: "T-POS", amount: "5000", status: "success", channel: "pos" };
    expect(parsePaystackEvent(JSON.stringify({ event: "charge.failed", data: pos }))).toEqual({
      kind: "other",
      event: "charge.failed",
      data: pos,
    });
  });

  it("passes other events through and refuses what is not an event", () => {
    expect(parsePaystackEvent('{"event":"transfer.success","data":{"x":1}}')).toEqual({
      kind: "other",
      event: "transfer.success",
      data: { x: 1 },
    });
    invalidAnswer(() => parsePaystackEvent("not json"));
    invalidAnswer(() => parsePaystackEvent('{"data":{}}'));
    invalidAnswer(() => parsePaystackEvent('{"event":"charge.success","data":{"reference":"AHF-1"}}'));
  });
});
