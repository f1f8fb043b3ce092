import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, asc, eq, like } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/env.server";
import { orderNotesOf } from "~/modules/orders/order-fulfilment.server";
import { startOnlinePayment } from "~/modules/payments/online-checkout.server";
import { applyVerifiedTransaction, createPaymentAttempt, paymentAttemptsOf } from "~/modules/payments/payment-attempts.server";
import {
  createRefund,
  DISPUTE_EVENTS,
  initializeTransaction,
  isDuplicateReference,
  listRefunds,
  parsePaystackEvent,
  PaystackError,
  type PaystackClientConfig,
  REFUND_EVENTS,
  verifyTransaction,
} from "~/modules/payments/paystack-client.server";
import { confirmRefundWithPaystack } from "~/modules/payments/refund-confirmation.server";
import { refundOrder } from "~/modules/payments/refunds.server";
import { action as webhookAction } from "~/routes/api/paystack-webhook";
import { orders, orderStatusHistory } from "~db/schema/orders";
import { paymentAttempts, paymentDisputes, refunds } from "~db/schema/payments";
import { emailOutbox } from "~db/schema/store";
import { loadPublishedSamples, type PublishedSample } from "../fixtures/paystack/published-samples";
import { createOrder } from "../factories/orders";
import { TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { routeAnswer } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";
import { signPaystackBody, startPaystackStandIn, type PaystackStandIn } from "../support/paystack-stand-in";

/**
 * Every sample Paystack publishes about transactions, refunds and disputes (catalogued in
 * tests/fixtures/paystack/published-samples.ts, written locally by scripts/paystack-samples.ts),
 * through the shop's own code: each event sample is read by parsePaystackEvent as published and
 * delivered, re-signed with the test key, to the webhook route's action, with its references
 * (and its currency: the shop's payments are in cedi) rewritten to one of the shop's payments
 * where it is about one; each API answer sample is served to the shop's Paystack client. None is
 * answered 400 unless it really is malformed; each reaches the state Paystack's documentation
 * gives it.
 */
const SECRET = "sk_test_publishedsamples0123456789";
const samples = loadPublishedSamples();
const eventSamples = samples.filter((s) => s.kind === "event");
const answerSample = (id: string) => samples.find((s) => s.id === id)!;
type Json = Record<string, unknown>;
/**
 * The multi-split guide's charge.success is an excerpt: no currency (nor channel, customer…).
 * The shop must know the currency before it marks anything paid, so it reads it as incomplete
 * and applies only what Paystack's verify answer says of that reference.
 */
const EXCERPT = "events/charge-success-multi-split.json";
const dataOf = (sample: PublishedSample) => structuredClone((sample.body as { data: Json }).data);

/** A server answering every request with the answer it is given, keeping what was asked. */
async function startSampleServer() {
  let answer: (path: string) => { status: number; body: unknown } = () => ({ status: 404, body: { status: false } });
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    req.resume();
    req.on("end", () => {
      const { status, body } = answer(req.url ?? "/");
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    config: { secretKey: SECRET, apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, timeoutMs: 2_000 },
    asked,
    answerWith(next: (path: string) => { status: number; body: unknown }) {
      answer = next;
      asked.length = 0;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe("Paystack's published samples: the catalogue", () => {
  it("holds every event the shop reads and every API answer its client reads", () => {
    const events = new Set(eventSamples.map((s) => s.event));
    for (const name of [...REFUND_EVENTS, ...DISPUTE_EVENTS, "charge.success"]) expect(events, name).toContain(name);
    const operations = new Set(samples.filter((s) => s.kind === "api").map((s) => s.operation));
    for (const operation of ["initialize", "verify", "create-refund", "fetch-refund", "list-refunds"])
      expect(operations).toContain(operation);
    expect(eventSamples).toHaveLength(22);
  });

  it("the one excerpt, the multi-split charge.success without a currency, is read as incomplete (to be verified)", () => {
    const parsed = parsePaystackEvent(answerSample(EXCERPT).rawText);
    expect(parsed).toMatchObject({ kind: "charge", incomplete: true });
  });

  it.each(eventSamples.filter((s) => s.id !== EXCERPT).map((s) => [s.id, s] as const))(
    "parsePaystackEvent reads %s as published",
    (_id, sample) => {
      const parsed = parsePaystackEvent(sample.rawText);
      expect(parsed.event).toBe(sample.event);
      const kind =
        sample.event === "charge.success"
          ? "charge"
          : sample.event!.startsWith("refund.")
            ? "refund"
            : sample.event!.startsWith("charge.dispute.")
              ? "dispute"
              : "other";
      expect(parsed.kind).toBe(kind);
    },
  );
});

describe("Paystack's published API answers, read by the shop's client", () => {
  let server: Awaited<ReturnType<typeof startSampleServer>>;
  beforeAll(async () => {
    server = await startSampleServer();
  });
  afterAll(() => server?.close());
  const serve = (sample: PublishedSample) => server.answerWith(() => ({ status: sample.httpStatus ?? 200, body: sample.body }));
  async function refusal(promise: Promise<unknown>) {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PaystackError);
    return error as PaystackError;
  }
  const initialize = (reference: string) =>
    initializeTransaction(server.config, {
      email: "ama@example.com",
      amount: 10_000,
      currency: "GHS",
      reference,
      callbackUrl: `${TEST_ORIGIN}/order-confirmation/x`,
      channels: ["card"],
    });

  it.each(["api/initialize/response.json#200", "api/initialize/accept-payment.json", "api/initialize/direct-debit.json"])(
    "initialize: %s gives the checkout page",
    async (id) => {
      const sample = answerSample(id);
      serve(sample);
      const data = dataOf(sample);
      expect(await initialize(data.reference as string)).toEqual({
        authorizationUrl: data.authorization_url,
        reference: data.reference,
        accessCode: data.access_code,
      });
    },
  );

  it("initialize: the published Duplicate Transaction Reference answer is recognised as such (a new attempt is opened)", async () => {
    serve(answerSample("api/initialize/duplicate-reference.json"));
    const error = await refusal(initialize("AHF-anything"));
    expect(error).toMatchObject({ kind: "refused", httpStatus: 400, code: "duplicate_reference" });
    expect(isDuplicateReference(error)).toBe(true);
  });

  it("verify: the published answer (the customer paid the fees) is read with its requested amount", async () => {
    const sample = answerSample("api/verify/response.json#200");
    serve(sample);
    const data = dataOf(sample);
    expect(await verifyTransaction(server.config, data.reference as string)).toMatchObject({
      id: String(data.id),
      status: "success",
      amount: 40_333,
      requestedAmount: 30_050,
      fees: 10_283,
      currency: "NGN",
      channel: "card",
      card: { brand: "visa", last4: "4081" },
    });
  });

  it.each(["api/verify/direct-debit.json", "api/fetch-transaction/response.json#200"])("verify: %s is read", async (id) => {
    const sample = answerSample(id);
    serve(sample);
    const data = dataOf(sample);
    expect(await verifyTransaction(server.config, data.reference as string)).toMatchObject({
      id: String(data.id),
      status: "success",
      amount: data.amount,
    });
  });

  it.each(["api/verify/response.json#400", "api/errors/unauthorized.json", "api/errors/not-found.json"])(
    "a published refusal (%s) is a refusal with Paystack's words",
    async (id) => {
      const sample = answerSample(id);
      serve(sample);
      const error = await refusal(verifyTransaction(server.config, "AHF-1"));
      expect(error).toMatchObject({ kind: "refused", httpStatus: sample.httpStatus, providerMessage: (sample.body as Json).message });
    },
  );

  it("create refund: the published answer gives Paystack's refund id (as text), its state and the transaction", async () => {
    const sample = answerSample("api/create-refund/response.json#200");
    serve(sample);
    const data = dataOf(sample);
    const transaction = data.transaction as Json;
    expect(await createRefund(server.config, { transaction: transaction.reference as string, amount: 10_000 })).toEqual({
      id: String(data.id),
      status: data.status,
      amount: data.amount,
      currency: data.currency,
      transactionReference: transaction.reference,
      transactionId: String(transaction.id),
      merchantNote: data.merchant_note,
    });
  });

  it("fetch refund: the published answer (the transaction named by its id only) reads as a refund", async () => {
    // The client has no Fetch Refund call: the same refund object is served where it reads one.
    const sample = answerSample("api/fetch-refund/response.json#200");
    serve(sample);
    const data = dataOf(sample);
    expect(await createRefund(server.config, { transaction: "1641" })).toEqual({
      id: String(data.id),
      status: "processed",
      amount: 500_000,
      currency: "NGN",
      transactionReference: null,
      transactionId: "1641",
      merchantNote: "xxx",
    });
  });

  it.each(["api/list-refunds/response.json#200", "api/list-refunds/refunds-guide.json"])(
    "list refunds: %s, whose entries name their transaction by id only, gives that transaction's refunds",
    async (id) => {
      const sample = answerSample(id);
      const entries = (sample.body as { data: Json[] }).data;
      const transactionId = String(entries[0]!.transaction);
      server.answerWith(() => ({ status: 200, body: sample.body }));
      const listed = await listRefunds(server.config, { reference: "AHF-ours", id: transactionId });
      expect(server.asked).toEqual([`GET /refund?transaction=${transactionId}&perPage=100`]);
      expect(listed.map((r) => r.id)).toEqual(entries.filter((e) => String(e.transaction) === transactionId).map((e) => String(e.id)));
      expect(listed.length).toBeGreaterThan(0);
    },
  );
});

describeWithDatabase("Paystack's published samples through the shop", (database) => {
  const sender = { origin: TEST_ORIGIN, storeName: "Ahenfie" };
  let standIn: PaystackStandIn;
  let context: AppLoadContext;
  let paystack: PaystackClientConfig;
  let sampleServer: Awaited<ReturnType<typeof startSampleServer>>;

  beforeAll(async () => {
    standIn = await startPaystackStandIn({ secretKey: SECRET });
    sampleServer = await startSampleServer();
    const config = loadConfig({
      NODE_ENV: "test",
      PUBLIC_URL: TEST_ORIGIN,
      LOG_LEVEL: "silent",
      PAYSTACK_SECRET_KEY: SECRET,
      PAYSTACK_PUBLIC_KEY: "pk_test_publishedsamples0123456789",
      PAYSTACK_API_URL: standIn.url,
    });
    context = testLoadContext(database, { config });
    paystack = { secretKey: SECRET, apiUrl: standIn.url, timeoutMs: 2_000 };
  });
  afterAll(async () => {
    await standIn?.close();
    await sampleServer?.close();
  });

  /** A sample's event, re-signed with the shop's key, to the webhook route's action. */
  async function deliver(event: string, data: unknown) {
    const body = JSON.stringify({ event, data });
    const answer = await routeAnswer(webhookAction, {
      request: new Request(`${TEST_ORIGIN}/api/webhooks/paystack`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-paystack-signature": signPaystackBody(body, SECRET) },
        body,
      }),
      context,
    });
    return answer.status;
  }

  let n = 0;
  /** An online order waiting for its payment of `total` pesewas, with one attempt: its reference. */
  async function heldOrder(total: number) {
    const order = await createOrder(database.db, { totalAmount: total, paymentMethod: "card", customerEmail: `sample.${++n}@example.com` });
    await database.db
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() + 30 * 60_000) })
      .where(eq(orders.id, order.id));
    return order;
  }
  /** An order paid by card through the stand-in: its Paystack reference. */
  async function paidOrder(total: number) {
    const order = await heldOrder(total);
    expect((await startOnlinePayment(database.db, paystack, { orderId: order.id, origin: TEST_ORIGIN })).ok).toBe(true);
    const [attempt] = await paymentAttemptsOf(database.db, order.id);
    standIn.approve(attempt!.reference, { channel: "card" });
    expect(
      await applyVerifiedTransaction(database.db, attempt!.reference, await verifyTransaction(paystack, attempt!.reference), sender),
    ).toBe("paid");
    return { order, reference: attempt!.reference };
  }
  const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const paidNotes = async (orderId: string) =>
    (
      await database.db
        .select({ notes: orderStatusHistory.notes })
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, orderId), like(orderStatusHistory.notes, "Paid online%")))
        .orderBy(asc(orderStatusHistory.id))
    ).map((h) => h.notes);

  const charges = eventSamples.filter((s) => s.event === "charge.success" && s.id !== EXCERPT);
  it.each(charges.map((s) => [s.id, s] as const))("charge.success %s pays the order it is about, once", async (_id, sample) => {
    const data = dataOf(sample);
    // What the shop asked for: requested_amount where Paystack gives it (its amount may include the customer's fees).
    const asked = Number(data.requested_amount ?? data.amount);
    const order = await heldOrder(asked);
    const attempt = await createPaymentAttempt(database.db, { orderId: order.id, amount: asked, currency: "GHS", channel: "card" });
    const ours = { ...data, reference: attempt.reference, currency: "GHS" };
    expect(await deliver("charge.success", ours)).toBe(200);
    expect(await deliver("charge.success", ours)).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid", paymentDueAt: null });
    const notes = await paidNotes(order.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(new RegExp(`^Paid online \\(.+\\), reference ${attempt.reference}$`));
    expect(notes[0]).not.toMatch(/mobile money mobile money/i);
    const [row] = await paymentAttemptsOf(database.db, order.id);
    expect(row).toMatchObject({ status: "success", providerTransactionId: String(data.id) });
  });

  it('the published mobile money charge reads "MTN Mobile Money •••149" (not "MTN Mobile Money mobile money")', async () => {
    const data = dataOf(answerSample("events/charge-success-mobile-money.json"));
    const order = await heldOrder(Number(data.amount));
    const attempt = await createPaymentAttempt(database.db, {
      orderId: order.id,
      amount: Number(data.amount),
      currency: "GHS",
      channel: "mobile_money",
    });
    expect(await deliver("charge.success", { ...data, reference: attempt.reference })).toBe(200);
    expect(await paidNotes(order.id)).toEqual([`Paid online (MTN Mobile Money •••149), reference ${attempt.reference}`]);
  });

  it("the multi-split excerpt (no currency), about one of the shop's payments, is verified with Paystack: paid once, as verify says", async () => {
    const data = dataOf(answerSample(EXCERPT));
    const order = await heldOrder(Number(data.amount));
    expect((await startOnlinePayment(database.db, paystack, { orderId: order.id, origin: TEST_ORIGIN })).ok).toBe(true);
    const [attempt] = await paymentAttemptsOf(database.db, order.id);
    // Not yet paid at Paystack: the event alone pays nothing.
    expect(await deliver("charge.success", { ...data, reference: attempt!.reference })).toBe(200);
    expect((await orderRow(order.id)).paymentStatus).toBe("pending");
    standIn.approve(attempt!.reference, { channel: "card" });
    expect(await deliver("charge.success", { ...data, reference: attempt!.reference })).toBe(200);
    expect((await orderRow(order.id)).paymentStatus).toBe("paid");
    expect(await paidNotes(order.id)).toHaveLength(1);
    // About a reference that is not the shop's: acknowledged, nothing asked, nothing changed.
    expect(await deliver("charge.success", { ...data, reference: "T-not-ours-1" })).toBe(200);
  });

  const refundStates: Record<string, string> = {
    "refund.pending": "pending",
    "refund.processing": "processing",
    "refund.processed": "processed",
    "refund.failed": "failed",
    "refund.needs-attention": "needs_attention",
  };
  const refundSamples = eventSamples.filter((s) => s.event!.startsWith("refund."));
  it.each(refundSamples.map((s) => [s.id, s] as const))("%s moves the shop's refund it is about to its state", async (_id, sample) => {
    const data = dataOf(sample);
    const amount = Number(data.amount);
    const { order, reference } = await paidOrder(amount);
    const asked = await refundOrder(
      database.db,
      { orderId: order.id, refundId: crypto.randomUUID(), amount, reason: "Returned", requestedBy: "Kwame" },
      { paystack, ...sender },
    );
    expect(asked.status).toBe("pending");
    // The refund Paystack's sample is about is this one: its transaction, and (where the sample names it) its id.
    const ours = { ...data, transaction_reference: reference, currency: "GHS", ...(data.id ? { id: asked.refund.providerRefundId } : {}) };
    expect(await deliver(sample.event!, ours)).toBe(200);
    const rows = await database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.map((r) => [r.id, r.status])).toEqual([[asked.refund.id, refundStates[sample.event!]]]);
    const expectedPayment = sample.event === "refund.processed" ? "refunded" : "paid";
    expect((await orderRow(order.id)).paymentStatus).toBe(expectedPayment);
    const staffNotes = (await orderNotesOf(database.db, order.id, ["staff"])).map((note) => note.body);
    expect(staffNotes).toHaveLength(sample.event === "refund.failed" || sample.event === "refund.needs-attention" ? 1 : 0);
  });

  const disputeSamples = eventSamples.filter((s) => s.event!.startsWith("charge.dispute."));
  /** The shop's paid order standing for each transaction the samples dispute (create and remind are about the same one). */
  const disputedOrders = new Map<string, { order: { id: string }; reference: string }>();
  it.each(disputeSamples.map((s) => [s.id, s] as const))(
    "%s is stored on the order it is about, with its due date",
    async (_id, sample) => {
      const data = dataOf(sample);
      const transaction = data.transaction as Json;
      const published = transaction.reference as string;
      if (!disputedOrders.has(published)) disputedOrders.set(published, await paidOrder(Number(transaction.amount)));
      const { order, reference } = disputedOrders.get(published)!;
      const ours = { ...data, currency: "GHS", transaction: { ...transaction, reference, currency: "GHS" } };
      expect(await deliver(sample.event!, ours)).toBe(200);
      const [dispute] = await database.db.select().from(paymentDisputes).where(eq(paymentDisputes.orderId, order.id));
      expect(dispute).toMatchObject({
        providerDisputeId: String(data.id),
        transactionReference: reference,
        amount: data.refund_amount,
        dueAt: new Date(data.dueAt as string),
        category: "chargeback",
        customerMessage: "Customer complained about debit without value",
      });
      if (sample.event === "charge.dispute.resolve") {
        expect(dispute).toMatchObject({ status: "resolved", resolution: "auto-accepted", resolvedAt: new Date(data.resolvedAt as string) });
      } else {
        expect(dispute).toMatchObject({ status: "awaiting-merchant-feedback", resolution: null, resolvedAt: null });
      }
      // One staff note per event: opened, then the reminder of the same dispute.
      const notes = (await orderNotesOf(database.db, order.id, ["staff"])).map((note) => note.body);
      expect(notes.at(-1)).toMatch(
        sample.event === "charge.dispute.create"
          ? /^Dispute opened: /
          : sample.event === "charge.dispute.remind"
            ? /^Reminder \(Paystack, /
            : /^Dispute resolved: /,
      );
      expect(notes).toHaveLength(sample.event === "charge.dispute.remind" ? 2 : 1);
    },
  );

  const others = eventSamples.filter(
    (s) => s.event !== "charge.success" && !s.event!.startsWith("refund.") && !s.event!.startsWith("charge.dispute."),
  );
  it.each(others.map((s) => [s.id, s] as const))(
    "%s, an event the shop does not use, is acknowledged and changes nothing",
    async (_id, sample) => {
      const count = async () => ({
        orders: (await database.db.select().from(orders)).length,
        attempts: (await database.db.select().from(paymentAttempts)).length,
        refunds: (await database.db.select().from(refunds)).length,
        disputes: (await database.db.select().from(paymentDisputes)).length,
        history: (await database.db.select().from(orderStatusHistory)).length,
        emails: (await database.db.select().from(emailOutbox)).length,
      });
      const before = await count();
      expect(await deliver(sample.event!, dataOf(sample))).toBe(200);
      expect(await count()).toEqual(before);
    },
  );

  it("List Refunds as published (transactions named by id only) finds a lost refund of a payment whose Paystack id was never stored", async () => {
    // A payment recorded before the shop kept Paystack's transaction id (migration 0018), and a
    // refund of it whose answer was lost. Paystack's list of the transaction's refunds, as published.
    const list = answerSample("api/list-refunds/response.json#200");
    const entry = (list.body as { data: Json[] }).data[0]!;
    const order = await createOrder(database.db, { totalAmount: Number(entry.amount), paymentMethod: "card", paymentStatus: "paid" });
    const reference = `AHF-${crypto.randomBytes(8).toString("hex")}`;
    const [attempt] = await database.db
      .insert(paymentAttempts)
      .values({ orderId: order.id, reference, amount: Number(entry.amount), currency: "GHS", requestedChannel: "card", status: "success" })
      .returning();
    const [refund] = await database.db
      .insert(refunds)
      .values({
        orderId: order.id,
        paymentAttemptId: attempt!.id,
        provider: "paystack",
        transactionReference: reference,
        amount: Number(entry.amount),
        currency: "GHS",
        status: "unconfirmed",
        reason: "Returned",
        requestedBy: "Kwame",
      })
      .returning();
    const verified = { ...dataOf(answerSample("api/verify/response.json#200")), id: entry.transaction, reference, currency: "GHS" };
    sampleServer.answerWith((path) =>
      path.startsWith("/transaction/verify/")
        ? { status: 200, body: { status: true, message: "Verification successful", data: verified } }
        : { status: 200, body: list.body },
    );
    const checked = await confirmRefundWithPaystack(database.db, sampleServer.config, refund!.id, sender);
    expect(checked).toEqual({ status: "processed", message: "Paystack has refunded the customer." });
    expect((await orderRow(order.id)).paymentStatus).toBe("refunded");
    const [row] = await database.db.select().from(refunds).where(eq(refunds.id, refund!.id));
    expect(row).toMatchObject({ status: "processed", providerRefundId: String(entry.id) });
  });
});
