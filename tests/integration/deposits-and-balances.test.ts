import crypto from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
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
import { createProduct } from "../factories/catalog";
import { TEST_ORIGIN } from "../setup/load-context";
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
});
