import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPaystackClient, type InitializeTransactionInput, PaystackError } from "~/modules/payments/paystack-client.server";
import { shapeDifferences, type JsonShape, type ShapeOptions } from "../fixtures/paystack/shapes";
import { defaultKnobs, type PaystackStandIn, startPaystackStandIn } from "../support/paystack-stand-in";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

/**
 * The stand-in sends and answers exactly what Paystack publishes: for every event and API answer
 * it produces, the keys of Paystack's own sample are all there with the same JSON type (amounts a
 * string where the sample has a string). The samples' shapes are in published-shapes.json (see
 * tests/fixtures/paystack/SOURCES.md). Then its knobs: answers lost after the work was done,
 * duplicate references, fees paid by the customer, in-progress statuses, List Refunds' filter.
 */

const shapes = JSON.parse(fs.readFileSync(new URL("../fixtures/paystack/published-shapes.json", import.meta.url), "utf8")) as Record<
  string,
  JsonShape
>;

/** Where Paystack's own samples disagree with each other, so either is what Paystack sends. */
const TRANSACTION_LEEWAY: ShapeOptions = {
  // metadata is published as 0 (webhooks page), "" (mobile money, verify) and objects (others).
  anyType: ["data.metadata", "data.transaction.metadata"],
  nullable: [
    // The verify sample and refund.needs-attention have null names: Paystack knows no name.
    "data.customer.first_name",
    "data.customer.last_name",
    // The mobile money, direct debit and dispute samples have log null.
    "data.log",
    // The verify sample has account_name null.
    "data.authorization.account_name",
    // The verify sample has message null and customer.phone null.
    "data.message",
    "data.customer.phone",
  ],
};

function expectPublishedShape(sample: string, value: unknown, options: ShapeOptions = {}) {
  const shape = shapes[sample];
  if (!shape) throw new Error(`No published shape ${sample}`);
  expect(shapeDifferences(shape, value, options), `${sample} differs`).toEqual([]);
}

const secretKey = "sk_test_shapes_0123456789abcdef";
let standIn: PaystackStandIn;
let receiver: WebhookReceiver;

const newReference = () => `AHF-${crypto.randomBytes(10).toString("hex")}`;

async function api(method: string, path: string, body?: unknown, key = secretKey) {
  const response = await fetch(`${standIn.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { data: Record<string, unknown> } };
}

async function initialize(overrides: Record<string, unknown> = {}) {
  const reference = newReference();
  const answer = await api("POST", "/transaction/initialize", {
    email: "ama@example.com",
    amount: 45000,
    currency: "GHS",
    reference,
    callback_url: "http://shop.test/checkout/paid",
    channels: ["card", "mobile_money"],
    metadata: JSON.stringify({ orderNumber: "ORD-0042" }),
    ...overrides,
  });
  return { reference, answer };
}

async function paid(choice: Parameters<PaystackStandIn["approve"]>[1] = { channel: "card" }, overrides: Record<string, unknown> = {}) {
  const { reference } = await initialize(overrides);
  standIn.approve(reference, choice);
  await standIn.idle();
  receiver.received.length = 0;
  return reference;
}

/** Every event received so far, parsed. */
const events = () => receiver.received.map((w) => JSON.parse(w.rawBody) as { event: string; data: Record<string, unknown> });

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  standIn = await startPaystackStandIn({ secretKey, webhookUrl: receiver.url, webhookRetryDelayMs: 10 });
});
afterAll(async () => {
  await standIn?.close();
  await receiver?.close();
});
beforeEach(async () => {
  await standIn.idle();
  standIn.setKnobs({ ...defaultKnobs, webhookUrl: receiver.url, webhookRetryDelayMs: 10 });
  receiver.received.length = 0;
});

describe("the comparison itself", () => {
  it("finds a number where Paystack sends a string, a missing key and an object where it sends a string", () => {
    const shape = shapes["events/refund-processed.json"]!;
    const wrong = {
      event: "refund.processed",
      data: { status: "processed", transaction_reference: "T1", refund_reference: "1", amount: 5000, currency: "GHS", processor: {} },
    };
    expect(shapeDifferences(shape, wrong)).toEqual([
      "data.amount: number (5000), published as string",
      "data.processor: object, published as string",
      "data.customer: missing",
      "data.integration: missing",
      "data.domain: missing",
    ]);
    expect(shapeDifferences(shape, { ...wrong, data: { ...wrong.data, amount: null } }, { nullable: ["data.amount"] })).not.toContain(
      "data.amount: null, published as string",
    );
  });
});

describe("transactions, as published", () => {
  it("initialize, verify and the card charge.success have every key of Paystack's samples", async () => {
    const { reference, answer } = await initialize();
    expect(answer.status).toBe(200);
    expectPublishedShape("api/initialize/response.json#200", answer.body);

    standIn.approve(reference, { channel: "card" });
    await standIn.idle();
    const [charge] = events();
    expect(charge!.event).toBe("charge.success");
    expectPublishedShape("events/charge-success.json", charge, TRANSACTION_LEEWAY);

    const verified = await api("GET", `/transaction/verify/${reference}`);
    expect(verified.body.data).toMatchObject({ status: "success", reference, amount: 45000, requested_amount: 45000 });
    expectPublishedShape("api/verify/response.json#200", verified.body, TRANSACTION_LEEWAY);
  });

  it("mobile money's charge.success has every key of Paystack's mobile money sample", async () => {
    const { reference } = await initialize();
    standIn.approve(reference, { channel: "mobile_money", network: "MTN", phone: "0551234149" });
    await standIn.idle();
    const [charge] = events();
    expect(charge!.data).toMatchObject({ channel: "mobile_money", authorization: { last4: "X149", bank: "MTN" } });
    expectPublishedShape("events/charge-success-mobile-money.json", charge, TRANSACTION_LEEWAY);
  });

  it("a wrong key: 401 with Paystack's body; a reference used before: 400 duplicate_reference, exactly as published", async () => {
    const wrongKey = await api("GET", "/transaction/verify/anything", undefined, "sk_test_not_the_key");
    expect(wrongKey).toEqual({ status: 401, body: { status: false, message: "Invalid key" } });
    expectPublishedShape("api/errors/unauthorized.json", wrongKey.body);
    expectPublishedShape("api/verify/response.json#400", wrongKey.body);

    const { reference } = await initialize();
    const again = await initialize({ reference });
    expect(again.answer.status).toBe(400);
    expect(again.answer.body).toEqual({
      status: false,
      message: "Duplicate Transaction Reference",
      meta: { nextStep: "Try and create the Transaction or Charge with a new reference" },
      type: "validation_error",
      code: "duplicate_reference",
      errorCodeMappingNotFound: false,
    });
    expectPublishedShape("api/initialize/duplicate-reference.json", again.answer.body);
  });
});

describe("refunds, as published", () => {
  it("processed: the create answer, then refund.pending, refund.processing and refund.processed in order, without id, amounts as strings", async () => {
    const reference = await paid({ channel: "card" }, { metadata: JSON.stringify({ first_name: "Ama", last_name: "Owusu" }) });
    const created = await api("POST", "/refund", { transaction: reference, amount: 15000, merchant_note: "Wrong size" });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ status: "pending", amount: 15000, id: expect.any(Number) });
    expectPublishedShape("api/create-refund/response.json#200", created.body);

    await standIn.idle();
    const sent = events();
    expect(sent.map((e) => e.event)).toEqual(["refund.pending", "refund.processing", "refund.processed"]);
    expectPublishedShape("events/refund-pending.json", sent[0]);
    expectPublishedShape("events/refund-processing.json", sent[1]);
    expectPublishedShape("events/refund-processed.json", sent[2]);
    for (const e of sent) {
      expect(e.data).not.toHaveProperty("id");
      expect(e.data).toMatchObject({ transaction_reference: reference, amount: "15000", currency: "GHS" });
      expect(e.data.customer).toEqual({ first_name: "Ama", last_name: "Owusu", email: "ama@example.com" });
    }
    expect(sent.map((e) => e.data.refund_reference)).toEqual([null, null, expect.stringMatching(/^\d+$/)]);
    expect(standIn.refunds().at(-1)).toMatchObject({ status: "processed", amount: 15000 });
  });

  it("failed: refund.failed carries a TRF_ reference and the amount as a number, as Paystack's sample does", async () => {
    const reference = await paid();
    standIn.setKnobs({ refundOutcome: "failed" });
    await api("POST", "/refund", { transaction: reference });
    await standIn.idle();
    const sent = events();
    expect(sent.map((e) => e.event)).toEqual(["refund.pending", "refund.processing", "refund.failed"]);
    const failed = sent[2]!;
    expect(failed.data).toMatchObject({ status: "failed", amount: 45000, refund_reference: expect.stringMatching(/^TRF_\w+$/) });
    expect(failed.data).not.toHaveProperty("id");
    // No names were given: Paystack then says null (as in refund.needs-attention's sample).
    expectPublishedShape("events/refund-failed.json", failed, { nullable: ["data.customer.first_name", "data.customer.last_name"] });
  });

  it("needs attention: refund.needs-attention carries the refund's id as a string and both notes", async () => {
    const reference = await paid();
    standIn.setKnobs({ refundOutcome: "needs-attention" });
    const created = await api("POST", "/refund", { transaction: reference, amount: 5306, merchant_note: "Refund 17 of ORD-0042" });
    await standIn.idle();
    const last = events().at(-1)!;
    expect(last.event).toBe("refund.needs-attention");
    expect(last.data).toMatchObject({
      status: "needs-attention",
      id: String(created.body.data.id),
      amount: 5306,
      merchant_note: "Refund 17 of ORD-0042",
      customer_note: `Refund for transaction ${reference}`,
    });
    expect(last.data).not.toHaveProperty("processor");
    expectPublishedShape("events/refund-needs-attention.json", last);
  });

  it("List Refunds and Fetch Refund answer like Paystack's samples, with the refund's numeric id and the transaction's", async () => {
    const reference = await paid();
    const created = await api("POST", "/refund", { transaction: reference, amount: 10000 });
    await standIn.idle();
    const id = created.body.data.id as number;
    const transactionId = standIn.transaction(reference)!.id;

    const list = await api("GET", `/refund?transaction=${reference}`);
    expect(list.body.data).toEqual([
      expect.objectContaining({ id, transaction: transactionId, transaction_reference: reference, amount: 10000, status: "processed" }),
    ]);
    expectPublishedShape("api/list-refunds/refunds-guide.json", list.body);
    // The API reference's list sample: fully_deducted 1 there, true in the guide's; dispute 20 there, null in the guide's.
    expectPublishedShape("api/list-refunds/response.json#200", list.body, {
      anyType: ["data[].fully_deducted"],
      nullable: ["data[].dispute"],
    });

    const fetched = await api("GET", `/refund/${id}`);
    expect(fetched.body.data).toMatchObject({ id, transaction: transactionId, status: "processed", refunded_at: expect.any(String) });
    expectPublishedShape("api/fetch-refund/response.json#200", fetched.body);
    expect((await api("GET", "/refund/424242")).status).toBe(404);
  });
});

describe("disputes, as published", () => {
  it("charge.dispute.create, remind and resolve have every key of Paystack's samples; updated_at moves each time", async () => {
    const reference = await paid();
    const dueAt = "2026-12-24T18:00:00.000Z";
    const dispute = standIn.openDispute(reference, { amount: 20000, dueAt, message: "Never arrived" });
    standIn.remindDispute(dispute.id);
    standIn.resolveDispute(dispute.id, "merchant-accepted");
    await standIn.idle();
    const [create, remind, resolve] = events();
    expect([create, remind, resolve].map((e) => e!.event)).toEqual([
      "charge.dispute.create",
      "charge.dispute.remind",
      "charge.dispute.resolve",
    ]);
    const leeway: ShapeOptions = {
      anyType: ["data.transaction.metadata"],
      // Paystack's customer object has null names and phone when it knows none (the verify sample).
      nullable: ["data.customer.first_name", "data.customer.last_name", "data.customer.phone"],
    };
    expectPublishedShape("events/charge-dispute-create.json", create, leeway);
    expectPublishedShape("events/charge-dispute-remind.json", remind, leeway);
    expectPublishedShape("events/charge-dispute-resolve.json", resolve, leeway);

    expect(create!.data).toMatchObject({
      id: dispute.id,
      refund_amount: 20000,
      currency: "GHS",
      status: "awaiting-merchant-feedback",
      resolution: null,
      transaction_reference: null,
      category: "chargeback",
      dueAt,
      resolvedAt: null,
      transaction: { reference, id: standIn.transaction(reference)!.id, status: "success" },
      messages: [{ sender: "ama@example.com", body: "Never arrived", createdAt: expect.any(String) }],
    });
    expect(resolve!.data).toMatchObject({
      status: "resolved",
      resolution: "merchant-accepted",
      resolvedAt: expect.any(String),
      transaction: { status: "reversed" },
    });
    const updated = [create, remind, resolve].map((e) => Date.parse(e!.data.updated_at as string));
    expect(updated[0]! < updated[1]! && updated[1]! < updated[2]!).toBe(true);
    expect(() => standIn.remindDispute(dispute.id)).toThrow(/already resolved/);
  });

  it("the control routes open, remind and resolve a dispute over HTTP (as the README's curl does)", async () => {
    const reference = await paid();
    const post = (path: string, body: unknown = {}) =>
      fetch(`${standIn.url}/__stand-in${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const opened = (await (await post(`/transactions/${reference}/dispute`, { amount: 45000 })).json()) as { id: number };
    expect((await post(`/disputes/${opened.id}/remind`)).status).toBe(200);
    expect((await post(`/disputes/${opened.id}/resolve`, { resolution: "maybe" })).status).toBe(400);
    expect((await post(`/disputes/${opened.id}/resolve`, { resolution: "declined" })).status).toBe(200);
    await standIn.idle();
    expect(events().map((e) => [e.event, e.data.resolution])).toEqual([
      ["charge.dispute.create", null],
      ["charge.dispute.remind", null],
      ["charge.dispute.resolve", "declined"],
    ]);
    // A declined chargeback leaves the payment with the shop.
    expect(standIn.transaction(reference)!.status).toBe("success");
  });
});

describe("knobs", () => {
  it("initializeAnswerLost: the transaction is created, the shop gets no answer, the same reference is then a duplicate", async () => {
    standIn.setKnobs({ initializeAnswerLost: 1 });
    const paystack = createPaystackClient({ secretKey, apiUrl: standIn.url, timeoutMs: 2000 });
    const input: InitializeTransactionInput = {
      email: "ama@example.com",
      amount: 45000,
      currency: "GHS",
      reference: newReference(),
      callbackUrl: "http://shop.test/checkout/paid",
      channels: ["card"],
    };
    const lost = await paystack.initializeTransaction(input).then(
      () => null,
      (error: unknown) => error,
    );
    expect(lost).toBeInstanceOf(PaystackError);
    expect((lost as PaystackError).kind).toBe("unreachable");
    expect(standIn.transaction(input.reference)).toMatchObject({ reference: input.reference, amount: 45000, status: "abandoned" });
    expect(standIn.knobs().initializeAnswerLost).toBe(0);

    const again = await initialize({ reference: input.reference });
    expect(again.answer.body).toMatchObject({ status: false, code: "duplicate_reference" });
    // Only the next one was lost: a new reference is answered.
    expect((await initialize()).answer.status).toBe(200);
  });

  it("refundAnswerLost: the refund is queued, the shop gets no answer, its events follow and List Refunds finds it", async () => {
    const reference = await paid();
    standIn.setKnobs({ refundAnswerLost: 1 });
    await expect(api("POST", "/refund", { transaction: reference, amount: 12000 })).rejects.toThrow();
    await standIn.idle();
    expect(events().map((e) => e.event)).toEqual(["refund.pending", "refund.processing", "refund.processed"]);
    const list = await api("GET", `/refund?transaction=${reference}`);
    expect(list.body.data).toEqual([expect.objectContaining({ amount: 12000, status: "processed", transaction_reference: reference })]);
    expect((await api("POST", "/refund", { transaction: reference, amount: 1000 })).status).toBe(200);
  });

  it("customerPaysFees: verify and charge.success report amount = requested + fees and requested_amount = what the shop asked", async () => {
    standIn.setKnobs({ customerPaysFees: true });
    const { reference } = await initialize({ amount: 30050 });
    standIn.approve(reference, { channel: "card" });
    await standIn.idle();
    const verified = (await api("GET", `/transaction/verify/${reference}`)).body.data;
    const fees = verified.fees as number;
    expect(fees).toBeGreaterThan(0);
    expect(verified).toMatchObject({ amount: 30050 + fees, requested_amount: 30050 });
    expect(events()[0]!.data).toMatchObject({ amount: 30050 + fees, requested_amount: 30050 });
  });

  it("unpaidStatus and setInProgress: verify says pending, ongoing, processing or queued for a while, then abandoned", async () => {
    standIn.setKnobs({ unpaidStatus: "pending", unpaidStatusMs: 150 });
    const { reference } = await initialize();
    expect((await api("GET", `/transaction/verify/${reference}`)).body.data.status).toBe("pending");
    await standIn.idle();
    expect((await api("GET", `/transaction/verify/${reference}`)).body.data.status).toBe("abandoned");

    standIn.setKnobs({ unpaidStatus: "abandoned" });
    for (const status of ["ongoing", "processing", "queued"] as const) {
      const next = await initialize();
      standIn.setInProgress(next.reference, status);
      expect((await api("GET", `/transaction/verify/${next.reference}`)).body.data.status).toBe(status);
      // Still payable: a late success.
      standIn.approve(next.reference, { channel: "card" });
      expect((await api("GET", `/transaction/verify/${next.reference}`)).body.data.status).toBe("success");
    }
  });

  it("List Refunds filters by the transaction's id or reference, pages, and lists nothing for another transaction", async () => {
    const first = await paid();
    const second = await paid();
    await api("POST", "/refund", { transaction: first, amount: 1000 });
    await api("POST", "/refund", { transaction: first, amount: 2000 });
    await api("POST", "/refund", { transaction: second, amount: 3000 });
    await standIn.idle();
    const firstId = standIn.transaction(first)!.id;

    const byReference = await api("GET", `/refund?transaction=${first}`);
    const byId = await api("GET", `/refund?transaction=${firstId}`);
    expect((byReference.body.data as unknown as { amount: number }[]).map((r) => r.amount)).toEqual([2000, 1000]);
    expect(byId.body.data).toEqual(byReference.body.data);
    expect(byReference.body.meta).toEqual({ total: 2, skipped: 0, perPage: 50, page: 1, pageCount: 1 });

    const paged = await api("GET", `/refund?transaction=${first}&perPage=1&page=2`);
    expect((paged.body.data as unknown as { amount: number }[]).map((r) => r.amount)).toEqual([1000]);
    expect(paged.body.meta).toEqual({ total: 2, skipped: 1, perPage: 1, page: 2, pageCount: 2 });

    expect((await api("GET", "/refund?transaction=AHF-nobody")).body.data).toEqual([]);
    const all = (await api("GET", "/refund")).body.data as unknown as { transaction_reference: string }[];
    expect(all.map((r) => r.transaction_reference)).toEqual(expect.arrayContaining([first, second]));
  });
});
