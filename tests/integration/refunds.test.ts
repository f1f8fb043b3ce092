import crypto from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { action as ordersAction, loader as ordersLoader } from "~/routes/admin/orders";
import { orders, orderStatusHistory } from "~db/schema/orders";
import { refunds } from "~db/schema/payments";
import { emailOutbox, userRoles } from "~db/schema/store";
import { adminEmailAddresses } from "~/modules/email/admin-alerts.server";
import { customerMessagesOf, orderNotesOf } from "~/modules/orders/order-fulfilment.server";
import { orderPaymentsForStaff } from "~/modules/payments/order-payments.server";
import { applyVerifiedTransaction, createPaymentAttempt } from "~/modules/payments/payment-attempts.server";
import {
  initializeTransaction,
  parsePaystackEvent,
  parseRefundEvent,
  PaystackError,
  type PaystackClientConfig,
  type PaystackRefundEvent,
  verifyTransaction,
} from "~/modules/payments/paystack-client.server";
import { isValidPaystackSignature } from "~/modules/payments/paystack-signature.server";
import { applyRefundEvent, type RefundEventName, refundOrder, RefundRefusedError } from "~/modules/payments/refunds.server";
import { createOrder } from "../factories/orders";
import { createUser } from "../factories/users";
import { TEST_ORIGIN, signedInAs, testLoadContext } from "../setup/load-context";
import { describeWithDatabase } from "../setup/test-database";
import { defaultKnobs, type PaystackStandIn, startPaystackStandIn } from "../support/paystack-stand-in";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

/**
 * Refunds (issue 11, item 8) against the local Paystack stand-in: staff refund a paid online
 * order in full or in part; the refund is pending until Paystack's signed refund event says it
 * was processed, exactly once however often the event comes; the order then reads refunded or
 * partially refunded, its history says who refunded what and why, and the customer is emailed.
 */
describeWithDatabase("refunds", (database) => {
  const secretKey = "sk_test_refunds_0123456789abcdef";
  const sender = { origin: "https://shop.example", storeName: "Ahenfie" };
  let standIn: PaystackStandIn;
  let receiver: WebhookReceiver;
  let paystack: PaystackClientConfig;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    standIn = await startPaystackStandIn({ secretKey, webhookUrl: receiver.url, webhookRetryDelayMs: 10 });
    paystack = { secretKey, apiUrl: standIn.url, timeoutMs: 2_000 };
  });
  afterAll(async () => {
    await standIn?.close();
    await receiver?.close();
  });
  beforeEach(async () => {
    await standIn.idle();
    standIn.setKnobs({ ...defaultKnobs, webhookUrl: receiver.url, webhookRetryDelayMs: 10 });
    receiver.received.length = 0;
    await database.db.delete(orders);
    await database.db.delete(emailOutbox);
  });

  /** An order paid by card through the stand-in: initialised, approved, verified, applied. */
  async function paidOnlineOrder(total = 37_499, email = "ama@example.com") {
    const order = await createOrder(database.db, {
      totalAmount: total,
      paymentMethod: "card",
      customerEmail: email,
      customerName: "Ama Owusu",
    });
    const attempt = await createPaymentAttempt(database.db, { orderId: order.id, amount: total, currency: "GHS", channel: "card" });
    await initializeTransaction(paystack, {
      email,
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
    return { order, reference: attempt.reference };
  }

  const refund = (orderId: string, amount: number, reason = "Wrong size, returned unworn", refundId: string = crypto.randomUUID()) =>
    refundOrder(database.db, { orderId, refundId, amount, reason, requestedBy: "Kwame Mensah" }, { paystack, ...sender });

  /**
   * The signed refund events the stand-in has sent to the shop's webhook, checked and read as the
   * webhook reads them (parsePaystackEvent), in the order they were sent.
   */
  async function refundEvents(): Promise<{ event: RefundEventName; data: PaystackRefundEvent }[]> {
    await standIn.idle();
    return receiver.received.flatMap((r) => {
      expect(isValidPaystackSignature(r.rawBody, r.headers["x-paystack-signature"], secretKey)).toBe(true);
      const parsed = parsePaystackEvent(r.rawBody);
      return parsed.kind === "refund" ? [{ event: parsed.event, data: parsed.refund }] : [];
    });
  }
  /** The one event of that name among them. */
  async function refundEvent(name: RefundEventName) {
    const named = (await refundEvents()).filter((e) => e.event === name);
    expect(named).toHaveLength(1);
    return named[0]!;
  }
  /** Applies every refund event sent so far, in order; returns the last outcome. */
  async function applySentRefundEvents() {
    let last: string | null = null;
    for (const e of await refundEvents()) last = await applyRefundEvent(database.db, e.event, e.data, sender);
    return last;
  }

  const paymentStatusOf = async (id: string) =>
    (await database.db.select({ s: orders.paymentStatus }).from(orders).where(eq(orders.id, id)))[0]!.s;
  const refundNotes = async (id: string) =>
    (
      await database.db
        .select({ notes: orderStatusHistory.notes })
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, id), like(orderStatusHistory.notes, "Refunded%")))
        .orderBy(orderStatusHistory.id)
    ).map((h) => h.notes);
  const refundEmails = () => database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "refund")).orderBy(emailOutbox.id);

  it("a full refund: pending at Paystack, then the signed refund.processed → refunded once; replays change nothing", async () => {
    const { order, reference } = await paidOnlineOrder();
    const asked = await refund(order.id, 37_499);
    expect(asked.status).toBe("pending");
    expect(asked.refund).toMatchObject({ status: "pending", provider: "paystack", transactionReference: reference, amount: 37_499 });
    expect(asked.refund.providerRefundId).toMatch(/^\d+$/);
    const atPaystack = standIn.refunds().filter((r) => r.transactionReference === reference);
    expect(atPaystack).toMatchObject([{ amount: 37_499 }]);
    expect(atPaystack[0]!.merchantNote).toContain(asked.refund.id);
    // Nothing changes on the order until Paystack says so.
    expect(await paymentStatusOf(order.id)).toBe("paid");
    expect(await refundEmails()).toHaveLength(0);

    const processed = await refundEvent("refund.processed");
    // Delivered 20 times at once (Paystack retries, duplicates): one processed, the rest replays.
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => applyRefundEvent(database.db, processed!.event, processed!.data, sender)),
    );
    expect(outcomes.filter((o) => o === "processed")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "already-processed")).toHaveLength(19);
    expect(await paymentStatusOf(order.id)).toBe("refunded");
    expect(await refundNotes(order.id)).toEqual(["Refunded ₵374.99: Wrong size, returned unworn (by Kwame Mensah)"]);
    const emails = await refundEmails();
    expect(emails.map((e) => [e.toAddress, e.subject])).toEqual([["ama@example.com", "Ahenfie: Refund for order " + order.orderNumber]]);
    expect(emails[0]!.text).toContain("We have refunded ₵374.99");
    expect(emails[0]!.text).toContain("Reason: Wrong size, returned unworn");

    // Replayed later: no second history entry, no second email.
    expect(await applyRefundEvent(database.db, processed!.event, processed!.data, sender)).toBe("already-processed");
    expect(await refundNotes(order.id)).toHaveLength(1);
    expect(await refundEmails()).toHaveLength(1);
    const [row] = await database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(row).toMatchObject({ status: "processed", requestedBy: "Kwame Mensah" });
    expect(row!.processedAt).toBeInstanceOf(Date);
    // Nothing is left to refund, and the shop says so before Paystack would.
    await expect(refund(order.id, 1)).rejects.toThrow(`${order.orderNumber} has already been refunded in full.`);
  });

  it("partial refunds: partially refunded, then refunded once they add up; more than is left is refused", async () => {
    const { order } = await paidOnlineOrder(50_000);
    const first = await refund(order.id, 12_000, "Sleeves shortened at our cost");
    expect(first.status).toBe("pending");
    // While ₵120.00 waits for Paystack, ₵380.00 is what is left.
    await expect(refund(order.id, 38_001)).rejects.toThrow(`At most ₵380.00 can still be refunded on ${order.orderNumber}.`);
    const tooMuch = await refund(order.id, 38_001).catch((e: unknown) => e);
    expect(tooMuch).toBeInstanceOf(RefundRefusedError);
    expect((tooMuch as RefundRefusedError).reason).toBe("too-much");

    // As the webhook hands it on: the events parsed by the Paystack client, applied in order.
    expect(await applySentRefundEvents()).toBe("processed");
    expect(await paymentStatusOf(order.id)).toBe("partially_refunded");
    const view = await orderPaymentsForStaff(database.db, order.id, { paystackConnected: true });
    expect(view!.refund).toMatchObject({ provider: "paystack", paid: 50_000, processed: 12_000, refundable: 38_000, unavailable: null });

    receiver.received.length = 0;
    expect((await refund(order.id, 38_000, "Customer returned the kaftan")).status).toBe("pending");
    expect(await applySentRefundEvents()).toBe("processed");
    expect(await paymentStatusOf(order.id)).toBe("refunded");
    expect(await refundNotes(order.id)).toEqual([
      "Refunded ₵120.00: Sleeves shortened at our cost (by Kwame Mensah)",
      "Refunded ₵380.00: Customer returned the kaftan (by Kwame Mensah)",
    ]);
    expect((await refundEmails()).map((e) => e.subject)).toEqual([
      `Ahenfie: Partial refund for order ${order.orderNumber}`,
      `Ahenfie: Refund for order ${order.orderNumber}`,
    ]);
  });

  it("the same form posted twice refunds once; an event that comes before Paystack's id was stored still finds its refund", async () => {
    const { order, reference } = await paidOnlineOrder(20_000);
    const refundId = crypto.randomUUID();
    const [a, b] = await Promise.all([
      refund(order.id, 5_000, "Late delivery", refundId),
      refund(order.id, 5_000, "Late delivery", refundId),
    ]);
    expect(a.refund.id).toBe(refundId);
    expect(b.refund.id).toBe(refundId);
    expect(standIn.refunds().filter((r) => r.transactionReference === reference)).toHaveLength(1);
    expect(await database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);

    // As if the event had overtaken Paystack's answer: found by transaction reference and amount.
    // (Either post may answer first, with the refund as it was before Paystack's id was stored: read it now.)
    const [stored] = await database.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(stored!.providerRefundId).toMatch(/^\d+$/);
    await database.db.update(refunds).set({ providerRefundId: null }).where(eq(refunds.id, refundId));
    const event = await refundEvent("refund.processed");
    expect(await applyRefundEvent(database.db, event.event, event.data, sender)).toBe("processed");
    expect(await applyRefundEvent(database.db, event.event, event.data, sender)).toBe("already-processed");
    const [row] = await database.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(row).toMatchObject({ status: "processed" });
    // As published, refund.processed names no refund id but Paystack's refund reference: kept for the next event.
    expect(event.data.refundId).toBeNull();
    expect(event.data.refundReference).toMatch(/^\d+$/);
    expect(row!.providerRefundReference).toBe(event.data.refundReference);
    expect(await paymentStatusOf(order.id)).toBe("partially_refunded");
  });

  it("Paystack refusing marks the refund failed with why; no answer leaves it unconfirmed and reserved; a refund.failed event fails it; the order stays paid", async () => {
    const { order } = await paidOnlineOrder(30_000);
    standIn.setKnobs({ failRefund: "refused" });
    const refused = await refund(order.id, 10_000);
    expect(refused.status).toBe("failed");
    expect(refused.status === "failed" && refused.message).toMatch(/^Paystack refused the refund, so it was not made: /);

    // No answer: Paystack may have queued it, so it is not "failed" and its amount stays reserved.
    standIn.setKnobs({ failRefund: false, unreachable: true });
    const unreachable = await refund(order.id, 10_000);
    expect(unreachable.status).toBe("unconfirmed");
    expect(unreachable.status === "unconfirmed" && unreachable.message).toMatch(
      /^Paystack did not answer in time\. Paystack may have queued it/,
    );

    // Not the same amount again while that one is unconfirmed: Paystack's events could not tell the two apart.
    standIn.setKnobs({ unreachable: false, refundOutcome: "failed" });
    const same = await refund(order.id, 10_000).catch((e: unknown) => e);
    expect(same).toBeInstanceOf(RefundRefusedError);
    expect((same as Error).message).toBe(
      `A refund of ₵100.00 on ${order.orderNumber} is not confirmed by Paystack yet: the shop is checking whether Paystack made it. Refund ₵100.00 again only once it says that refund was not made (press Check with Paystack).`,
    );
    expect((await refund(order.id, 15_000)).status).toBe("pending");
    const failed = await refundEvent("refund.failed");
    for (const e of (await refundEvents()).filter((x) => x.event !== "refund.failed"))
      await applyRefundEvent(database.db, e.event, e.data, sender);
    expect(await applyRefundEvent(database.db, failed.event, failed.data, sender)).toBe("failed");
    expect(await applyRefundEvent(database.db, failed.event, failed.data, sender)).toBe("already-failed");

    expect(await paymentStatusOf(order.id)).toBe("paid");
    expect(await refundNotes(order.id)).toEqual([]);
    expect(await refundEmails()).toHaveLength(0);
    const rows = await database.db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(refunds.createdAt);
    expect(rows.map((r) => r.status)).toEqual(["failed", "unconfirmed", "failed"]);
    const view = await orderPaymentsForStaff(database.db, order.id, { paystackConnected: true });
    // The unconfirmed ₵100.00 stays reserved: ₵200.00 can still be refunded.
    expect(view!.refund.refundable).toBe(20_000);
  });

  it("Pay on Delivery: a refund is recorded only (no call to Paystack) and processed at once", async () => {
    const order = await createOrder(database.db, { totalAmount: 20_000, paymentMethod: "pay_on_delivery", paymentStatus: "paid" });
    const before = standIn.refunds().length;
    const recorded = await refundOrder(
      database.db,
      { orderId: order.id, refundId: crypto.randomUUID(), amount: 5_000, reason: "Paid twice at the door", requestedBy: "Efua" },
      { paystack: null, ...sender },
    );
    expect(recorded.status).toBe("processed");
    expect(recorded.refund).toMatchObject({ provider: "manual", status: "processed", providerRefundId: null });
    expect(standIn.refunds()).toHaveLength(before);
    expect(await paymentStatusOf(order.id)).toBe("partially_refunded");
    expect(await refundNotes(order.id)).toEqual(["Refunded ₵50.00: Paid twice at the door (by Efua)"]);
    expect((await refundEmails()).map((e) => e.toAddress)).toEqual([order.customerEmail]);
  });

  it("refuses what cannot be refunded: an unpaid order, and an online payment while Paystack is not connected", async () => {
    const unpaid = await createOrder(database.db, { totalAmount: 10_000, paymentStatus: "pending" });
    await expect(refund(unpaid.id, 1_000)).rejects.toThrow(
      `${unpaid.orderNumber} is not paid (its payment is pending), so there is nothing to refund.`,
    );
    const { order } = await paidOnlineOrder(10_000);
    const offline = await refundOrder(
      database.db,
      { orderId: order.id, refundId: crypto.randomUUID(), amount: 1_000, reason: "Damaged", requestedBy: "Kwame" },
      { paystack: null, ...sender },
    ).catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(RefundRefusedError);
    expect((offline as RefundRefusedError).reason).toBe("not-connected");
    expect(await database.db.select().from(refunds)).toHaveLength(0);
  });

  it("refund events the shop cannot use: another shape is refused by the parser; a refund on a payment it does not know changes nothing", async () => {
    expect(() => parseRefundEvent({ nothing: true })).toThrow(PaystackError);
    expect(() => parseRefundEvent({ status: "processed", amount: -5, transaction_reference: "x" })).toThrow(PaystackError);
    const stranger = parseRefundEvent({ status: "processed", amount: "500", transaction_reference: "AHF-nobody", refund_reference: "1" });
    for (const event of ["refund.pending", "refund.processed", "refund.failed", "refund.needs-attention"] as const)
      expect(await applyRefundEvent(database.db, event, stranger, sender)).toBe("unknown-refund");
    expect(await database.db.select().from(refunds)).toHaveLength(0);
  });

  it("a refund made outside the shop for more than is left is held for staff (a note and an alert), never recorded", async () => {
    const admin = await createUser(database.db, { name: "Refund Watcher" });
    await database.db.insert(userRoles).values({ userId: admin.id, role: "owner" });
    const { order, reference } = await paidOnlineOrder(37_499);
    const heldNotes = async () =>
      (await orderNotesOf(database.db, order.id, ["staff", "customer"])).filter((n) => n.kind === "staff").map((n) => n.body);
    const alerts = () => database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "refund-held-alert"));

    // Signed, but for more than was paid: replays and a copy without Paystack's id (its amount a string) change nothing more.
    const tooMuch = parseRefundEvent({ id: 901, amount: 50_000, currency: "GHS", transaction_reference: reference, status: "processed" });
    expect(await applyRefundEvent(database.db, "refund.processed", tooMuch, sender)).toBe("held-for-staff");
    expect(await applyRefundEvent(database.db, "refund.processed", tooMuch, sender)).toBe("held-for-staff");
    expect(await database.db.select().from(refunds)).toHaveLength(0);
    expect(await paymentStatusOf(order.id)).toBe("paid");
    const notes = await heldNotes();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /^Paystack reported a refund of .*500\.00 on payment .*\(Paystack refund 901\).*more than the .*374\.99 left to refund/,
    );
    // One alert per admin of the shop (this test's among them).
    const admins = await adminEmailAddresses(database.db);
    expect((await alerts()).map((a) => a.toAddress).sort()).toEqual([...admins].sort());
    expect(admins).toContain(admin.email);

    const noId = parseRefundEvent({
      amount: "45000",
      transaction_reference: reference,
      refund_reference: "RF_outside_1",
      status: "processed",
    });
    expect(await applyRefundEvent(database.db, "refund.processed", noId, sender)).toBe("held-for-staff");
    expect(await heldNotes()).toHaveLength(2);

    // Within what is left, it is recorded as before; the next one past what remains is held.
    expect(
      await applyRefundEvent(
        database.db,
        "refund.processed",
        parseRefundEvent({ id: 902, amount: 10_000, transaction_reference: reference, status: "processed" }),
        sender,
      ),
    ).toBe("recorded-external");
    expect(await paymentStatusOf(order.id)).toBe("partially_refunded");
    expect(
      await applyRefundEvent(
        database.db,
        "refund.processed",
        parseRefundEvent({ id: 903, amount: 30_000, transaction_reference: reference, status: "processed" }),
        sender,
      ),
    ).toBe("held-for-staff");
    const recorded = await database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(recorded.map((r) => Number(r.amount))).toEqual([10_000]);
    expect(await paymentStatusOf(order.id)).toBe("partially_refunded");
    expect(await heldNotes()).toHaveLength(3);
    expect(await alerts()).toHaveLength(3 * admins.length);
    // The customer's order page never shows the staff notes.
    expect(await customerMessagesOf(database.db, order.id)).toEqual([]);
  });

  it("Paystack's published refund.processed sample, for more than is left, is held for staff too", async () => {
    const { order, reference } = await paidOnlineOrder(37_499);
    // PaystackOSS/doc-code-snippets, doc/payments/refunds/events.js, as published (no id, the
    // amount a string), with only the transaction reference ours and the currency the shop's.
    const published = parseRefundEvent({
      status: "processed",
      transaction_reference: reference,
      refund_reference: "132013318360",
      amount: "50000",
      currency: "GHS",
      processor: "mpgs_zen",
      customer: { first_name: "Damilola", last_name: "Kwabena", email: "damilola@email.com" },
      integration: 412829,
      domain: "live",
    });
    expect(await applyRefundEvent(database.db, "refund.processed", published, sender)).toBe("held-for-staff");
    expect(await applyRefundEvent(database.db, "refund.processed", published, sender)).toBe("held-for-staff");
    expect(await database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(0);
    expect(await paymentStatusOf(order.id)).toBe("paid");
    const notes = (await orderNotesOf(database.db, order.id, ["staff", "customer"])).filter((n) => n.kind === "staff");
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toMatch(/Paystack reported a refund of .*500\.00.*132013318360/);
  });

  describeAdminRoute();

  /** The orders page's action: admins refund (its answer says what happens next); customers get 403. */
  function describeAdminRoute() {
    let adminId: string;
    let customerId: string;
    beforeAll(async () => {
      adminId = (await createUser(database.db, { name: "Kwame Mensah", email: "kwame.owner@example.com" })).id;
      await database.db.insert(userRoles).values({ userId: adminId, role: "owner" });
      customerId = (await createUser(database.db, { email: "shopper@example.com" })).id;
    });
    const contextFor = (userId: string, email: string) => {
      const base = testLoadContext(database);
      return testLoadContext(database, {
        config: { ...base.config, paystack: { secretKey, publicKey: "pk_test_refunds_0123", apiUrl: standIn.url } },
        auth: signedInAs({ id: userId, email, name: "Kwame Mensah" }),
      });
    };
    const post = (form: Record<string, string>) =>
      new Request(`${TEST_ORIGIN}/admin/orders`, {
        method: "POST",
        headers: { cookie: "ahenfie.session_token=abc", origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      });
    async function answer(request: Request, context: AppLoadContext) {
      try {
        const result = (await ordersAction({ request, context, params: {} } as Parameters<typeof ordersAction>[0])) as unknown;
        const d = result as { data?: unknown; init?: ResponseInit | null };
        return d && typeof d === "object" && "init" in d ? { status: d.init?.status ?? 200, body: d.data } : { status: 200, body: result };
      } catch (thrown) {
        const d = thrown as { data?: unknown; init?: ResponseInit | null };
        return { status: d.init?.status ?? 500, body: d.data };
      }
    }

    it("an admin refunds through the orders page; the details show the refund; a customer is refused with 403", async () => {
      const { order } = await paidOnlineOrder(15_000);
      const admin = contextFor(adminId, "kwame.owner@example.com");
      const page = (await ordersLoader({
        request: new Request(`${TEST_ORIGIN}/admin/orders?order=${order.id}`, { headers: { cookie: "ahenfie.session_token=abc" } }),
        url: new URL(`${TEST_ORIGIN}/admin/orders?order=${order.id}`),
        context: admin,
        params: {},
      } as unknown as Parameters<typeof ordersLoader>[0])) as { refundId: string; payments: { refund: { refundable: number } } };
      expect(page.payments.refund.refundable).toBe(15_000);
      const form = {
        intent: "refund",
        orderId: order.id,
        refundId: page.refundId,
        amount: "150.00",
        reason: "Order cancelled by the customer",
      };

      const customer = await answer(post(form), contextFor(customerId, "shopper@example.com"));
      expect(customer.status).toBe(403);
      expect(await database.db.select().from(refunds)).toHaveLength(0);

      const tooMuch = await answer(post({ ...form, amount: "150.01" }), admin);
      expect(tooMuch).toEqual({
        status: 409,
        body: { ok: false, kind: "refund", message: `At most ₵150.00 can still be refunded on ${order.orderNumber}.` },
      });
      const badAmount = await answer(post({ ...form, amount: "12.345" }), admin);
      expect(badAmount.status).toBe(400);
      expect(badAmount.body).toMatchObject({
        ok: false,
        kind: "refund",
        message: "Enter the amount as a number with at most two decimals, e.g. 120.00",
      });
      const noReason = await answer(post({ ...form, reason: " " }), admin);
      expect(noReason.body).toMatchObject({ message: "Say why you are refunding (the customer sees it)" });

      const made = await answer(post(form), admin);
      expect(made).toEqual({
        status: 200,
        body: {
          ok: true,
          kind: "refund",
          status: "pending",
          message: "Paystack is refunding ₵150.00. The order changes to refunded when Paystack confirms it.",
        },
      });
      const [row] = await database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(row).toMatchObject({ id: page.refundId, requestedBy: "Kwame Mensah", requestedByUserId: adminId, status: "pending" });

      // The generic payment select cannot set refunded, nor change a refunded order.
      const bySelect = await answer(post({ intent: "payment", orderId: order.id, paymentStatus: "refunded" }), admin);
      expect(bySelect.status).toBe(400);
      expect(await applySentRefundEvents()).toBe("processed");
      expect(await paymentStatusOf(order.id)).toBe("refunded");
      const backToPaid = await answer(post({ intent: "payment", orderId: order.id, paymentStatus: "paid" }), admin);
      expect(backToPaid.status).toBe(409);
      expect(await paymentStatusOf(order.id)).toBe("refunded");
    });
  }
});
