import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, asc, eq, like } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { loadConfig } from "~/env.server";
import { formatDateTimeWithZone } from "~/lib/dates";
import { adminEmailAddresses } from "~/modules/email/admin-alerts.server";
import { orderNotesOf } from "~/modules/orders/order-fulfilment.server";
import { startOnlinePayment } from "~/modules/payments/online-checkout.server";
import { createPaymentAttempt, paymentAttemptsOf } from "~/modules/payments/payment-attempts.server";
import { expireUnpaidOrders, type PaymentHoldLog } from "~/modules/payments/payment-hold.server";
import { initializeTransaction, type PaystackClientConfig, verifyTransaction } from "~/modules/payments/paystack-client.server";
import { REFUND_FAILED_MESSAGE, REFUND_NEEDS_ATTENTION_MESSAGE } from "~/modules/payments/refund-events.server";
import { CONFIRM_AFTER_MS, confirmRefundWithPaystack, NOT_AT_PAYSTACK_MESSAGE } from "~/modules/payments/refund-confirmation.server";
import { refundOrder, RefundRefusedError } from "~/modules/payments/refunds.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { action as webhookAction } from "~/routes/api/paystack-webhook";
import { orderNotes, orders, orderStatusHistory } from "~db/schema/orders";
import { paymentAttempts, paymentDisputes, refunds } from "~db/schema/payments";
import { emailOutbox, userRoles } from "~db/schema/store";
import { createOrder } from "../factories/orders";
import { createUser } from "../factories/users";
import { TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { routeAnswer } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";
import { defaultKnobs, type PaystackStandIn, signPaystackBody, startPaystackStandIn } from "../support/paystack-stand-in";

/**
 * Issue 42, "Paystack as it really is": every flow through the local Paystack stand-in and the
 * shop's real modules, with each event delivered to the webhook route's action signed and in the
 * shape Paystack publishes it (PaystackOSS/doc-code-snippets, src/doc/payments/refunds/events and
 * webhooks/events): refund events with no `id` and the amount as a string, dispute events with
 * the transaction nested. What is asserted is what staff and customers see: the order's payment
 * status, its history, staff notes, the refund's state and the emails queued.
 */
const SECRET = "sk_test_aspublished0123456789abcdef";

describeWithDatabase("Paystack as published", (database) => {
  const sender = { origin: TEST_ORIGIN, storeName: "Ahenfie" };
  let standIn: PaystackStandIn;
  let context: AppLoadContext;
  let paystack: PaystackClientConfig;
  let admins: string[];
  /** The shop's webhook on a real port: the stand-in's own events reach the route's action through it. */
  let shopWebhook: http.Server;
  let shopWebhookUrl: string;
  /** What the webhook logged: its outcome per event. */
  const logged: Record<string, unknown>[] = [];
  const holdLog: PaymentHoldLog = { info() {}, warn() {}, error() {} };

  beforeAll(async () => {
    standIn = await startPaystackStandIn({ secretKey: SECRET });
    const config = loadConfig({
      NODE_ENV: "test",
      PUBLIC_URL: TEST_ORIGIN,
      LOG_LEVEL: "silent",
      PAYSTACK_SECRET_KEY: SECRET,
      PAYSTACK_PUBLIC_KEY: "pk_test_aspublished0123456789abcdef",
      PAYSTACK_API_URL: standIn.url,
    });
    const record = (obj: object) => void logged.push(obj as Record<string, unknown>);
    context = testLoadContext(database, { config, log: { info: record, warn: record, error: record } });
    paystack = { secretKey: SECRET, apiUrl: standIn.url, timeoutMs: 2_000 };
    for (const [name, email] of [
      ["Akosua Owner", "akosua.owner@example.com"],
      ["Yaw Manager", "yaw.manager@example.com"],
    ] as const) {
      const user = await createUser(database.db, { name, email });
      await database.db.insert(userRoles).values({ userId: user.id, role: "owner" });
    }
    shopWebhook = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const signature = req.headers["x-paystack-signature"];
        post(Buffer.concat(chunks).toString("utf8"), typeof signature === "string" ? signature : null).then(
          (status) => res.writeHead(status).end(),
          () => res.writeHead(500).end(),
        );
      });
    });
    await new Promise<void>((resolve) => shopWebhook.listen(0, "127.0.0.1", resolve));
    shopWebhookUrl = `http://127.0.0.1:${(shopWebhook.address() as AddressInfo).port}/api/webhooks/paystack`;
    admins = (await adminEmailAddresses(database.db)).sort();
    expect(admins).toEqual(expect.arrayContaining(["akosua.owner@example.com", "yaw.manager@example.com"]));
  });
  afterAll(async () => {
    await standIn?.close();
    await new Promise((resolve) => shopWebhook?.close(resolve));
  });
  beforeEach(async () => {
    await standIn.idle();
    standIn.setKnobs({ ...defaultKnobs });
    logged.length = 0;
    await database.db.delete(orders);
    await database.db.delete(emailOutbox);
  });

  // ---------------------------------------------------------------- delivering events

  /** Posts a body to the webhook route's action as Paystack does (signed with the shop's key unless told otherwise). */
  async function post(body: string, signature: string | null = signPaystackBody(body, SECRET)) {
    const answer = await routeAnswer(webhookAction, {
      request: new Request(`${TEST_ORIGIN}/api/webhooks/paystack`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(signature === null ? {} : { "x-paystack-signature": signature }) },
        body,
      }),
      context,
    });
    return answer.status;
  }
  const deliver = (event: string, data: unknown) => post(JSON.stringify({ event, data }));
  /** The outcomes the webhook logged for one event name, in order. */
  const outcomesOf = (event: string) => logged.filter((l) => l.event === event).map((l) => l.outcome);

  /** A refund event's data exactly as Paystack publishes it: no id, the amount as a string. */
  function publishedRefund(
    status: "pending" | "processing" | "processed" | "failed" | "needs-attention",
    refund: { transactionReference: string; amount: number; refundReference?: string | null; extra?: Record<string, unknown> },
  ) {
    return {
      status,
      transaction_reference: refund.transactionReference,
      refund_reference: refund.refundReference === undefined ? null : refund.refundReference,
      amount: String(refund.amount),
      currency: "GHS",
      processor: "instant-transfer",
      customer: { first_name: "Ama", last_name: "Owusu", email: "ama@example.com" },
      integration: 412829,
      domain: "test",
      ...refund.extra,
    };
  }

  let disputeIds = 358_950;
  /** A charge.dispute.* event's data as Paystack publishes it: the disputed transaction nested, transaction_reference null. */
  function publishedDispute(
    transaction: { reference: string; amount: number },
    dispute: { id: number; status: string; dueAt: Date; updatedAt: Date; resolution?: string | null; resolvedAt?: Date | null },
  ) {
    return {
      id: dispute.id,
      refund_amount: transaction.amount,
      currency: "GHS",
      status: dispute.status,
      resolution: dispute.resolution ?? null,
      domain: "test",
      transaction: {
        id: 896_467_688,
        domain: "test",
        status: "success",
        reference: transaction.reference,
        amount: transaction.amount,
        message: null,
        gateway_response: "Approved",
        paid_at: "2026-11-24T13:45:57.000Z",
        created_at: "2026-11-24T13:45:57.000Z",
        channel: "card",
        currency: "GHS",
        ip_address: null,
        metadata: "",
        log: null,
        fees: 1_131,
        fees_split: null,
        authorization: {},
        customer: { international_format_phone: null },
        plan: {},
        subaccount: {},
        split: {},
        order_id: null,
        paidAt: "2026-11-24T13:45:57.000Z",
        requested_amount: transaction.amount,
        pos_transaction_data: null,
      },
      transaction_reference: null,
      category: "chargeback",
      customer: {
        id: 5_406_463,
        first_name: "Kojo",
        last_name: "Asante",
        email: "kojo@example.com",
        customer_code: "CUS_6wbxh6689vt0n7s",
        phone: "0244000000",
        metadata: {},
        risk_action: "allow",
        international_format_phone: null,
      },
      bin: "408408",
      last4: "4081",
      dueAt: dispute.dueAt.toISOString(),
      resolvedAt: dispute.resolvedAt ? dispute.resolvedAt.toISOString() : null,
      evidence: null,
      attachments: null,
      note: null,
      history: [{ status: "pending", by: "kojo@example.com", createdAt: "2026-11-24T13:46:57.000Z" }],
      messages: [
        { sender: "kojo@example.com", body: "Customer complained about debit without value", createdAt: "2026-11-24T13:46:57.000Z" },
      ],
      created_at: "2026-11-24T13:46:57.000Z",
      updated_at: dispute.updatedAt.toISOString(),
    };
  }

  // ---------------------------------------------------------------- orders and what they show

  let shoppers = 0;
  /** An online order as checkout leaves it: payment pending, held for 30 minutes. */
  async function heldOrder(total: number, method: "card" | "mobile_money" = "card") {
    const n = ++shoppers;
    const order = await createOrder(database.db, {
      totalAmount: total,
      paymentMethod: method,
      customerEmail: `shopper.${n}@example.com`,
      customerName: "Ama Owusu",
    });
    const dueAt = new Date(Date.now() + 30 * 60_000);
    await database.db.update(orders).set({ paymentDueAt: dueAt }).where(eq(orders.id, order.id));
    return { ...order, dueAt };
  }
  /** Pay now: the shop sends the shopper to Paystack; the attempt's reference. */
  async function payNow(orderId: string) {
    const started = await startOnlinePayment(database.db, paystack, { orderId, origin: TEST_ORIGIN });
    expect(started).toMatchObject({ ok: true, url: expect.stringMatching(new RegExp(`^${standIn.url}/checkout/`)) });
    return (await paymentAttemptsOf(database.db, orderId))[0]!.reference;
  }
  /** A second mobile money attempt of the order opened at Paystack: a new try beside a prompt still open. */
  async function secondMobileMoneyAttempt(order: { id: string; customerEmail: string }, amount: number) {
    const attempt = await createPaymentAttempt(database.db, { orderId: order.id, amount, currency: "GHS", channel: "mobile_money" });
    await initializeTransaction(paystack, {
      email: order.customerEmail,
      amount,
      currency: "GHS",
      reference: attempt.reference,
      callbackUrl: `${TEST_ORIGIN}/order-confirmation/${order.id}`,
      channels: ["mobile_money"],
    });
    return attempt;
  }
  /** An order paid by card: Pay now, Approve at Paystack, its signed charge.success through the webhook. */
  async function paidOrder(total: number) {
    const order = await heldOrder(total);
    const reference = await payNow(order.id);
    standIn.approve(reference, { channel: "card" });
    expect(await deliver("charge.success", standIn.transactionData(reference))).toBe(200);
    expect(await paymentStatusOf(order.id)).toBe("paid");
    return { order, reference };
  }
  const refundNow = (orderId: string, amount: number, reason = "Wrong size, returned unworn") =>
    refundOrder(
      database.db,
      { orderId, refundId: crypto.randomUUID(), amount, reason, requestedBy: "Kwame Mensah" },
      { paystack, ...sender },
    );

  const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const paymentStatusOf = async (id: string) => (await orderRow(id)).paymentStatus;
  const refundRow = async (id: string) => (await database.db.select().from(refunds).where(eq(refunds.id, id)))[0]!;
  const refundsOf = (orderId: string) =>
    database.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));
  const historyOf = async (orderId: string, startsWith: string) =>
    (
      await database.db
        .select({ notes: orderStatusHistory.notes })
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, orderId), like(orderStatusHistory.notes, `${startsWith}%`)))
        .orderBy(asc(orderStatusHistory.id))
    ).map((h) => h.notes);
  const staffNotes = async (orderId: string) => (await orderNotesOf(database.db, orderId, ["staff"])).map((n) => n.body);
  const emailsOf = (kind: string) => database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind)).orderBy(asc(emailOutbox.id));
  const recipients = async (kind: string) => (await emailsOf(kind)).map((e) => e.toAddress).sort();

  // ---------------------------------------------------------------- 1. refunds settle

  it("a full refund settles from refund.pending → refund.processing → refund.processed as published: refunded, one history line, one email", async () => {
    const { order, reference } = await paidOrder(37_499);
    const asked = await refundNow(order.id, 37_499);
    expect(asked.status).toBe("pending");
    const id = asked.refund.id;

    expect(await deliver("refund.pending", publishedRefund("pending", { transactionReference: reference, amount: 37_499 }))).toBe(200);
    expect((await refundRow(id)).status).toBe("pending");
    expect(await deliver("refund.processing", publishedRefund("processing", { transactionReference: reference, amount: 37_499 }))).toBe(
      200,
    );
    expect((await refundRow(id)).status).toBe("processing");
    // Nothing changes for the customer until Paystack says the money went back.
    expect(await paymentStatusOf(order.id)).toBe("paid");
    expect(await emailsOf("refund")).toHaveLength(0);

    const processed = publishedRefund("processed", { transactionReference: reference, amount: 37_499, refundReference: "132013318360" });
    expect(await deliver("refund.processed", processed)).toBe(200);
    expect(await deliver("refund.processed", processed)).toBe(200);
    expect(outcomesOf("refund.processed")).toEqual(["processed", "duplicate"]);
    expect(await refundRow(id)).toMatchObject({ status: "processed", providerRefundReference: "132013318360" });
    expect(await paymentStatusOf(order.id)).toBe("refunded");
    expect(await historyOf(order.id, "Refunded")).toEqual(["Refunded ₵374.99: Wrong size, returned unworn (by Kwame Mensah)"]);
    const emails = await emailsOf("refund");
    expect(emails.map((e) => [e.toAddress, e.subject])).toEqual([[order.customerEmail, `Ahenfie: Refund for order ${order.orderNumber}`]]);
    expect(emails[0]!.text).toContain("We have refunded ₵374.99");
  });

  it("a partial refund settles from published events too: partially refunded, one history line, one email, the rest still refundable", async () => {
    const { order, reference } = await paidOrder(50_000);
    const asked = await refundNow(order.id, 12_000, "Sleeves shortened at our cost");
    for (const [event, status, refundReference] of [
      ["refund.pending", "pending", null],
      ["refund.processing", "processing", null],
      ["refund.processed", "processed", "132013318361"],
    ] as const) {
      expect(await deliver(event, publishedRefund(status, { transactionReference: reference, amount: 12_000, refundReference }))).toBe(200);
    }
    expect((await refundRow(asked.refund.id)).status).toBe("processed");
    expect(await paymentStatusOf(order.id)).toBe("partially_refunded");
    expect(await historyOf(order.id, "Refunded")).toEqual(["Refunded ₵120.00: Sleeves shortened at our cost (by Kwame Mensah)"]);
    expect((await emailsOf("refund")).map((e) => e.subject)).toEqual([`Ahenfie: Partial refund for order ${order.orderNumber}`]);
    await expect(refundNow(order.id, 38_001)).rejects.toThrow(`At most ₵380.00 can still be refunded on ${order.orderNumber}.`);
    expect((await refundNow(order.id, 38_000)).status).toBe("pending");
  });

  // ---------------------------------------------------------------- 2. failed and needs-attention

  it("refund.failed reaches staff: failed with what to do, a staff note, an email to each admin; the amount can be refunded again", async () => {
    const { order, reference } = await paidOrder(30_000);
    // Paystack's own books agree: its refund failed, so the money is still on the transaction.
    standIn.setKnobs({ refundOutcome: "failed" });
    const asked = await refundNow(order.id, 10_000, "Damaged in transit");
    expect(await deliver("refund.pending", publishedRefund("pending", { transactionReference: reference, amount: 10_000 }))).toBe(200);
    const failed = publishedRefund("failed", { transactionReference: reference, amount: 10_000, refundReference: "TRF_9vgfawjnoz58uxy" });
    expect(await deliver("refund.failed", failed)).toBe(200);

    expect(await refundRow(asked.refund.id)).toMatchObject({ status: "failed", failureMessage: REFUND_FAILED_MESSAGE });
    expect(await staffNotes(order.id)).toEqual([`Refund of ₵100.00 (Damaged in transit), asked by Kwame Mensah: ${REFUND_FAILED_MESSAGE}`]);
    expect(await recipients("refund-failed-alert")).toEqual(admins);
    expect((await emailsOf("refund-failed-alert"))[0]!.subject).toBe(`Refund failed — order ${order.orderNumber}`);
    expect(await paymentStatusOf(order.id)).toBe("paid");
    expect(await emailsOf("refund")).toHaveLength(0);

    // Delivered again (Paystack retries): nothing more.
    expect(await deliver("refund.failed", failed)).toBe(200);
    expect(await staffNotes(order.id)).toHaveLength(1);
    expect(await emailsOf("refund-failed-alert")).toHaveLength(admins.length);
    // The money never left: the whole ₵300.00 can be refunded, the same ₵100.00 again first.
    const again = await refundNow(order.id, 10_000, "Damaged in transit");
    expect(again.status).toBe("pending");
    expect((await refundNow(order.id, 20_000)).status).toBe("pending");
  });

  it("refund.needs-attention: the refund waits for staff with what to do, a note and an email; its amount stays reserved until it settles", async () => {
    const { order, reference } = await paidOrder(20_000);
    const asked = await refundNow(order.id, 20_000, "Order cancelled by the customer");
    expect(asked.status).toBe("pending");
    // Paystack's published needs-attention sample is the one that carries the refund's id (as text) and notes.
    const attention = publishedRefund("needs-attention", {
      transactionReference: reference,
      amount: 20_000,
      refundReference: "TRF_7jn17u9vkqm91efk",
      extra: {
        id: asked.refund.providerRefundId,
        customer_note: `Refund for transaction ${reference}`,
        merchant_note: `Refund for transaction ${reference} by owner@example.com`,
      },
    });
    expect(await deliver("refund.needs-attention", attention)).toBe(200);
    expect(await refundRow(asked.refund.id)).toMatchObject({ status: "needs_attention", failureMessage: REFUND_NEEDS_ATTENTION_MESSAGE });
    expect(await staffNotes(order.id)).toEqual([
      `Refund of ₵200.00 (Order cancelled by the customer), asked by Kwame Mensah: ${REFUND_NEEDS_ATTENTION_MESSAGE}`,
    ]);
    expect(await recipients("refund-attention-alert")).toEqual(admins);
    // Still reserved: Paystack may yet pay it out.
    const more = await refundNow(order.id, 1).catch((e: unknown) => e);
    expect(more).toBeInstanceOf(RefundRefusedError);
    expect((more as Error).message).toBe(`Nothing more can be refunded on ${order.orderNumber} while ₵200.00 is waiting for Paystack.`);

    // Staff retried it in Paystack's dashboard with the customer's details: it settles as usual.
    const processed = publishedRefund("processed", {
      transactionReference: reference,
      amount: 20_000,
      refundReference: "TRF_7jn17u9vkqm91efk",
    });
    expect(await deliver("refund.processed", processed)).toBe(200);
    expect(await refundRow(asked.refund.id)).toMatchObject({ status: "processed", failureMessage: null });
    expect(await paymentStatusOf(order.id)).toBe("refunded");
    expect(await emailsOf("refund")).toHaveLength(1);
  });

  it("the stand-in's own refund events, sent to the shop's webhook as Paystack sends them: the refund settles once", async () => {
    const { order } = await paidOrder(26_500);
    standIn.setKnobs({ webhookUrl: shopWebhookUrl, duplicateWebhooks: 3 });
    const before = standIn.webhookDeliveries().length;
    const asked = await refundNow(order.id, 26_500, "Colour not as pictured");
    await standIn.idle();
    const sent = standIn.webhookDeliveries().slice(before);
    expect(sent).toHaveLength(9);
    expect([...new Set(sent.map((d) => d.event))]).toEqual(["refund.pending", "refund.processing", "refund.processed"]);
    expect(sent.every((d) => d.status === 200)).toBe(true);
    expect((await refundRow(asked.refund.id)).status).toBe("processed");
    expect(await paymentStatusOf(order.id)).toBe("refunded");
    expect(await historyOf(order.id, "Refunded")).toEqual(["Refunded ₵265.00: Colour not as pictured (by Kwame Mensah)"]);
    expect(await recipients("refund")).toEqual([order.customerEmail]);
  });

  // ---------------------------------------------------------------- 3. refunds whose answer was lost

  it("a refund queued at Paystack whose answer was lost: unconfirmed, not sent twice, found by List Refunds, then processed once by its event", async () => {
    const { order, reference } = await paidOrder(42_000);
    // Paystack queues it, but its answer never comes back and its refund.pending event is lost too
    // (no webhook yet); it moves on to processing 4 s later.
    standIn.setKnobs({ refundAnswerLost: 1, refundDelayMs: 4_000 });
    const lost = await refundNow(order.id, 42_000, "Return accepted");
    expect(lost.status).toBe("unconfirmed");
    expect(lost.status === "unconfirmed" && lost.message).toBe(
      "Paystack did not answer in time. Paystack may have queued it, so its amount stays reserved: the shop checks with Paystack every few minutes, or press Check with Paystack.",
    );
    expect(standIn.refunds().filter((r) => r.transactionReference === reference)).toHaveLength(1);

    // Staff cannot send it again meanwhile.
    const again = await refundNow(order.id, 42_000, "Return accepted").catch((e: unknown) => e);
    expect(again).toBeInstanceOf(RefundRefusedError);
    expect((again as RefundRefusedError).reason).toBe("too-much");
    expect((again as Error).message).toBe(`Nothing more can be refunded on ${order.orderNumber} while ₵420.00 is waiting for Paystack.`);
    expect(standIn.refunds().filter((r) => r.transactionReference === reference)).toHaveLength(1);

    // The shop asks Paystack (List Refunds of the transaction): there it is.
    expect(await confirmRefundWithPaystack(database.db, paystack, lost.refund.id, sender)).toEqual({
      status: "pending",
      message: "Paystack has this refund: it is waiting to be processed.",
    });
    expect((await refundRow(lost.refund.id)).providerRefundId).toBe(String(standIn.refunds().at(-1)!.id));
    expect(await paymentStatusOf(order.id)).toBe("paid");

    // Its next events reach the shop's webhook (each twice, at once): processed, once.
    expect(standIn.refunds().at(-1)!.status).toBe("pending");
    standIn.setKnobs({ webhookUrl: shopWebhookUrl, duplicateWebhooks: 2 });
    const before = standIn.webhookDeliveries().length;
    await standIn.idle();
    expect(
      standIn
        .webhookDeliveries()
        .slice(before)
        .map((d) => [d.event, d.status]),
    ).toEqual([
      ["refund.processing", 200],
      ["refund.processing", 200],
      ["refund.processed", 200],
      ["refund.processed", 200],
    ]);
    expect(await refundRow(lost.refund.id)).toMatchObject({
      status: "processed",
      providerRefundReference: standIn.refunds().at(-1)!.refundReference,
    });
    expect(await paymentStatusOf(order.id)).toBe("refunded");
    expect(await historyOf(order.id, "Refunded")).toEqual(["Refunded ₵420.00: Return accepted (by Kwame Mensah)"]);
    expect(await recipients("refund")).toEqual([order.customerEmail]);
    expect(await confirmRefundWithPaystack(database.db, paystack, lost.refund.id, sender)).toEqual({
      status: "processed",
      message: "Paystack has refunded the customer.",
    });
    expect(await recipients("refund")).toEqual([order.customerEmail]);
  });

  it("a refund Paystack never got is failed only once Paystack has not listed it for CONFIRM_AFTER_MS; then it can be sent again", async () => {
    const { order } = await paidOrder(18_000);
    standIn.setKnobs({ failRefund: "server-error" });
    const lost = await refundNow(order.id, 18_000, "Wrong colour");
    expect(lost.status).toBe("unconfirmed");
    expect(lost.status === "unconfirmed" && lost.message).toMatch(
      /^Paystack failed on its side \(HTTP 500\)\. Paystack may have queued it/,
    );
    standIn.setKnobs({ failRefund: false });
    await expect(refundNow(order.id, 18_000)).rejects.toThrow(RefundRefusedError);

    const sentAt = (await refundRow(lost.refund.id)).createdAt;
    expect(await confirmRefundWithPaystack(database.db, paystack, lost.refund.id, sender, new Date(sentAt.getTime() + 30_000))).toEqual({
      status: "unconfirmed",
      message: "Paystack does not list this refund yet. The shop checks again in a minute.",
    });
    expect((await refundRow(lost.refund.id)).status).toBe("unconfirmed");
    const late = new Date(sentAt.getTime() + CONFIRM_AFTER_MS + 1_000);
    expect(await confirmRefundWithPaystack(database.db, paystack, lost.refund.id, sender, late)).toEqual({
      status: "failed",
      message: NOT_AT_PAYSTACK_MESSAGE,
    });
    expect(await refundRow(lost.refund.id)).toMatchObject({ status: "failed", failureMessage: NOT_AT_PAYSTACK_MESSAGE });
    expect(await paymentStatusOf(order.id)).toBe("paid");
    expect((await refundNow(order.id, 18_000, "Wrong colour")).status).toBe("pending");
  });

  // ---------------------------------------------------------------- 4. lost initialize answers

  it("a lost answer to initialize: Pay now opens a new attempt with a new reference, the shopper pays, paid once; the old reference stays", async () => {
    const order = await heldOrder(45_000);
    // Paystack created the transaction, but its answer never reached the shop.
    standIn.setKnobs({ initializeAnswerLost: 1 });
    const lost = await startOnlinePayment(database.db, paystack, { orderId: order.id, origin: TEST_ORIGIN });
    expect(lost).toEqual({
      ok: false,
      message: "We could not reach our payment provider. Your order is saved and held for you: press Pay now to try again.",
    });
    const [first] = await paymentAttemptsOf(database.db, order.id);
    expect(first!.sentAt).toBeInstanceOf(Date);
    expect(standIn.transaction(first!.reference)).toBeDefined();

    const second = await payNow(order.id);
    expect(second).not.toBe(first!.reference);
    standIn.approve(second, { channel: "card" });
    expect(await deliver("charge.success", standIn.transactionData(second))).toBe(200);
    expect(await paymentStatusOf(order.id)).toBe("paid");
    expect(await historyOf(order.id, "Paid online")).toHaveLength(1);
    expect(await recipients("payment-receipt")).toEqual([order.customerEmail]);
    const attempts = await paymentAttemptsOf(database.db, order.id);
    expect(attempts.map((a) => [a.reference, a.status])).toEqual([
      [second, "success"],
      [first!.reference, "created"],
    ]);
    // Past the hold's time the paid order is left alone.
    const report = await expireUnpaidOrders({ db: database.db, verify: verifyWith, log: holdLog, sender, now: hoursAfter(order.dueAt, 1) });
    expect(report.cancelled).toBe(0);
    expect(await orderRow(order.id)).toMatchObject({ orderStatus: "processing", paymentStatus: "paid" });
  });

  const verifyWith = (reference: string) => verifyTransaction(paystack, reference);
  const hoursAfter = (date: Date, hours: number) => new Date(date.getTime() + hours * 3_600_000);
  const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

  it("the reference whose answer was lost stays for the hold: paid through it after all, the hold finds it and does not cancel", async () => {
    const order = await heldOrder(45_000, "mobile_money");
    standIn.setKnobs({ initializeAnswerLost: 1 });
    expect((await startOnlinePayment(database.db, paystack, { orderId: order.id, origin: TEST_ORIGIN })).ok).toBe(false);
    const [first] = await paymentAttemptsOf(database.db, order.id);
    const second = await payNow(order.id);
    standIn.cancel(second);
    // The money came through the first reference, and its webhook was lost.
    standIn.approve(first!.reference, { channel: "mobile_money", network: "MTN", phone: "0551234987" });

    const report = await expireUnpaidOrders({
      db: database.db,
      verify: verifyWith,
      log: holdLog,
      sender,
      now: minutesAfter(order.dueAt, 1),
    });
    expect(report).toMatchObject({ paid: 1, cancelled: 0 });
    expect(standIn.verifyCalls(first!.reference)).toBeGreaterThan(0);
    expect(await orderRow(order.id)).toMatchObject({ orderStatus: "processing", paymentStatus: "paid" });
    expect(await historyOf(order.id, "Paid online")).toEqual([`Paid online (MTN mobile money •••987), reference ${first!.reference}`]);
    expect(await emailsOf("payment-expired")).toHaveLength(0);
  });

  it("Paystack answering Duplicate Transaction Reference: the shop retries at once with a new attempt and the shopper gets a checkout page", async () => {
    const order = await heldOrder(28_000);
    // An attempt Paystack already holds (sent by a try whose record never said so).
    const held = await createPaymentAttempt(database.db, { orderId: order.id, amount: 28_000, currency: "GHS", channel: "card" });
    await initializeTransaction(paystack, {
      email: order.customerEmail,
      amount: 28_000,
      currency: "GHS",
      reference: held.reference,
      callbackUrl: `${TEST_ORIGIN}/order-confirmation/${order.id}`,
      channels: ["card"],
    });
    const started = await startOnlinePayment(database.db, paystack, { orderId: order.id, origin: TEST_ORIGIN });
    const attempts = await paymentAttemptsOf(database.db, order.id);
    expect(attempts).toHaveLength(2);
    const fresh = attempts[0]!;
    expect(fresh.reference).not.toBe(held.reference);
    expect(started).toEqual({ ok: true, url: `${standIn.url}/checkout/${standIn.transaction(fresh.reference)!.accessCode}` });
    expect(fresh).toMatchObject({ status: "pending", authorizationUrl: started.ok ? started.url : null });
  });

  // ---------------------------------------------------------------- 5. pending is in progress

  it("a transaction Paystack reports pending is not cancelled within the hold's grace, and is paid when it succeeds", async () => {
    standIn.setKnobs({ unpaidStatus: "pending" });
    const order = await heldOrder(33_000, "mobile_money");
    const reference = await payNow(order.id);
    expect((await verifyWith(reference)).status).toBe("pending");

    const round = (now: Date) =>
      expireUnpaidOrders({ db: database.db, verify: verifyWith, log: holdLog, sender, now, inProgressGraceMs: 15 * 60_000 });
    expect(await round(minutesAfter(order.dueAt, 1))).toMatchObject({ checked: 1, waiting: 1, cancelled: 0 });
    expect(await round(minutesAfter(order.dueAt, 14))).toMatchObject({ checked: 1, waiting: 1, cancelled: 0 });
    expect(await orderRow(order.id)).toMatchObject({ orderStatus: "processing", paymentStatus: "pending" });

    standIn.approve(reference, { channel: "mobile_money", network: "MTN", phone: "0241112223" });
    expect(await deliver("charge.success", standIn.transactionData(reference))).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ orderStatus: "processing", paymentStatus: "paid" });
    expect(await recipients("payment-receipt")).toEqual([order.customerEmail]);
    expect(await emailsOf("payment-expired")).toHaveLength(0);
  });

  it("pending past the grace, and abandoned after the hold's time, are cancelled, saying why", async () => {
    standIn.setKnobs({ unpaidStatus: "pending" });
    const stuck = await heldOrder(33_000, "mobile_money");
    await payNow(stuck.id);
    standIn.setKnobs({ unpaidStatus: "abandoned" });
    const walkedAway = await heldOrder(21_000);
    await payNow(walkedAway.id);

    const report = await expireUnpaidOrders({
      db: database.db,
      verify: verifyWith,
      log: holdLog,
      sender,
      now: minutesAfter(stuck.dueAt, 16),
      inProgressGraceMs: 15 * 60_000,
    });
    expect(report).toMatchObject({ checked: 2, cancelled: 2 });
    expect((await orderRow(stuck.id)).orderStatus).toBe("cancelled");
    expect(await historyOf(stuck.id, "Payment still")).toEqual([
      'Payment still "pending" with Paystack 16 minutes after it was due: cancelled by the payment hold, stock returned',
    ]);
    expect((await orderRow(walkedAway.id)).orderStatus).toBe("cancelled");
    expect(await historyOf(walkedAway.id, "Payment not received")).toHaveLength(1);
    expect(await recipients("payment-expired")).toEqual([stuck.customerEmail, walkedAway.customerEmail].sort());
  });

  // ---------------------------------------------------------------- 6. double payment

  it("paid twice: the second success is an extra payment, flagged to staff; its refund goes to it first and the order stays paid", async () => {
    const order = await heldOrder(60_000, "mobile_money");
    const first = await payNow(order.id);
    // An open mobile money prompt, and a second attempt the shopper also approves.
    const extra = await secondMobileMoneyAttempt(order, 60_000);
    standIn.approve(first, { channel: "mobile_money", network: "MTN", phone: "0551234987" });
    standIn.approve(extra.reference, { channel: "mobile_money", network: "MTN", phone: "0551234987" });
    expect(await deliver("charge.success", standIn.transactionData(first))).toBe(200);
    expect(await deliver("charge.success", standIn.transactionData(extra.reference))).toBe(200);
    expect(outcomesOf("charge.success")).toEqual(["paid", "extra-payment"]);

    expect(await paymentStatusOf(order.id)).toBe("paid");
    expect(await historyOf(order.id, "Paid online")).toHaveLength(1);
    expect(await recipients("payment-receipt")).toEqual([order.customerEmail]);
    const paidTwice =
      `Paid twice: a second payment of ₵600.00 (MTN mobile money •••987, reference ${extra.reference}) came in after the order was ` +
      `already paid (reference ${first}). The customer was charged twice: refund the extra payment from the order's ` +
      `Payments section unless they asked for it.`;
    expect(await historyOf(order.id, "Paid twice")).toEqual([paidTwice]);
    expect(await staffNotes(order.id)).toEqual([paidTwice]);
    expect(await recipients("extra-payment-alert")).toEqual(admins);
    // Delivered again: nothing more.
    expect(await deliver("charge.success", standIn.transactionData(extra.reference))).toBe(200);
    expect(await emailsOf("extra-payment-alert")).toHaveLength(admins.length);

    const refund = await refundNow(order.id, 60_000, "Paid twice by mobile money");
    expect(refund.refund.transactionReference).toBe(extra.reference);
    for (const [event, status, refundReference] of [
      ["refund.pending", "pending", null],
      ["refund.processed", "processed", "132013318399"],
    ] as const) {
      expect(
        await deliver(event, publishedRefund(status, { transactionReference: extra.reference, amount: 60_000, refundReference })),
      ).toBe(200);
    }
    expect((await refundRow(refund.refund.id)).status).toBe("processed");
    expect(await paymentStatusOf(order.id)).toBe("paid");
    expect(await historyOf(order.id, "Refunded")).toEqual(["Refunded ₵600.00: Paid twice by mobile money (by Kwame Mensah)"]);
    expect(await recipients("refund")).toEqual([order.customerEmail]);
  });

  it("two payments of one order arriving at once (5 deliveries of each): paid once, the other flagged as the extra payment once", async () => {
    const order = await heldOrder(35_000, "mobile_money");
    const first = await payNow(order.id);
    const second = await secondMobileMoneyAttempt(order, 35_000);
    standIn.approve(first, { channel: "mobile_money", network: "MTN", phone: "0551234987" });
    standIn.approve(second.reference, { channel: "mobile_money", network: "MTN", phone: "0551234987" });
    const bodies = [first, second.reference].map((reference) =>
      JSON.stringify({ event: "charge.success", data: standIn.transactionData(reference) }),
    );
    const statuses = await Promise.all(bodies.flatMap((body) => Array.from({ length: 5 }, () => post(body))));
    expect(statuses).toEqual(Array(10).fill(200));
    const outcomes = outcomesOf("charge.success");
    expect(outcomes.filter((o) => o === "paid")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "extra-payment")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "already-paid")).toHaveLength(8);
    expect(await paymentStatusOf(order.id)).toBe("paid");
    expect(await historyOf(order.id, "Paid online")).toHaveLength(1);
    expect(await historyOf(order.id, "Paid twice")).toHaveLength(1);
    expect(await recipients("payment-receipt")).toEqual([order.customerEmail]);
    expect(await recipients("extra-payment-alert")).toEqual(admins);
    const attempts = await paymentAttemptsOf(database.db, order.id);
    expect(attempts.map((a) => a.status)).toEqual(["success", "success"]);
    expect(attempts.filter((a) => a.extraPayment)).toHaveLength(1);
  });

  // ---------------------------------------------------------------- 7. requested_amount

  it("the customer bearing Paystack's fees: amount = requested + fees is paid, not a mismatch; another requested_amount is a mismatch", async () => {
    standIn.setKnobs({ customerPaysFees: true });
    const order = await heldOrder(40_000);
    const reference = await payNow(order.id);
    standIn.approve(reference, { channel: "card" });
    const charged = standIn.transactionData(reference);
    expect(charged).toMatchObject({ amount: 40_000 + Number(charged.fees), requested_amount: 40_000 });
    expect(Number(charged.fees)).toBeGreaterThan(0);
    expect(await deliver("charge.success", charged)).toBe(200);
    expect(outcomesOf("charge.success")).toEqual(["paid"]);
    expect(await paymentStatusOf(order.id)).toBe("paid");

    standIn.setKnobs({ customerPaysFees: false });
    const other = await heldOrder(40_000);
    const otherReference = await payNow(other.id);
    standIn.approve(otherReference, { channel: "card" });
    const short = { ...standIn.transactionData(otherReference), amount: 40_000, requested_amount: 39_000 };
    expect(await deliver("charge.success", short)).toBe(200);
    expect(outcomesOf("charge.success")).toEqual(["paid", "mismatch"]);
    expect(await paymentStatusOf(other.id)).toBe("pending");
    const [attempt] = await paymentAttemptsOf(database.db, other.id);
    expect(attempt).toMatchObject({
      status: "mismatch",
      gatewayMessage: "Paystack reported GHS 390 for a charge of GHS 400: not marked paid.",
    });
  });

  // ---------------------------------------------------------------- 8. disputes

  it("disputes: create stores it with its due date and alerts staff; remind alerts again; resolve records the resolution", async () => {
    const { order, reference } = await paidOrder(58_000);
    const { timezone } = await getStoreSettings(database.db);
    const id = ++disputeIds;
    const dueAt = new Date(Date.now() + 3 * 86_400_000);
    const opened = new Date(Date.now() - 60_000);
    const due = formatDateTimeWithZone(dueAt, timezone);

    const create = publishedDispute({ reference, amount: 58_000 }, { id, status: "awaiting-merchant-feedback", dueAt, updatedAt: opened });
    expect(await deliver("charge.dispute.create", create)).toBe(200);
    const [row] = await database.db.select().from(paymentDisputes).where(eq(paymentDisputes.orderId, order.id));
    expect(row).toMatchObject({
      providerDisputeId: String(id),
      transactionReference: reference,
      status: "awaiting-merchant-feedback",
      category: "chargeback",
      amount: 58_000,
      currency: "GHS",
      dueAt,
      resolvedAt: null,
      customerMessage: "Customer complained about debit without value",
    });
    const openedNote =
      `Dispute opened: the customer's bank disputes ₵580.00 of payment ${reference} (chargeback, Paystack dispute ${id}). ` +
      `Answer it in the Paystack dashboard (Disputes) before ${due}: upload the proof of delivery, or accept it. If nobody ` +
      `answers in time, Paystack gives the money back to the customer. The complaint: "Customer complained about debit without value"`;
    expect(await staffNotes(order.id)).toEqual([openedNote]);
    expect(await recipients("dispute-alert")).toEqual(admins);
    expect((await emailsOf("dispute-alert"))[0]!.subject).toBe(`Dispute opened on order ${order.orderNumber} by ${due}`);

    const remind = publishedDispute(
      { reference, amount: 58_000 },
      { id, status: "awaiting-merchant-feedback", dueAt, updatedAt: new Date(opened.getTime() + 3_600_000) },
    );
    expect(await deliver("charge.dispute.remind", remind)).toBe(200);
    expect(await staffNotes(order.id)).toHaveLength(2);
    expect((await staffNotes(order.id))[1]).toBe(
      `Reminder (Paystack, ${formatDateTimeWithZone(new Date(opened.getTime() + 3_600_000), timezone)}): ` +
        openedNote.slice("Dispute opened: ".length),
    );
    expect(await emailsOf("dispute-alert")).toHaveLength(2 * admins.length);

    const resolvedAt = new Date(opened.getTime() + 7_200_000);
    const resolve = publishedDispute(
      { reference, amount: 58_000 },
      { id, status: "resolved", resolution: "declined", resolvedAt, dueAt, updatedAt: resolvedAt },
    );
    expect(await deliver("charge.dispute.resolve", resolve)).toBe(200);
    expect(outcomesOf("charge.dispute.create")).toEqual(["opened"]);
    expect(outcomesOf("charge.dispute.remind")).toEqual(["reminded"]);
    expect(outcomesOf("charge.dispute.resolve")).toEqual(["resolved"]);
    const disputes = await database.db.select().from(paymentDisputes).where(eq(paymentDisputes.orderId, order.id));
    expect(disputes).toHaveLength(1);
    expect(disputes[0]).toMatchObject({ status: "resolved", resolution: "declined", resolvedAt });
    expect((await staffNotes(order.id))[2]).toBe(
      `Dispute resolved: the shop won it: the money stays with the shop (₵580.00, payment ${reference}, Paystack dispute ${id}).`,
    );
    expect(await emailsOf("dispute-alert")).toHaveLength(3 * admins.length);
    // The dispute's money is Paystack's business: the order's payment is as it was.
    expect(await paymentStatusOf(order.id)).toBe("paid");
  });

  it("the stand-in's own dispute events through the shop's webhook: opened, each reminder emailed, resolved", async () => {
    const { order, reference } = await paidOrder(64_000);
    standIn.setKnobs({ webhookUrl: shopWebhookUrl });
    const dueAt = new Date(Date.now() + 2 * 86_400_000);
    const opened = standIn.openDispute(reference, { dueAt, message: "I was charged twice for one agbada" });
    await standIn.idle();
    const [row] = await database.db.select().from(paymentDisputes).where(eq(paymentDisputes.orderId, order.id));
    expect(row).toMatchObject({ providerDisputeId: String(opened.id), amount: 64_000, dueAt, status: "awaiting-merchant-feedback" });
    expect(await emailsOf("dispute-alert")).toHaveLength(admins.length);

    // Paystack reminds twice as the due date comes closer: staff hear of each.
    standIn.remindDispute(opened.id);
    await standIn.idle();
    expect(await emailsOf("dispute-alert")).toHaveLength(2 * admins.length);
    // The next one, six hours later (the stand-in's clock cannot wait that long: its event, re-dated).
    const later = { ...standIn.disputeEventData(opened.id), updated_at: new Date(Date.now() + 6 * 3_600_000).toISOString() };
    expect((await standIn.sendEvent("charge.dispute.remind", later)).map((d) => d.status)).toEqual([200]);
    expect(await emailsOf("dispute-alert")).toHaveLength(3 * admins.length);
    expect((await staffNotes(order.id)).filter((n) => n.startsWith("Reminder (Paystack, "))).toHaveLength(2);

    // Resolved the day after (re-dated likewise: an event older than the last reminder would be stale).
    standIn.setKnobs({ webhookUrl: null });
    standIn.resolveDispute(opened.id, "merchant-accepted");
    const resolve = { ...standIn.disputeEventData(opened.id), updated_at: new Date(Date.now() + 24 * 3_600_000).toISOString() };
    expect((await standIn.sendEvent("charge.dispute.resolve", resolve, { url: shopWebhookUrl })).map((d) => d.status)).toEqual([200]);
    const [resolved] = await database.db.select().from(paymentDisputes).where(eq(paymentDisputes.orderId, order.id));
    expect(resolved).toMatchObject({ status: "resolved", resolution: "merchant-accepted" });
    expect(resolved!.resolvedAt).toBeInstanceOf(Date);
    expect((await staffNotes(order.id)).at(-1)).toBe(
      `Dispute resolved: you accepted it: the money went back to the customer (₵640.00, payment ${reference}, Paystack dispute ${opened.id}).`,
    );
    expect(await emailsOf("dispute-alert")).toHaveLength(4 * admins.length);
  });

  it("a dispute on a reference that is not the shop's is acknowledged (200) and nothing is stored", async () => {
    const before = await database.db.select().from(paymentDisputes);
    const stranger = publishedDispute(
      { reference: "v3mjfgbnc19v97x", amount: 5_800 },
      { id: ++disputeIds, status: "awaiting-merchant-feedback", dueAt: new Date(Date.now() + 86_400_000), updatedAt: new Date() },
    );
    expect(await deliver("charge.dispute.create", stranger)).toBe(200);
    expect(outcomesOf("charge.dispute.create")).toEqual(["unknown-dispute"]);
    expect(await database.db.select().from(paymentDisputes)).toEqual(before);
    expect(await emailsOf("dispute-alert")).toHaveLength(0);
  });

  // ---------------------------------------------------------------- 9. concurrent duplicate deliveries

  /** The same signed body delivered `copies` times at once: every delivery answered 200. */
  async function deliverAtOnce(event: string, data: unknown, copies = 10) {
    const body = JSON.stringify({ event, data });
    const statuses = await Promise.all(Array.from({ length: copies }, () => post(body)));
    expect(statuses).toEqual(Array(copies).fill(200));
  }

  it("10 concurrent deliveries of charge.success, of each refund event and of each dispute event: one effect each", async () => {
    const order = await heldOrder(80_000);
    const reference = await payNow(order.id);
    standIn.approve(reference, { channel: "card" });
    await deliverAtOnce("charge.success", standIn.transactionData(reference));
    expect(await paymentStatusOf(order.id)).toBe("paid");
    expect(await historyOf(order.id, "Paid online")).toHaveLength(1);
    expect(await emailsOf("payment-receipt")).toHaveLength(1);

    // A refund through its three published states.
    const settled = await refundNow(order.id, 20_000, "Trousers hemmed too short");
    await deliverAtOnce("refund.pending", publishedRefund("pending", { transactionReference: reference, amount: 20_000 }));
    await deliverAtOnce("refund.processing", publishedRefund("processing", { transactionReference: reference, amount: 20_000 }));
    expect((await refundRow(settled.refund.id)).status).toBe("processing");
    await deliverAtOnce(
      "refund.processed",
      publishedRefund("processed", { transactionReference: reference, amount: 20_000, refundReference: "132013318400" }),
    );
    expect((await refundRow(settled.refund.id)).status).toBe("processed");
    expect(await historyOf(order.id, "Refunded")).toEqual(["Refunded ₵200.00: Trousers hemmed too short (by Kwame Mensah)"]);
    expect(await emailsOf("refund")).toHaveLength(1);

    // One that fails, one that needs attention.
    const failing = await refundNow(order.id, 5_000, "Missing button");
    await deliverAtOnce(
      "refund.failed",
      publishedRefund("failed", { transactionReference: reference, amount: 5_000, refundReference: "TRF_concurrentfail1" }),
    );
    expect((await refundRow(failing.refund.id)).status).toBe("failed");
    const waiting = await refundNow(order.id, 7_000, "Late delivery");
    await deliverAtOnce(
      "refund.needs-attention",
      publishedRefund("needs-attention", { transactionReference: reference, amount: 7_000, refundReference: "TRF_concurrentwait1" }),
    );
    expect((await refundRow(waiting.refund.id)).status).toBe("needs_attention");
    expect(await emailsOf("refund-failed-alert")).toHaveLength(admins.length);
    expect(await emailsOf("refund-attention-alert")).toHaveLength(admins.length);
    expect(await refundsOf(order.id)).toHaveLength(3);

    // A dispute, opened, reminded, resolved.
    const id = ++disputeIds;
    const dueAt = new Date(Date.now() + 2 * 86_400_000);
    const at = (minutes: number) => new Date(Date.now() - 3_600_000 + minutes * 60_000);
    const dispute = (status: string, updatedAt: Date, resolution: string | null = null) =>
      publishedDispute(
        { reference, amount: 80_000 },
        { id, status, dueAt, updatedAt, resolution, resolvedAt: resolution ? updatedAt : null },
      );
    await deliverAtOnce("charge.dispute.create", dispute("awaiting-merchant-feedback", at(0)));
    expect(await database.db.select().from(paymentDisputes).where(eq(paymentDisputes.orderId, order.id))).toHaveLength(1);
    await deliverAtOnce("charge.dispute.remind", dispute("awaiting-merchant-feedback", at(10)));
    await deliverAtOnce("charge.dispute.resolve", dispute("resolved", at(20), "merchant-accepted"));
    const disputes = await database.db.select().from(paymentDisputes).where(eq(paymentDisputes.orderId, order.id));
    expect(disputes.map((d) => [d.status, d.resolution])).toEqual([["resolved", "merchant-accepted"]]);
    expect(await emailsOf("dispute-alert")).toHaveLength(3 * admins.length);

    // Every effect once: the notes staff read.
    const notes = await staffNotes(order.id);
    expect(notes.filter((n) => n.includes(REFUND_FAILED_MESSAGE))).toHaveLength(1);
    expect(notes.filter((n) => n.includes(REFUND_NEEDS_ATTENTION_MESSAGE))).toHaveLength(1);
    expect(notes.filter((n) => /^(Dispute opened: |Reminder \(Paystack, |Dispute resolved: )/.test(n))).toHaveLength(3);
    expect(notes).toHaveLength(5);
  });

  // ---------------------------------------------------------------- 10. what the shop does not use, and what it refuses

  it("events the shop does not use are acknowledged and change nothing; unsigned is 401; signed but not JSON is 400", async () => {
    const { order, reference } = await paidOrder(25_000);
    const snapshot = async () => ({
      orders: await database.db.select().from(orders),
      attempts: await database.db.select().from(paymentAttempts),
      refunds: await database.db.select().from(refunds),
      disputes: await database.db.select().from(paymentDisputes),
      history: await database.db.select().from(orderStatusHistory),
      notes: await database.db.select().from(orderNotes),
      emails: await database.db.select().from(emailOutbox),
    });
    const before = await snapshot();

    const unused: [string, unknown][] = [
      [
        "transfer.success",
        { amount: 30_000, currency: "GHS", reference: "TRF_1ptvuv321ahaa7q", status: "success", transfer_code: "TRF_x" },
      ],
      ["subscription.create", { subscription_code: "SUB_vsyqdmlzble3uii", amount: 50_000, status: "active", plan: { plan_code: "PLN_x" } }],
      ["charge.failed", { reference, amount: "25000", status: "failed", channel: "pos" }],
      ["paymentrequest.success", { id: 1_089_700, amount: 25_000, currency: "GHS", status: "success" }],
      ["invoice.create", { amount: 50_000, status: "pending", transaction: { reference } }],
      ["customeridentification.success", { customer_id: "82796315", email: "kojo@example.com" }],
    ];
    for (const [event, data] of unused) expect(await deliver(event, data), event).toBe(200);
    // A charge.success of a channel the shop does not use (a POS terminal, its amount a string), not one of the shop's references.
    const pos = {
      ...standIn.transactionData(reference),
      reference: "T587930209823721",
      amount: "5000",
      channel: "pos",
      authorization: {},
      requested_amount: "5000",
    };
    expect(await deliver("charge.success", pos)).toBe(200);
    expect(outcomesOf("charge.success")).toEqual(["paid", "unknown-reference"]);
    expect(await snapshot()).toEqual(before);

    // Unsigned, or signed with another key: 401. Signed but not JSON, or a refund event without an amount: 400.
    const refundBody = JSON.stringify({
      event: "refund.processed",
      data: publishedRefund("processed", { transactionReference: reference, amount: 25_000 }),
    });
    expect(await post(refundBody, null)).toBe(401);
    expect(await post(refundBody, signPaystackBody(refundBody, "sk_test_someone_else_entirely"))).toBe(401);
    expect(await post("not json at all")).toBe(400);
    expect(await post('{"event":"refund.processed","data":{"status":"processed","transaction_reference":"x"}}')).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect(await paymentStatusOf(order.id)).toBe("paid");
  });
});
