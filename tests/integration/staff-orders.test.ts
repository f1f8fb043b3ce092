import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoneyWithCode } from "~/lib/money";
import { placeOrder } from "~/modules/orders/place-order.server";
import { paymentAttemptsOf, applyVerifiedTransaction } from "~/modules/payments/payment-attempts.server";
import { expireUnpaidOrders } from "~/modules/payments/payment-hold.server";
import { paymentLinkView, payWithLink, revokePaymentLink, paymentLinksOf, whatsappLink } from "~/modules/payments/payment-links.server";
import { recordPayment } from "~/modules/payments/recorded-payments.server";
import { verifyTransaction } from "~/modules/payments/paystack-client.server";
import {
  addDraftLine,
  createDraft,
  getDraft,
  pricedDraft,
  saveDraftDetails,
  type DraftDetails,
} from "~/modules/staff-orders/draft-orders.server";
import { DraftIncompleteError, placeDraftOrder } from "~/modules/staff-orders/place-draft-order.server";
import { orders, orderItems, orderStatusHistory } from "~db/schema/orders";
import { emailOutbox } from "~db/schema/store";
import { createProduct, stockOfVariant } from "../factories/catalog";
import { TEST_ORIGIN } from "../setup/load-context";
import { routeAnswer, samePost } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";
import { startPaystackStandIn, type PaystackStandIn } from "../support/paystack-stand-in";

/**
 * Orders taken by staff and paid by link or recorded by hand (issue 46, parts 1 and 2), on both
 * databases, against the local Paystack stand-in: totals equal checkout's for the same lines,
 * links pay once and never after they close, the last units are never sold twice.
 */
const SECRET = "sk_test_staffordersstaffordersst";
const AMA = { name: "Ama Owusu", userId: null };
const context = { by: AMA, origin: TEST_ORIGIN, storeName: "Ahenfie" };
const sender = { storeName: "Ahenfie", origin: TEST_ORIGIN };

const customer: DraftDetails = {
  channel: "whatsapp",
  customerName: "Kofi Mensah",
  customerEmail: "kofi.mensah@example.com",
  customerPhone: "024 411 8820",
  delivery: "ship",
  customerAddress: "14 Oxford Street, Osu, Accra",
  customerCountry: "GH",
  customerRegion: "GH-AA",
  discountAmount: 0,
  discountReason: null,
  // Paid in full: the deposits of part 3 have their own tests (deposits-and-balances.test.ts).
  depositKind: "none",
  depositValue: 0,
  notes: "Wants it before Friday's wedding",
};

describeWithDatabase("orders taken by staff", (database) => {
  const db = () => database.db;
  let paystack: PaystackStandIn;
  const paystackConfig = () => ({ secretKey: SECRET, apiUrl: paystack.url });
  let kaftan: number;
  let madeToMeasure: number;

  beforeAll(async () => {
    paystack = await startPaystackStandIn({ secretKey: SECRET });
    kaftan = (await createProduct(db(), { name: "Osu Linen Kaftan", price: 34_999, stock: 10, colors: [{ name: "Sand", hex: "#d8c3a5" }] }))
      .id;
    madeToMeasure = (await createProduct(db(), { name: "Kente Agbada", price: 120_000, stock: 5 })).id;
  });
  afterAll(async () => {
    await paystack?.close();
  });

  async function draftWith(lines: Parameters<typeof addDraftLine>[2][], details: Partial<DraftDetails> = {}) {
    const { id } = await createDraft(db(), "whatsapp", AMA);
    await saveDraftDetails(db(), id, { ...customer, ...details }, AMA);
    for (const line of lines) await addDraftLine(db(), id, line, AMA);
    return id;
  }
  const sand = (quantity: number, size = "M") =>
    ({ kind: "product", productId: kaftan, colorIndex: 0, size, quantity, measurements: null }) as const;
  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

  it("a staff order's totals equal checkout's for the same lines and destination, and keep where it came from and who took it", async () => {
    const draftId = await draftWith([sand(2)]);
    const priced = await pricedDraft(db(), await getDraft(db(), draftId));
    expect(priced.problems).toEqual([]);
    const placed = await placeDraftOrder(db(), draftId, { kind: "on-delivery" }, context);

    const shopper = await placeOrder(
      db(),
      {
        email: "shopper@example.com",
        name: "Shopper",
        phone: "+233 20 000 0000",
        address: "1 Ring Road",
        country: "GH",
        region: "GH-AA",
        paymentMethod: "pay_on_delivery",
        notes: null,
        items: [{ productId: kaftan, colorIndex: 0, size: "M", quantity: 2, measurements: null }],
        idempotencyKey: crypto.randomUUID(),
      },
      { userId: null, origin: TEST_ORIGIN, storeName: "Ahenfie" },
    );
    const staff = await orderRow(placed.orderId);
    const online = await orderRow(shopper.id);
    expect([staff.subtotalAmount, staff.shippingAmount, staff.totalAmount]).toEqual([
      online.subtotalAmount,
      online.shippingAmount,
      online.totalAmount,
    ]);
    expect(priced.totals!.total).toBe(Number(staff.totalAmount));
    expect(staff).toMatchObject({ source: "whatsapp", placedBy: "Ama Owusu", paymentMethod: "pay_on_delivery", paymentStatus: "pending" });
    expect((await getDraft(db(), draftId)).orderId).toBe(placed.orderId);
    // Placing it again (a second click, a colleague) makes no second order.
    await expect(placeDraftOrder(db(), draftId, { kind: "on-delivery" }, context)).rejects.toThrow("This draft is already an order.");
  });

  it("a discount, a custom piece and collection from the showroom: the total is the server's, never the form's", async () => {
    const draftId = await draftWith(
      [sand(1), { kind: "custom", description: "Wedding agbada in family kente", unitPrice: 250_000, quantity: 1, productionDays: 21 }],
      { delivery: "collect", discountAmount: 20_000, discountReason: "Returning customer" },
    );
    const placed = await placeDraftOrder(db(), draftId, { kind: "on-delivery" }, context);
    const order = await orderRow(placed.orderId);
    expect(order).toMatchObject({
      subtotalAmount: 284_999,
      discountAmount: 20_000,
      shippingAmount: 0,
      totalAmount: 264_999,
      shippingZone: "Collection from the showroom",
    });
    const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, placed.orderId)).orderBy(orderItems.id);
    expect(lines.map((l) => [l.kind, l.name, l.productionDays])).toEqual([
      ["standard", "Osu Linen Kaftan", null],
      ["custom", "Wedding agbada in family kente", 21],
    ]);
  });

  it("a draft missing what an order needs says everything at once and places nothing", async () => {
    const draftId = await draftWith([], { customerEmail: "", customerAddress: "", discountAmount: 5_000, discountReason: null });
    const failure = await placeDraftOrder(db(), draftId, { kind: "on-delivery" }, context).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DraftIncompleteError);
    expect((failure as DraftIncompleteError).problems).toEqual([
      "Enter the customer's email: the order, links and receipts are sent there.",
      "Enter the delivery address, or choose collection from the showroom.",
      "Add at least one piece.",
      "Say why the discount is given.",
    ]);
    expect((await getDraft(db(), draftId)).orderId).toBeNull();
  });

  it("a payment link: stock held from sending, paid once by mobile money, and the link then shows the order paid", async () => {
    const before = await stockOfVariant(db(), kaftan, "L", "Sand");
    const draftId = await draftWith([sand(1, "L")]);
    await db().delete(emailOutbox);
    const placed = await placeDraftOrder(db(), draftId, { kind: "link", email: true }, context);
    expect(await stockOfVariant(db(), kaftan, "L", "Sand")).toBe(before - 1);
    const link = placed.link!;
    expect(link.url).toMatch(new RegExp(`^${TEST_ORIGIN}/pay/[A-Za-z0-9_-]{43}$`));
    expect(link.whatsappUrl.startsWith("https://wa.me/233244118820?text=")).toBe(true);
    expect(decodeURIComponent(link.whatsappUrl.split("text=")[1]!)).toContain(link.url);
    const order = await orderRow(placed.orderId);
    expect(order.paymentMethod).toBe("payment_link");
    expect(order.paymentDueAt!.getTime()).toBe(link.expiresAt.getTime());
    const [email] = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "payment-link"));
    expect(email).toMatchObject({ toAddress: "kofi.mensah@example.com", subject: `Pay for your order ${placed.orderNumber} — Ahenfie` });
    expect(email!.text).toContain(link.url);

    const token = link.url.split("/pay/")[1]!;
    expect(await paymentLinkView(db(), token)).toMatchObject({ state: "open", link: { amount: placed.total } });
    const first = await payWithLink(db(), paystackConfig(), { token, channel: "mobile_money", origin: TEST_ORIGIN });
    const again = await payWithLink(db(), paystackConfig(), { token, channel: "mobile_money", origin: TEST_ORIGIN });
    expect(first.ok && again.ok && first.url === again.url).toBe(true);
    const [attempt] = await paymentAttemptsOf(db(), placed.orderId);
    expect(paystack.transaction(attempt!.reference)).toMatchObject({ amount: placed.total, channels: ["mobile_money"] });
    paystack.approve(attempt!.reference);
    await paystack.idle();
    const verified = await verifyTransaction(paystackConfig(), attempt!.reference);
    expect(await applyVerifiedTransaction(db(), attempt!.reference, verified, sender)).toBe("paid");
    expect(await applyVerifiedTransaction(db(), attempt!.reference, verified, sender)).toBe("already-paid");
    expect(await orderRow(placed.orderId)).toMatchObject({ paymentStatus: "paid", paymentMethod: "mobile_money", paymentDueAt: null });
    expect((await paymentLinkView(db(), token)).state).toBe("paid");
    const payAfter = await payWithLink(db(), paystackConfig(), { token, channel: "card", origin: TEST_ORIGIN });
    expect(payAfter).toEqual({ ok: false, message: "This order is paid. Thank you!" });
    expect(await paymentAttemptsOf(db(), placed.orderId)).toHaveLength(1);
  });

  it("a revoked, replaced or expired link takes nothing; an expired link's order is cancelled and its stock returned", async () => {
    const before = await stockOfVariant(db(), kaftan, "XL", "Sand");
    const placed = await placeDraftOrder(db(), await draftWith([sand(1, "XL")]), { kind: "link", email: false }, context);
    const first = placed.link!.url.split("/pay/")[1]!;
    const { sendPaymentLink } = await import("~/modules/payments/payment-links.server");
    const second = (
      await sendPaymentLink(db(), placed.orderId, { by: AMA, email: false, origin: TEST_ORIGIN, storeName: "Ahenfie" })
    ).url.split("/pay/")[1]!;
    expect((await paymentLinkView(db(), first)).state).toBe("revoked");
    expect(await payWithLink(db(), paystackConfig(), { token: first, channel: "card", origin: TEST_ORIGIN })).toMatchObject({ ok: false });
    const [newest] = await paymentLinksOf(db(), placed.orderId);
    expect(await revokePaymentLink(db(), placed.orderId, newest!.id, AMA)).toBe(true);
    expect(await revokePaymentLink(db(), placed.orderId, newest!.id, AMA)).toBe(false);
    expect((await paymentLinkView(db(), second)).state).toBe("revoked");

    const third = (
      await sendPaymentLink(db(), placed.orderId, { by: AMA, email: false, origin: TEST_ORIGIN, storeName: "Ahenfie" })
    ).url.split("/pay/")[1]!;
    const later = new Date(Date.now() + 73 * 3_600_000);
    expect(await payWithLink(db(), paystackConfig(), { token: third, channel: "card", origin: TEST_ORIGIN, now: later })).toEqual({
      ok: false,
      message: "This payment link has expired. Please ask us for a new one: nothing was charged.",
    });
    expect(await paymentAttemptsOf(db(), placed.orderId)).toHaveLength(0);
    await expireUnpaidOrders({
      db: db(),
      now: later,
      verify: (reference) => verifyTransaction(paystackConfig(), reference),
      log: { info() {}, warn() {}, error() {} },
      sender,
    });
    expect((await orderRow(placed.orderId)).orderStatus).toBe("cancelled");
    expect(await stockOfVariant(db(), kaftan, "XL", "Sand")).toBe(before);
    expect((await paymentLinkView(db(), third)).state).toBe("cancelled");
    // A wrong or made-up token shows no order at all.
    expect(await paymentLinkView(db(), "x".repeat(43))).toEqual({ state: "unknown" });
    expect(await paymentLinkView(db(), "../../etc")).toEqual({ state: "unknown" });
  });

  it("20 staff orders placed at once for the last 5 units: exactly 5 orders, none oversold, and each link paid once", async () => {
    const scarce = (await createProduct(db(), { name: "Adinkra Shirt", price: 45_000, stock: 0, sizes: ["M"], variantStock: { "|M": 5 } }))
      .id;
    const drafts = await Promise.all(
      Array.from({ length: 20 }, () =>
        draftWith([{ kind: "product", productId: scarce, colorIndex: null, size: "M", quantity: 1, measurements: null }]),
      ),
    );
    const results = await Promise.allSettled(drafts.map((id) => placeDraftOrder(db(), id, { kind: "link", email: false }, context)));
    const placed = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === "rejected" ? [String((r.reason as Error).message)] : []));
    expect(placed).toHaveLength(5);
    expect(new Set(refused)).toEqual(new Set(["Adinkra Shirt (M) is out of stock. Please remove it from your cart."]));
    expect(await stockOfVariant(db(), scarce, "M")).toBe(0);

    // Every link pressed twice at once by card: one attempt per order, each paid once.
    const tokens = placed.map((p) => p.link!.url.split("/pay/")[1]!);
    await Promise.all(
      tokens.flatMap((token) => [0, 1].map(() => payWithLink(db(), paystackConfig(), { token, channel: "card", origin: TEST_ORIGIN }))),
    );
    for (const p of placed) {
      const attempts = await paymentAttemptsOf(db(), p.orderId);
      const reference = attempts[0]!.reference;
      paystack.approve(reference);
    }
    await paystack.idle();
    const outcomes = await Promise.all(
      placed.flatMap((p) =>
        [0, 1].map(async () => {
          const [attempt] = await paymentAttemptsOf(db(), p.orderId);
          const verified = await verifyTransaction(paystackConfig(), attempt!.reference);
          return applyVerifiedTransaction(db(), attempt!.reference, verified, sender);
        }),
      ),
    );
    expect(outcomes.filter((o) => o === "paid")).toHaveLength(5);
    for (const p of placed) expect((await orderRow(p.orderId)).paymentStatus).toBe("paid");
  });

  it("20 links for the last units, 15 of them lapsed and their stock sold on: 20 payments arriving at once by webhook and by the way back sell no unit twice and count each once", async () => {
    const { action: webhook } = await import("~/routes/api/paystack-webhook");
    const { loader: orderPage } = await import("~/routes/storefront/order-confirmation");
    const { testLoadContext } = await import("../setup/load-context");
    const { loadConfig } = await import("~/env.server");
    const { signPaystackBody } = await import("../support/paystack-stand-in");
    const { changeOrderStatusAsAdmin } = await import("~/modules/orders/order-status.server");
    const { paymentAttempts } = await import("~db/schema/payments");
    const config = loadConfig({
      NODE_ENV: "test",
      PUBLIC_URL: TEST_ORIGIN,
      LOG_LEVEL: "silent",
      PAYSTACK_SECRET_KEY: SECRET,
      PAYSTACK_PUBLIC_KEY: "pk_test_staffordersstaffordersst",
      PAYSTACK_API_URL: paystack.url,
    });
    const ctx = testLoadContext(database, { config });
    const smock = (await createProduct(db(), { name: "Batakari Smock", price: 52_000, stock: 0, sizes: ["L"], variantStock: { "|L": 15 } }))
      .id;
    const smockLine = { kind: "product", productId: smock, colorIndex: null, size: "L", quantity: 1, measurements: null } as const;
    /** `count` staff orders, each by a link that holds one smock, and each customer on Paystack's page before it lapses. */
    async function linksPressed(count: number) {
      const drafts = await Promise.all(Array.from({ length: count }, () => draftWith([smockLine], { delivery: "collect" })));
      const placed = await Promise.all(drafts.map((id) => placeDraftOrder(db(), id, { kind: "link", email: false }, context)));
      for (const p of placed) {
        const pressed = await payWithLink(db(), paystackConfig(), {
          token: p.link!.url.split("/pay/")[1]!,
          channel: "mobile_money",
          origin: TEST_ORIGIN,
        });
        expect(pressed.ok ? "to Paystack" : pressed.message).toBe("to Paystack");
      }
      return placed;
    }

    // Fifteen links hold fifteen smocks; nobody pays in time, so the hold cancels them and the stock comes back.
    const lapsed = await linksPressed(15);
    expect(await stockOfVariant(db(), smock, "L")).toBe(0);
    const report = await expireUnpaidOrders({
      db: db(),
      now: new Date(Date.now() + 73 * 3_600_000),
      verify: (reference) => verifyTransaction(paystackConfig(), reference),
      log: { info() {}, warn() {}, error() {} },
      sender,
    });
    expect(report.cancelled).toBeGreaterThanOrEqual(15);
    for (const p of lapsed) expect((await orderRow(p.orderId)).orderStatus).toBe("cancelled");
    expect(await stockOfVariant(db(), smock, "L")).toBe(15);
    // Ten go to a shopper in the showroom's shop window; the last five are held by five new links.
    await placeOrder(
      db(),
      {
        email: "walk.in@example.com",
        name: "Walk-in Buyer",
        phone: "+233 20 000 0001",
        address: "Osu",
        country: "GH",
        region: "GH-AA",
        paymentMethod: "pay_on_delivery",
        notes: null,
        items: [{ productId: smock, colorIndex: null, size: "L", quantity: 10, measurements: null }],
        idempotencyKey: crypto.randomUUID(),
      },
      { userId: null, origin: TEST_ORIGIN, storeName: "Ahenfie" },
    );
    const live = await linksPressed(5);
    expect(await stockOfVariant(db(), smock, "L")).toBe(0);

    // All twenty customers finish paying on Paystack (the lapsed ones on a page they had kept open).
    const all = [...lapsed, ...live];
    const references = new Map<string, string>();
    for (const p of all) {
      const attempts = await paymentAttemptsOf(db(), p.orderId);
      expect(attempts).toHaveLength(1);
      references.set(p.orderId, attempts[0]!.reference);
      paystack.approve(attempts[0]!.reference, { channel: "mobile_money" });
    }
    await paystack.idle();
    // Each payment arrives twice at the same moment: Paystack's signed webhook, and the customer's way back to the order's page.
    const answers = await Promise.all(
      all.flatMap((p) => {
        const reference = references.get(p.orderId)!;
        const body = JSON.stringify({ event: "charge.success", data: paystack.transactionData(reference) });
        return [
          routeAnswer(webhook, {
            request: new Request(`${TEST_ORIGIN}/api/webhooks/paystack`, {
              method: "POST",
              headers: { "content-type": "application/json", "x-paystack-signature": signPaystackBody(body, SECRET) },
              body,
            }),
            context: ctx,
          }),
          routeAnswer(orderPage as never, {
            request: new Request(`${TEST_ORIGIN}/order-confirmation/${p.orderId}?trxref=${reference}&reference=${reference}`),
            context: ctx,
            params: { orderId: p.orderId },
          }),
        ];
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));

    // No smock sold twice: none left, none below, and the lapsed orders stay cancelled (their stock went to others).
    expect(await stockOfVariant(db(), smock, "L")).toBe(0);
    for (const p of live) expect(await orderRow(p.orderId)).toMatchObject({ orderStatus: "processing", paymentStatus: "paid" });
    for (const p of lapsed) expect(await orderRow(p.orderId)).toMatchObject({ orderStatus: "cancelled", paymentStatus: "paid" });
    // Each payment counted once: one successful attempt, one "Paid online" entry, the order's paid amount its total, one receipt.
    const receipts = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "payment-receipt"));
    for (const p of all) {
      const [attempt] = await db().select().from(paymentAttempts).where(eq(paymentAttempts.orderId, p.orderId));
      expect(attempt).toMatchObject({ status: "success", extraPayment: false, amount: p.total });
      expect((await orderRow(p.orderId)).paidAmount).toBe(p.total);
      const history = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, p.orderId));
      const paidNotes = history.flatMap((h) => (h.notes?.startsWith("Paid online") ? [h.notes] : []));
      expect(paidNotes).toHaveLength(1);
      // Staff are told what to do with money that came in for a cancelled order.
      if (lapsed.includes(p)) expect(paidNotes[0]).toContain("after the order was cancelled: refund it or reactivate the order");
      else expect(paidNotes[0]).not.toContain("cancelled");
      expect(receipts.filter((r) => r.subject === `Payment received for order ${p.orderNumber}`)).toHaveLength(1);
    }
    // Bringing a lapsed order back would sell a smock twice: refused, and it stays cancelled.
    await expect(changeOrderStatusAsAdmin(db(), lapsed[0]!.orderId, "processing", { changedBy: "Ama Owusu" })).rejects.toThrow(
      "Batakari Smock (L) has none left in stock and this order needs 1, so it stays cancelled.",
    );
    expect((await orderRow(lapsed[0]!.orderId)).orderStatus).toBe("cancelled");
    expect(await stockOfVariant(db(), smock, "L")).toBe(0);
  });

  it("a payment recorded by staff: once per form, never twice per order, and a late online payment is flagged as paid twice", async () => {
    const placed = await placeDraftOrder(db(), await draftWith([sand(1, "S")]), { kind: "link", email: false }, context);
    const token = placed.link!.url.split("/pay/")[1]!;
    const started = await payWithLink(db(), paystackConfig(), { token, channel: "card", origin: TEST_ORIGIN });
    expect(started.ok).toBe(true);
    const form = {
      paymentId: crypto.randomUUID(),
      orderId: placed.orderId,
      method: "cash" as const,
      reference: "Receipt 0042",
      amount: placed.total,
      by: AMA,
    };
    expect(await recordPayment(db(), { ...form, amount: placed.total - 1 }, sender)).toMatchObject({ ok: false });
    const [a, b] = await Promise.all([recordPayment(db(), form, sender), recordPayment(db(), form, sender)]);
    expect([a, b].filter((r) => r.ok && r.recorded)).toHaveLength(1);
    expect(await recordPayment(db(), { ...form, paymentId: crypto.randomUUID() }, sender)).toEqual({
      ok: false,
      message: "This order is already paid: nothing was recorded.",
    });
    expect(await orderRow(placed.orderId)).toMatchObject({ paymentStatus: "paid", paymentMethod: "cash", paymentDueAt: null });
    const history = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, placed.orderId));
    expect(history.map((h) => h.notes)).toContain(
      `Paid: Cash, ${formatMoneyWithCode(placed.total)}, reference Receipt 0042, recorded by Ama Owusu`,
    );
    expect((await paymentLinkView(db(), token)).state).toBe("paid");

    // The customer had also paid the link's open checkout: the shop sees it was paid twice.
    const [attempt] = await paymentAttemptsOf(db(), placed.orderId);
    paystack.approve(attempt!.reference);
    await paystack.idle();
    const verified = await verifyTransaction(paystackConfig(), attempt!.reference);
    expect(await applyVerifiedTransaction(db(), attempt!.reference, verified, sender)).toBe("extra-payment");
  });

  it("the link's page: a wrong token answers 404 with no order; an open one shows the order and its buttons go to Paystack", async () => {
    const { loader, action } = await import("~/routes/storefront/pay-link");
    const { testLoadContext } = await import("../setup/load-context");
    const { loadConfig } = await import("~/env.server");
    const config = loadConfig({
      NODE_ENV: "test",
      PUBLIC_URL: TEST_ORIGIN,
      LOG_LEVEL: "silent",
      PAYSTACK_SECRET_KEY: SECRET,
      PAYSTACK_PUBLIC_KEY: "pk_test_staffordersstaffordersst",
      PAYSTACK_API_URL: paystack.url,
    });
    const ctx = { ...testLoadContext(database, { config }), clientIp: "10.9.9.9" };
    const open = (token: string) =>
      routeAnswer(loader, { request: new Request(`${TEST_ORIGIN}/pay/${token}`), context: ctx, params: { token } });
    const wrong = await open("A".repeat(43));
    expect(wrong.status).toBe(404);
    expect(JSON.stringify(wrong.body)).not.toContain("Kofi");

    const placed = await placeDraftOrder(db(), await draftWith([sand(1, "M")]), { kind: "link", email: false }, context);
    const token = placed.link!.url.split("/pay/")[1]!;
    const page = await open(token);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ view: { state: "open", link: { orderNumber: placed.orderNumber, amount: placed.total } } });
    const paid = await routeAnswer(action, {
      request: samePost(`/pay/${token}`, "channel=mobile_money"),
      context: ctx,
      params: { token },
    });
    expect(paid.status).toBe(302);
    expect(paid.headers.get("Location")).toMatch(new RegExp(`^${paystack.url}/`));
    const forged = await routeAnswer(action, { request: samePost(`/pay/${token}`, "channel=bitcoin"), context: ctx, params: { token } });
    expect(forged.status).toBe(400);
  });

  it("the link's page for an expired or a revoked link: the reason in plain words, and nothing of the order, on the page or in its data", async () => {
    const { loader, default: PayLinkPage } = await import("~/routes/storefront/pay-link");
    const { testLoadContext } = await import("../setup/load-context");
    const { loadConfig } = await import("~/env.server");
    const { paymentLinks } = await import("~db/schema/staff-orders");
    const { createElement } = await import("react");
    const { renderToString } = await import("react-dom/server");
    const config = loadConfig({
      NODE_ENV: "test",
      PUBLIC_URL: TEST_ORIGIN,
      LOG_LEVEL: "silent",
      PAYSTACK_SECRET_KEY: SECRET,
      PAYSTACK_PUBLIC_KEY: "pk_test_staffordersstaffordersst",
      PAYSTACK_API_URL: paystack.url,
    });
    const ctx = { ...testLoadContext(database, { config }), clientIp: "10.9.9.10" };
    const { sendPaymentLink } = await import("~/modules/payments/payment-links.server");
    const placed = await placeDraftOrder(
      db(),
      await draftWith(
        [{ kind: "custom", description: "Naming-ceremony kente stole", unitPrice: 123_456, quantity: 1, productionDays: 9 }],
        { customerName: "Abena Kyeiwaa", delivery: "collect" },
      ),
      { kind: "link", email: false },
      context,
    );
    const revoked = placed.link!.url.split("/pay/")[1]!;
    const newer = (await sendPaymentLink(db(), placed.orderId, { by: AMA, email: false, origin: TEST_ORIGIN, storeName: "Ahenfie" })).url;
    const expired = newer.split("/pay/")[1]!;
    // The newer link's time runs out: its row says it closed a minute ago.
    await db()
      .update(paymentLinks)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(paymentLinks.orderId, placed.orderId));

    const orderWords = ["Abena", "Kyeiwaa", "Naming-ceremony", "kente stole", placed.orderNumber, "1,234.56", "123456", "123_456"];
    for (const [token, heading, message] of [
      [expired, "This link takes no payment", "This payment link has expired. Please ask us for a new one: nothing was charged."],
      [
        revoked,
        "This link takes no payment",
        "This payment link is no longer in use. Please use the newest link we sent you, or ask us for a new one.",
      ],
    ] as const) {
      const answer = await routeAnswer(loader, {
        request: new Request(`${TEST_ORIGIN}/pay/${token}`),
        context: ctx,
        params: { token },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
      // What the page's data says (also what `/pay/<token>.data` sends): the state, nothing of the order.
      const data = JSON.stringify(answer.body);
      for (const word of orderWords) expect(data).not.toContain(word);
      const html = renderToString(
        createElement(PayLinkPage as never, { loaderData: answer.body, actionData: undefined, params: { token } }),
      ).replace(/<!-- -->/g, "");
      expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]).toBe(heading);
      expect(/data-testid="pay-link-message"[^>]*>([^<]*)</.exec(html)?.[1]).toBe(message);
      for (const word of orderWords) expect(html).not.toContain(word);
      expect(html).not.toMatch(/Pay with|₵|GHS/);
    }
    // Neither takes a payment when pressed.
    expect(await payWithLink(db(), paystackConfig(), { token: expired, channel: "card", origin: TEST_ORIGIN })).toEqual({
      ok: false,
      message: "This payment link has expired. Please ask us for a new one: nothing was charged.",
    });
    expect(await paymentAttemptsOf(db(), placed.orderId)).toHaveLength(0);
  });

  it("the editor's and the order's forms: admins only; a forged total is refused, a forged price field changes nothing", async () => {
    const { action: draftAction, loader: draftLoader } = await import("~/routes/admin/draft-order");
    const { action: draftsAction } = await import("~/routes/admin/draft-orders");
    const { action: ordersAction } = await import("~/routes/admin/orders");
    const { testLoadContext, signedInAs } = await import("../setup/load-context");
    const { createAdmin, createUser } = await import("../factories/users");
    const { loadConfig } = await import("~/env.server");
    const config = loadConfig({
      NODE_ENV: "test",
      PUBLIC_URL: TEST_ORIGIN,
      LOG_LEVEL: "silent",
      PAYSTACK_SECRET_KEY: SECRET,
      PAYSTACK_PUBLIC_KEY: "pk_test_staffordersstaffordersst",
      PAYSTACK_API_URL: paystack.url,
    });
    const admin = await createAdmin(db(), { name: "Esi Boateng" });
    const customer = await createUser(db(), { name: "Yaw" });
    const as = (user: { id: string; email: string; name: string }) => testLoadContext(database, { config, auth: signedInAs(user) });
    type Handler = Parameters<typeof routeAnswer>[0];
    const post = (handler: Handler, path: string, form: Record<string, string>, user = admin, params = {}) => {
      const request = samePost(path, new URLSearchParams(form));
      request.headers.set("cookie", "ahenfie.session_token=abc");
      return routeAnswer(handler, { request, context: as(user), params });
    };

    // A customer is refused everywhere; an admin's New order opens a draft.
    expect((await post(draftsAction, "/admin/orders/drafts", { channel: "phone" }, customer)).status).toBe(403);
    const created = await post(draftsAction, "/admin/orders/drafts", { channel: "phone" });
    expect(created.status).toBe(302);
    const draftId = created.headers.get("Location")!.split("/").at(-1)!;
    const path = `/admin/orders/drafts/${draftId}`;
    const details = {
      channel: "phone",
      customerName: "Yaw Darko",
      customerEmail: "yaw.darko@example.com",
      customerPhone: "+233 24 555 0101",
      delivery: "collect",
      customerCountry: "GH",
    };
    expect((await post(draftAction, path, { ...details, intent: "save" }, customer, { draftId })).status).toBe(403);
    // A price field posted with a catalogue piece is not read: the catalogue prices it.
    const added = await post(
      draftAction,
      path,
      { ...details, intent: "add-product", pickProduct: String(kaftan), pickColor: "0", pickSize: "M", pickQuantity: "2", unitPrice: "1" },
      admin,
      { draftId },
    );
    expect(added.status).toBe(302);
    const request = new Request(`${TEST_ORIGIN}${path}`, { headers: { cookie: "ahenfie.session_token=abc" } });
    const page = (await routeAnswer(draftLoader, { request, context: as(admin), params: { draftId } })).body as {
      priced: { totals: { total: number } };
    };
    expect(page.priced.totals.total).toBe(69_998);
    // Placing as paid with a total the server does not have is refused, and nothing is placed.
    const forged = await post(
      draftAction,
      path,
      { ...details, intent: "place-recorded", paymentMethod: "cash", paymentId: crypto.randomUUID(), seenTotal: "100" },
      admin,
      { draftId },
    );
    expect(forged).toMatchObject({ status: 409, body: { ok: false, message: expect.stringContaining("GHS 699.98") } });
    expect((await getDraft(db(), draftId)).orderId).toBeNull();
    const placed = await post(draftAction, path, { ...details, intent: "place-on-delivery" }, admin, { draftId });
    expect(placed).toMatchObject({ status: 200, body: { ok: true, placed: { total: 69_998, link: null } } });
    const orderId = (placed.body as { placed: { orderId: string } }).placed.orderId;
    expect(await orderRow(orderId)).toMatchObject({ source: "phone", placedBy: "Esi Boateng", totalAmount: 69_998 });

    // The order's Ask for payment forms: a customer is refused; a recorded amount other than the total is refused.
    const ask = (form: Record<string, string>, user = admin) => post(ordersAction as Handler, "/admin/orders", { orderId, ...form }, user);
    expect((await ask({ intent: "send-link" }, customer)).status).toBe(403);
    const link = await ask({ intent: "send-link", emailLink: "on" });
    expect(link).toMatchObject({
      status: 200,
      body: { ok: true, kind: "payment-request", link: { url: expect.stringMatching(/\/pay\//) } },
    });
    const record = { intent: "record-payment", paymentId: crypto.randomUUID(), method: "bank_transfer", reference: "GCB 7781" };
    expect(await ask({ ...record, amount: "1" })).toMatchObject({ status: 409, body: { ok: false, kind: "payment-request" } });
    expect(await ask({ ...record, amount: "69998" })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: "paid", paymentMethod: "pay_on_delivery" });
  });

  it("the WhatsApp link reads local Ghanaian numbers and leaves unknown ones to WhatsApp", () => {
    expect(whatsappLink("024 411 8820", "GH", "hi")).toBe("https://wa.me/233244118820?text=hi");
    expect(whatsappLink("+44 7700 900123", "GB", "hi")).toBe("https://wa.me/447700900123?text=hi");
    expect(whatsappLink("0044 7700 900123", "GB", "hi")).toBe("https://wa.me/447700900123?text=hi");
    expect(whatsappLink("ask at the door", "GH", "a b")).toBe("https://wa.me/?text=a%20b");
  });

  describe("made to measure", () => {
    it("a made-to-measure line takes no stock and keeps its measurements", async () => {
      const values = {
        chest: 100,
        waist: 88,
        hips: 102,
        shoulder: 46,
        sleeve: 64,
        length: 110,
        neck: 40,
        inseam: 80,
      };
      const draftId = await draftWith([]);
      const failure = await addDraftLine(
        db(),
        draftId,
        {
          kind: "product",
          productId: madeToMeasure,
          colorIndex: null,
          size: null,
          quantity: 1,
          measurements: { unit: "cm", values } as never,
        },
        AMA,
      ).catch((e: unknown) => e);
      // The sample product does not offer made to measure: refused by name, as checkout refuses it.
      expect(String(failure)).toContain("Kente Agbada");
    });
  });
});
