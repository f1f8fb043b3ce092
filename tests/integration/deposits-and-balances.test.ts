import crypto from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~db/client";
import { orders, orderStatusHistory } from "~db/schema/orders";
import { products } from "~db/schema/catalog";
import { emailOutbox } from "~db/schema/store";
import { recordedPayments } from "~db/schema/staff-orders";
import { formatMoneyWithCode } from "~/lib/money";
import type { Measurements } from "~/modules/measurements/measurements";
import { checkoutSchema } from "~/modules/orders/checkout.schema";
import { placeOrder } from "~/modules/orders/place-order.server";
import { changeOrderStatusAsAdmin } from "~/modules/orders/order-status.server";
import { startOnlinePayment } from "~/modules/payments/online-checkout.server";
import { applyVerifiedTransaction, paymentAttemptsOf } from "~/modules/payments/payment-attempts.server";
import { paymentLinkView, payWithLink, sendPaymentLink } from "~/modules/payments/payment-links.server";
import { recordPayment } from "~/modules/payments/recorded-payments.server";
import { refundOrder } from "~/modules/payments/refunds.server";
import { verifyTransaction } from "~/modules/payments/paystack-client.server";
import { ledgerSums, salesTotalsByCurrency, toLedger, type LedgerSqlRow } from "~/modules/reports/sales-totals.server";
import {
  addDraftLine,
  createDraft,
  getDraft,
  pricedDraft,
  saveDraftDetails,
  type DraftDetails,
} from "~/modules/staff-orders/draft-orders.server";
import { placeDraftOrder } from "~/modules/staff-orders/place-draft-order.server";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { OrderDocument, type OrderDocumentData } from "~/components/admin/orders/print/order-document";
import { loadConfig } from "~/env.server";
import { getAdminOrderDetails } from "~/modules/orders/order-list.server";
import { action as checkoutPost } from "~/routes/api/checkout";
import { action as ordersAction } from "~/routes/admin/orders";
import { loader as orderDocumentLoader } from "~/routes/admin/order-document";
import { createProduct } from "../factories/catalog";
import { createAdmin } from "../factories/users";
import { signedInAs, testLoadContext, TEST_ORIGIN } from "../setup/load-context";
import { routeAnswer, samePost } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";
import { startPaystackStandIn, type PaystackStandIn } from "../support/paystack-stand-in";

/**
 * Deposits and balances (issue 46, part 3; docs/decisions/041), on both databases, against the
 * local Paystack stand-in: a made-to-measure order paid by its deposit online, then its balance
 * by link; a staff order's deposit and balance recorded by hand, then partly refunded, with the
 * payment ledger exact to the pesewa; forged amounts refused; concurrent payments counted once.
 */
const SECRET = "sk_test_depositsdepositsdepositsd";
const AMA = { name: "Ama Owusu", userId: null };
const sender = { storeName: "Ahenfie", origin: TEST_ORIGIN };
const context = { by: AMA, origin: TEST_ORIGIN, storeName: "Ahenfie" };
const ghs = (pesewas: number) => formatMoneyWithCode(pesewas, "GHS");

const measured: Measurements = {
  unit: "cm",
  values: {
    chest: 102,
    waist: 88,
    hips: 100,
    shoulder: 46,
    sleeve: 64,
    topLength: 78,
    trouserLength: 104,
    inseam: 80,
    neck: 40,
    height: 178,
  },
};

const customer: DraftDetails = {
  channel: "showroom",
  customerName: "Yaw Darko",
  customerEmail: "yaw.darko@example.com",
  customerPhone: "024 555 0101",
  delivery: "collect",
  customerAddress: "",
  customerCountry: "GH",
  customerRegion: "GH-AA",
  discountAmount: 0,
  discountReason: null,
  depositKind: "auto",
  depositValue: 0,
  notes: null,
};

describeWithDatabase("deposits and balances", (database) => {
  const db = () => database.db;
  let paystack: PaystackStandIn;
  const paystackConfig = () => ({ secretKey: SECRET, apiUrl: paystack.url });
  let suit: number;
  let kaftan: number;

  beforeAll(async () => {
    paystack = await startPaystackStandIn({ secretKey: SECRET });
    suit = (await createProduct(db(), { name: "Accra Executive Suit", price: 79_999, stock: 0 })).id;
    await db()
      .update(products)
      .set({ madeToMeasure: true, madeToMeasureSurcharge: 15_000, madeToMeasureDays: 15 })
      .where(eq(products.id, suit));
    kaftan = (await createProduct(db(), { name: "Osu Linen Kaftan", price: 34_999, stock: 20 })).id;
  });
  afterAll(async () => {
    await paystack?.close();
  });

  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  /** The ledger's four figures for one order, as every admin page sums them. */
  const ledgerOf = async (id: string) => {
    const [row] = await queryRows<LedgerSqlRow>(db(), sql`select ${ledgerSums("o")} from orders o where o.id = ${id}`);
    return toLedger(row);
  };
  const checkout = (payPart: "deposit" | "full", paymentMethod = "card") =>
    checkoutSchema.parse({
      email: "kofi@example.com",
      name: "Kofi Boateng",
      phone: "+233 24 111 2222",
      address: "7 Oxford Street, Osu",
      region: "GH-AA",
      paymentMethod,
      payPart,
      items: [
        { productId: suit, colorIndex: null, size: null, quantity: 1, measurements: measured },
        { productId: kaftan, colorIndex: null, size: "M", quantity: 1, measurements: null },
      ],
      idempotencyKey: crypto.randomUUID(),
    });
  /** Presses Approve on the stand-in's page for the order's latest attempt and applies what Paystack then says. */
  async function payLatestAttempt(orderId: string) {
    const [attempt] = await paymentAttemptsOf(db(), orderId);
    paystack.approve(attempt!.reference, { channel: "card" });
    await paystack.idle();
    const verified = await verifyTransaction(paystackConfig(), attempt!.reference);
    return { attempt: attempt!, outcome: await applyVerifiedTransaction(db(), attempt!.reference, verified, sender) };
  }

  it("checkout: the made-to-measure suit's 50 % is the deposit paid online, the balance follows by link, and the ledger follows each", async () => {
    const placed = await placeOrder(db(), checkout("deposit"), { userId: null, origin: TEST_ORIGIN, storeName: "Ahenfie" });
    const order = await orderRow(placed.id);
    const total = Number(order.totalAmount);
    // Half the suit (94,999 with its making) is left for later; the kaftan and delivery are paid now.
    const balance = Math.floor(94_999 / 2);
    expect(order.depositAmount).toBe(total - balance);
    const deposit = total - balance;
    const [email] = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "order-confirmation"));
    expect(email!.text).toContain(`your deposit of ${ghs(deposit)}`);
    expect(email!.text).toContain(`The balance of ${ghs(balance)} is due when your garment is ready`);

    const started = await startOnlinePayment(db(), paystackConfig(), { orderId: placed.id, origin: TEST_ORIGIN });
    expect(started.ok).toBe(true);
    const { attempt, outcome } = await payLatestAttempt(placed.id);
    expect(paystack.transaction(attempt.reference)).toMatchObject({ amount: deposit });
    expect(outcome).toBe("paid");
    expect(await orderRow(placed.id)).toMatchObject({ paymentStatus: "deposit_paid", paidAmount: deposit, paymentDueAt: null });
    expect(await ledgerOf(placed.id)).toEqual({ paid: deposit, refunded: 0, net: deposit, outstanding: balance });
    const [receipt] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "payment-receipt"), eq(emailOutbox.toAddress, "kofi@example.com")));
    expect(receipt!.subject).toBe(`Deposit received for order ${placed.orderNumber}`);
    expect(receipt!.text).toContain(`The balance of ${ghs(balance)} is due when your garment is ready`);

    // Not shipped while the balance is due, unless staff give a reason.
    await expect(changeOrderStatusAsAdmin(db(), placed.id, "shipped", { changedBy: "Ama" })).rejects.toThrow(
      `Order ${placed.orderNumber} still owes ${ghs(balance)}.`,
    );
    expect((await orderRow(placed.id)).orderStatus).toBe("processing");

    const link = await sendPaymentLink(db(), placed.id, { by: AMA, email: true, origin: TEST_ORIGIN, storeName: "Ahenfie" });
    expect(link.amount).toBe(balance);
    const token = link.url.split("/pay/")[1]!;
    expect(await paymentLinkView(db(), token)).toMatchObject({
      state: "open",
      link: { purpose: "balance", amount: balance, paidBefore: deposit, balance, total },
    });
    expect(decodeURIComponent(link.whatsappUrl)).toContain(`pay the balance of your Ahenfie order ${placed.orderNumber} (${ghs(balance)})`);
    expect((await payWithLink(db(), paystackConfig(), { token, channel: "card", origin: TEST_ORIGIN })).ok).toBe(true);
    const second = await payLatestAttempt(placed.id);
    expect(paystack.transaction(second.attempt.reference)).toMatchObject({ amount: balance });
    expect(second.outcome).toBe("paid");
    expect(await orderRow(placed.id)).toMatchObject({ paymentStatus: "paid", paidAmount: total });
    expect(await ledgerOf(placed.id)).toEqual({ paid: total, refunded: 0, net: total, outstanding: 0 });
    expect((await paymentLinkView(db(), token)).state).toBe("paid");
    expect(await changeOrderStatusAsAdmin(db(), placed.id, "shipped", { changedBy: "Ama" })).toEqual({ changed: true });
  });

  it("checkout: paying everything, or Pay on Delivery, asks no deposit", async () => {
    const full = await placeOrder(db(), checkout("full"), { userId: null, origin: TEST_ORIGIN, storeName: "Ahenfie" });
    const fullOrder = await orderRow(full.id);
    expect(fullOrder.depositAmount).toBeNull();
    expect((await paymentAttemptsOf(db(), full.id))[0]!.amount).toBe(Number(fullOrder.totalAmount));
    const atDoor = await placeOrder(db(), checkout("deposit", "pay_on_delivery"), {
      userId: null,
      origin: TEST_ORIGIN,
      storeName: "Ahenfie",
    });
    expect((await orderRow(atDoor.id)).depositAmount).toBeNull();
    // A balance is never "due" on an order that asked no deposit: it ships as before.
    expect(await changeOrderStatusAsAdmin(db(), atDoor.id, "shipped", { changedBy: "Ama" })).toEqual({ changed: true });
  });

  async function staffOrderWithDepositPaid() {
    const { id } = await createDraft(db(), "showroom", AMA);
    await saveDraftDetails(db(), id, customer, AMA);
    await addDraftLine(
      db(),
      id,
      { kind: "custom", description: "Wedding agbada in family kente", unitPrice: 250_000, quantity: 1, productionDays: 21 },
      AMA,
    );
    await addDraftLine(db(), id, { kind: "product", productId: kaftan, colorIndex: null, size: "M", quantity: 1, measurements: null }, AMA);
    const priced = await pricedDraft(db(), await getDraft(db(), id));
    // Collected: no fee. The agbada is half up front, the kaftan in full.
    expect(priced.totals!.total).toBe(284_999);
    expect(priced.deposit).toBe(284_999 - 125_000);
    const placed = await placeDraftOrder(
      db(),
      id,
      {
        kind: "recorded",
        paymentId: crypto.randomUUID(),
        method: "cash",
        reference: "Showroom receipt 118",
        seenTotal: 284_999,
        part: "deposit",
      },
      context,
    );
    return placed.orderId;
  }

  it("a staff order: deposit and balance recorded by hand, then a partial refund; the ledger is exact to the pesewa", async () => {
    const orderId = await staffOrderWithDepositPaid();
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: "deposit_paid", paidAmount: 159_999, depositAmount: 159_999 });
    expect(await ledgerOf(orderId)).toEqual({ paid: 159_999, refunded: 0, net: 159_999, outstanding: 125_000 });

    // A figure the order does not ask is refused, whatever the form said.
    const forged = await recordPayment(
      db(),
      { paymentId: crypto.randomUUID(), orderId, method: "cash", reference: "", amount: 100_000, by: AMA },
      sender,
    );
    expect(forged).toEqual({ ok: false, message: `The order now owes ${ghs(125_000)}. Reload the order and record what was paid again.` });
    expect((await orderRow(orderId)).paidAmount).toBe(159_999);

    const balance = await recordPayment(
      db(),
      { paymentId: crypto.randomUUID(), orderId, method: "mobile_money_transfer", reference: "MoMo 5512", amount: 125_000, by: AMA },
      sender,
    );
    expect(balance).toEqual({ ok: true, recorded: true, balance: 0 });
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: "paid", paidAmount: 284_999 });

    const refunded = await refundOrder(
      db(),
      { orderId, refundId: crypto.randomUUID(), amount: 20_000, reason: "Kaftan returned unworn", requestedBy: "Ama Owusu" },
      { paystack: null, ...sender },
    );
    expect(refunded.status).toBe("processed");
    expect(await ledgerOf(orderId)).toEqual({ paid: 284_999, refunded: 20_000, net: 264_999, outstanding: 0 });
    // Never more than was paid.
    await expect(
      refundOrder(
        db(),
        { orderId, refundId: crypto.randomUUID(), amount: 265_000, reason: "Too much", requestedBy: "Ama Owusu" },
        { paystack: null, ...sender },
      ),
    ).rejects.toThrow();
    // The shop's running totals (kept by the database's triggers) equal the ledger over every order.
    const [all] = await queryRows<LedgerSqlRow>(db(), sql`select ${ledgerSums("o")} from orders o where o.currency = 'GHS'`);
    const totals = (await salesTotalsByCurrency(db())).find((t) => t.currency === "GHS")!;
    expect(totals.ledger).toEqual(toLedger(all));
    const notes = await db()
      .select({ notes: orderStatusHistory.notes })
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, orderId), like(orderStatusHistory.notes, "Paid:%")))
      .orderBy(orderStatusHistory.id);
    expect(notes.map((n) => n.notes)).toEqual([
      `Paid: Cash, ${ghs(159_999)}, reference Showroom receipt 118, recorded by Ama Owusu. Balance due: ${ghs(125_000)}`,
      `Paid: Mobile Money to the shop, ${ghs(125_000)}, reference MoMo 5512, recorded by Ama Owusu`,
    ]);
  });

  it("the balance recorded five times at once is counted once; a deposit link left open takes nothing once the deposit came in", async () => {
    const { id } = await createDraft(db(), "whatsapp", AMA);
    await saveDraftDetails(db(), id, customer, AMA);
    await addDraftLine(
      db(),
      id,
      { kind: "custom", description: "Three-piece kente suit", unitPrice: 180_000, quantity: 1, productionDays: 14 },
      AMA,
    );
    const placed = await placeDraftOrder(db(), id, { kind: "link", email: false }, context);
    expect(placed.link!.amount).toBe(90_000);
    const token = placed.link!.url.split("/pay/")[1]!;
    const deposit = await recordPayment(
      db(),
      { paymentId: crypto.randomUUID(), orderId: placed.orderId, method: "cash", reference: "", amount: 90_000, by: AMA },
      sender,
    );
    expect(deposit).toMatchObject({ ok: true, balance: 90_000 });
    expect((await paymentLinkView(db(), token)).state).toBe("paid");
    expect((await payWithLink(db(), paystackConfig(), { token, channel: "card", origin: TEST_ORIGIN })).ok).toBe(false);

    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        recordPayment(
          db(),
          { paymentId: crypto.randomUUID(), orderId: placed.orderId, method: "bank_transfer", reference: "", amount: 90_000, by: AMA },
          sender,
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.message)).toEqual(
      Array(4).fill("This order is already paid: nothing was recorded."),
    );
    expect(await orderRow(placed.orderId)).toMatchObject({ paymentStatus: "paid", paidAmount: 180_000 });
    expect(await db().select().from(recordedPayments).where(eq(recordedPayments.orderId, placed.orderId))).toHaveLength(2);
    expect(await ledgerOf(placed.orderId)).toEqual({ paid: 180_000, refunded: 0, net: 180_000, outstanding: 0 });
  });

  /** A post of one of the admin's order forms (the orders page's action), as a signed-in admin sends it. */
  async function asAdmin(name: string) {
    const admin = await createAdmin(db(), { name });
    const context = testLoadContext(database, { auth: signedInAs(admin) });
    const request = (path: string, form?: Record<string, string>) => {
      const r = form ? samePost(path, new URLSearchParams(form)) : new Request(`${TEST_ORIGIN}${path}`);
      r.headers.set("cookie", "ahenfie.session_token=abc");
      return r;
    };
    return {
      post: (form: Record<string, string>) => routeAnswer(ordersAction, { request: request("/admin/orders", form), context }),
      invoice: async (orderId: string) => {
        const answer = await routeAnswer(orderDocumentLoader, {
          request: request(`/admin/orders/${orderId}/invoice`),
          context,
          params: { orderId, document: "invoice" },
        });
        expect(answer.status).toBe(200);
        return answer.body as OrderDocumentData;
      },
    };
  }

  it("Mark as shipped with the balance due: refused without a reason; with one it ships and the order's history keeps the balance, the reason and who", async () => {
    const staff = await asAdmin("Esi Boateng");
    const orderId = await staffOrderWithDepositPaid();
    const { orderNumber } = await orderRow(orderId);
    const ship = (balanceReason: string) =>
      staff.post({
        intent: "ship",
        orderId,
        carrier: "dhl",
        carrierOther: "",
        trackingNumber: "4600 1122",
        trackingUrl: "",
        balanceReason,
      });

    const refusal = `Order ${orderNumber} still owes ${ghs(125_000)}. Send the balance link or record the payment first, or give a reason to ship it anyway.`;
    for (const blank of ["", "   "])
      expect(await ship(blank)).toMatchObject({ status: 409, body: { ok: false, kind: "fulfilment", intent: "ship", message: refusal } });
    expect(await orderRow(orderId)).toMatchObject({ orderStatus: "processing", trackingNumber: null });

    const reason = "Travelling to Kumasi for the wedding; balance by MoMo on Monday";
    expect(await ship(`  ${reason} `)).toMatchObject({
      status: 200,
      body: { ok: true, kind: "fulfilment", intent: "ship", message: expect.stringMatching(/^Marked shipped with DHL Express\./) },
    });
    expect(await orderRow(orderId)).toMatchObject({ orderStatus: "shipped", shippingCarrier: "DHL Express", trackingNumber: "4600 1122" });
    // The history in the order's details: the shipping, with what was still due, the reason and who let it go.
    const { history } = await getAdminOrderDetails(db(), orderId);
    expect(history.filter((h) => h.status === "shipped")).toEqual([
      expect.objectContaining({
        changedBy: "Esi Boateng",
        notes: `Shipped with ${ghs(125_000)} still due: ${reason} (by Esi Boateng)`,
      }),
    ]);
    // Shipping takes no money and forgives none: the balance is still owed.
    expect(await ledgerOf(orderId)).toEqual({ paid: 159_999, refunded: 0, net: 159_999, outstanding: 125_000 });
  });

  it("the invoice of an order with its deposit paid: Total, then Paid and Balance due with their amounts; paid in full, neither row", async () => {
    const staff = await asAdmin("Kwesi Appiah");
    const orderId = await staffOrderWithDepositPaid();
    /** The invoice's summary as printed: each term and its amount. */
    const summaryRows = (doc: OrderDocumentData) => {
      const html = renderToString(createElement(MemoryRouter, null, createElement(OrderDocument, { doc })));
      const text = (fragment: string) => fragment.replace(/<!--.*?-->|<[^>]+>/g, "").trim();
      return [...html.matchAll(/<dt[^>]*>(.*?)<\/dt>\s*<dd[^>]*>(.*?)<\/dd>/g)].map((m) => [text(m[1]!), text(m[2]!)]);
    };
    const owing = summaryRows(await staff.invoice(orderId));
    expect(owing).toEqual(
      expect.arrayContaining([
        ["Subtotal", "₵2,849.99"],
        ["Total", "GHS 2,849.99"],
        ["Paid", "₵1,599.99"],
        ["Balance due", "GHS 1,250.00"],
      ]),
    );
    expect(owing.findIndex(([term]) => term === "Paid")).toBeGreaterThan(owing.findIndex(([term]) => term === "Total"));

    const balance = await recordPayment(
      db(),
      { paymentId: crypto.randomUUID(), orderId, method: "cash", reference: "Showroom receipt 119", amount: 125_000, by: AMA },
      sender,
    );
    expect(balance).toMatchObject({ ok: true, balance: 0 });
    const paid = summaryRows(await staff.invoice(orderId));
    expect(paid).toEqual(expect.arrayContaining([["Total", "GHS 2,849.99"]]));
    expect(paid.map(([term]) => term)).not.toContain("Paid");
    expect(paid.map(([term]) => term)).not.toContain("Balance due");
  });

  describe("a checkout post with a forged deposit", () => {
    const config = () =>
      loadConfig({
        NODE_ENV: "test",
        PUBLIC_URL: TEST_ORIGIN,
        LOG_LEVEL: "silent",
        PAYSTACK_SECRET_KEY: SECRET,
        PAYSTACK_PUBLIC_KEY: "pk_test_depositsdepositsdepositsd",
        PAYSTACK_API_URL: paystack.url,
      });
    let shopper = 0;
    /** Place Order as the checkout page posts it (POST /api/checkout), with whatever else a forger adds. */
    async function post(items: unknown[], extra: Record<string, string>) {
      const n = ++shopper;
      const body = new URLSearchParams({
        email: `forger.${n}@example.com`,
        name: "Kwame Forger",
        phone: "+233 24 333 4444",
        address: "3 Ring Road, Accra",
        region: "GH-AA",
        paymentMethod: "card",
        items: JSON.stringify(items),
        idempotencyKey: `forged-deposit-${n}-${crypto.randomUUID()}`,
        ...extra,
      });
      const context = { ...testLoadContext(database, { config: config() }), clientIp: `10.46.0.${n}` };
      return routeAnswer(checkoutPost, { request: samePost("/api/checkout", body.toString()), context });
    }
    const suitLine = () => ({ productId: suit, colorIndex: null, size: null, quantity: 1, measurements: measured });
    const kaftanLine = () => ({ productId: kaftan, colorIndex: null, size: "M", quantity: 1, measurements: null });
    // What a forger adds to the deposit choice: a deposit of their own, a percentage, the amount to charge.
    const forged = { depositAmount: "100", deposit: "100", depositPercent: "1", amount: "100", total: "100", seenTotal: "100" };
    /** The order placed, what it asks as its deposit, and what Paystack was asked to take. */
    async function placedBy(answer: Awaited<ReturnType<typeof post>>) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const { orderId, paymentUrl } = answer.body as { orderId: string; paymentUrl?: string };
      expect(paymentUrl).toMatch(new RegExp(`^${paystack.url}/`));
      const order = await orderRow(orderId);
      const [attempt] = await paymentAttemptsOf(db(), orderId);
      return { order, total: Number(order.totalAmount), charged: paystack.transaction(attempt!.reference)!.amount };
    }

    it("with a made-to-measure piece: the deposit is the shop's 50 % worked out by the server, and Paystack is asked for exactly that", async () => {
      const { order, total, charged } = await placedBy(await post([suitLine(), kaftanLine()], { payPart: "deposit", ...forged }));
      // Half the suit (₵949.99 with its making) is left for later, rounded down: the deposit is the rest.
      const deposit = total - Math.floor(94_999 / 2);
      expect(order.depositAmount).toBe(deposit);
      expect(charged).toBe(deposit);
      expect(await ledgerOf(order.id)).toEqual({ paid: 0, refunded: 0, net: 0, outstanding: total });
      // The order's confirmation names the server's figures, never the forged ones.
      const [email] = await db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, "order-confirmation"), eq(emailOutbox.toAddress, order.customerEmail)));
      expect(email!.text).toContain(`your deposit of ${ghs(deposit)}`);
      expect(email!.text).not.toContain(ghs(100));
    });

    it("on a cart of ready-made pieces only: no deposit at all, Paystack asked for the whole total", async () => {
      const { order, total, charged } = await placedBy(await post([kaftanLine()], { payPart: "deposit", ...forged }));
      expect(order.depositAmount).toBeNull();
      expect(charged).toBe(total);
      expect(total).toBeGreaterThan(100);
    });

    it("a choice the checkout does not offer is refused, and no order is placed", async () => {
      const before = (await db().select({ id: orders.id }).from(orders)).length;
      const answer = await post([suitLine()], { payPart: "10", ...forged });
      expect(answer).toMatchObject({ status: 400, body: { ok: false, fieldErrors: { payPart: expect.any(String) } } });
      expect((await db().select({ id: orders.id }).from(orders)).length).toBe(before);
    });
  });
});
