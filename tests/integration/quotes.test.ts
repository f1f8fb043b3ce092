import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { customRequests } from "~db/schema/custom";
import { orderItems, orders, orderStatusHistory } from "~db/schema/orders";
import { quotes } from "~db/schema/quotes";
import { emailOutbox } from "~db/schema/store";
import { localDay } from "~/lib/dates";
import { paymentAttemptsOf, applyVerifiedTransaction } from "~/modules/payments/payment-attempts.server";
import { paymentLinkView, payWithLink } from "~/modules/payments/payment-links.server";
import { verifyTransaction } from "~/modules/payments/paystack-client.server";
import { acceptQuote } from "~/modules/quotes/accept-quote.server";
import { addDays } from "~/modules/quotes/quote-lines";
import type { WriteQuoteInput } from "~/modules/quotes/quote.schema";
import { declineQuote, quotesOfRequest, quoteView, writeQuote } from "~/modules/quotes/quotes.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { createAdmin, createUser } from "../factories/users";
import { signedInAs, TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { routeAnswer, samePost } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";
import { startPaystackStandIn, type PaystackStandIn } from "../support/paystack-stand-in";

/**
 * Quotes for custom requests (issue 46, part 4; docs/decisions/042), on both databases: staff
 * write and revise, the customer opens the emailed link, accepts (one order, whatever the clicks)
 * and pays the deposit on the Paystack stand-in; expired, declined and replaced quotes take no
 * answer and keep their history; only admins write quotes; a wrong token shows nothing.
 */
const SECRET = "sk_test_quotesquotesquotesquotesq";
const ESI = { name: "Esi Boateng" };
const context = { by: ESI, origin: TEST_ORIGIN, storeName: "Ahenfie" };
const sender = { storeName: "Ahenfie", origin: TEST_ORIGIN };
let serial = 0;

describeWithDatabase("quotes for custom requests", (database) => {
  const db = () => database.db;
  let paystack: PaystackStandIn;
  const paystackConfig = () => ({ secretKey: SECRET, apiUrl: paystack.url });
  let today: string;

  beforeAll(async () => {
    paystack = await startPaystackStandIn({ secretKey: SECRET });
    today = localDay((await getStoreSettings(db())).timezone);
  });
  afterAll(async () => {
    await paystack?.close();
  });
  beforeEach(async () => {
    await db().delete(emailOutbox);
  });

  /** A custom request as the shop's form stores it. */
  async function request(name = "Kwabena Ofori") {
    const reference = `CR-${String(900_000 + ++serial).padStart(6, "0")}`;
    await db()
      .insert(customRequests)
      .values({ reference, name, email: `${reference.toLowerCase()}@example.com`, phone: "024 411 8820", garmentType: "Agbada" });
    return reference;
  }
  const input = (reference: string, changes: Partial<WriteQuoteInput> = {}): WriteQuoteInput => ({
    reference,
    lines: [
      { description: "Three-piece agbada in hand-woven kente", unitPrice: 450_000, quantity: 1, productionDays: 28 },
      { description: "Matching kufi cap", unitPrice: 25_050, quantity: 2, productionDays: 7 },
    ],
    deposit: { kind: "percent", value: 50 },
    validUntil: addDays(today, 14),
    message: "Thank you for choosing us. The kente is woven in Bonwire to your colours.",
    ...changes,
  });
  const tokenOf = (url: string) => url.split("/quote/")[1]!;
  const requestStatus = async (reference: string) =>
    (await db().select({ status: customRequests.status }).from(customRequests).where(eq(customRequests.reference, reference)))[0]!.status;

  it("writing a quote emails the customer its link; accepting makes one order with the quote's totals and deposit, paid by a deposit link", async () => {
    const reference = await request();
    const written = await writeQuote(db(), input(reference), context);
    expect(written).toMatchObject({ version: 1, total: 500_100, deposit: 250_050, replaced: null });
    expect(written.url).toMatch(new RegExp(`^${TEST_ORIGIN}/quote/[A-Za-z0-9_-]{43}$`));
    expect(await requestStatus(reference)).toBe("quoted");
    const [email] = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "quote"));
    expect(email).toMatchObject({ toAddress: `${reference.toLowerCase()}@example.com`, subject: `Your quote for ${reference} — Ahenfie` });
    expect(email!.text).toContain(written.url);
    expect(email!.text).toContain("Total: ₵5,001.00");

    const token = tokenOf(written.url);
    expect(await quoteView(db(), token)).toMatchObject({ state: "open", quote: { reference, total: 500_100, deposit: 250_050 } });
    const accepted = await acceptQuote(db(), token, context);
    if (!accepted.ok || accepted.next !== "pay") throw new Error(`not accepted: ${JSON.stringify(accepted)}`);
    expect(accepted.created).toBe(true);
    const [order] = await db().select().from(orders).where(eq(orders.id, accepted.orderId));
    expect(order).toMatchObject({
      totalAmount: 500_100,
      subtotalAmount: 500_100,
      shippingAmount: 0,
      depositAmount: 250_050,
      source: "custom_request",
      paymentMethod: "payment_link",
      placedBy: "Esi Boateng",
      customerName: "Kwabena Ofori",
      shippingZone: "Collection from the showroom",
    });
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, accepted.orderId)).orderBy(orderItems.id);
    expect(items.map((i) => [i.kind, i.name, i.unitPrice, i.quantity, i.productionDays])).toEqual([
      ["custom", "Three-piece agbada in hand-woven kente", 450_000, 1, 28],
      ["custom", "Matching kufi cap", 25_050, 2, 7],
    ]);
    expect(await requestStatus(reference)).toBe("accepted");
    const payToken = accepted.payUrl.split("/pay/")[1]!;
    expect(await paymentLinkView(db(), payToken)).toMatchObject({ state: "open", link: { amount: 250_050, purpose: "deposit" } });

    // The deposit paid on the stand-in: the order is in production, its balance still due.
    const started = await payWithLink(db(), paystackConfig(), { token: payToken, channel: "mobile_money", origin: TEST_ORIGIN });
    expect(started.ok).toBe(true);
    const [attempt] = await paymentAttemptsOf(db(), accepted.orderId);
    expect(paystack.transaction(attempt!.reference)).toMatchObject({ amount: 250_050 });
    paystack.approve(attempt!.reference);
    await paystack.idle();
    const verified = await verifyTransaction(paystackConfig(), attempt!.reference);
    expect(await applyVerifiedTransaction(db(), attempt!.reference, verified, sender)).toBe("paid");
    const [paid] = await db().select().from(orders).where(eq(orders.id, accepted.orderId));
    expect(paid).toMatchObject({ paymentStatus: "deposit_paid", paidAmount: 250_050, orderStatus: "confirmed" });
    const history = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, accepted.orderId));
    expect(history.map((h) => h.notes)).toContain("Deposit received: in production");
    expect((await quotesOfRequest(db(), reference))[0]).toMatchObject({ state: "accepted", order: { id: accepted.orderId } });

    // Opened again after paying: the same order's page, never a second order.
    expect(await acceptQuote(db(), token, context)).toMatchObject({ ok: true, next: "pay", orderId: accepted.orderId, created: false });
    expect(await db().select().from(orders).where(eq(orders.source, "custom_request"))).toHaveLength(1);
  });

  it("a double or concurrent accept makes one order", async () => {
    const reference = await request("Yaa Asantewaa");
    const token = tokenOf((await writeQuote(db(), input(reference), context)).url);
    const results = await Promise.all([0, 1, 2].map(() => acceptQuote(db(), token, context)));
    const orderIds = new Set(results.map((r) => (r.ok ? r.orderId : "refused")));
    expect(orderIds.size).toBe(1);
    expect(orderIds.has("refused")).toBe(false);
    expect(results.filter((r) => r.ok && r.created)).toHaveLength(1);
    const [quote] = await db()
      .select()
      .from(quotes)
      .where(eq(quotes.tokenHash, (await import("~/modules/payments/payment-links.server")).paymentLinkTokenHash(token)));
    expect(
      await db()
        .select()
        .from(orders)
        .where(eq(orders.idempotencyKey, `quote:${quote!.id}`)),
    ).toHaveLength(1);
  });

  it("a quote accepted after its expiry is refused, and nothing changes", async () => {
    const reference = await request("Kofi Boakye");
    const token = tokenOf((await writeQuote(db(), input(reference, { validUntil: addDays(today, 3) }), context)).url);
    // The last day itself still takes it; the day after does not.
    expect((await quoteView(db(), token, new Date(Date.now() + 3 * 86_400_000))).state).toBe("open");
    const later = new Date(Date.now() + 5 * 86_400_000);
    expect((await quoteView(db(), token, later)).state).toBe("expired");
    expect(await acceptQuote(db(), token, { ...context, now: later })).toEqual({
      ok: false,
      message: "This quote has expired. Please contact us and we will gladly send you a new one.",
    });
    expect(await declineQuote(db(), token, null, later)).toMatchObject({ ok: false });
    expect(await db().select().from(orders).where(eq(orders.customerName, "Kofi Boakye"))).toHaveLength(0);
    expect(await requestStatus(reference)).toBe("quoted");
    expect((await quotesOfRequest(db(), reference, later))[0]).toMatchObject({ version: 1, state: "expired", order: null });
  });

  it("a declined quote refuses acceptance and keeps its reason; a revision replaces the open quote, whose link then refuses", async () => {
    const reference = await request("Abena Mensah");
    const first = tokenOf((await writeQuote(db(), input(reference), context)).url);
    expect(await declineQuote(db(), first, "The cap is not needed")).toEqual({ ok: true });
    expect(await requestStatus(reference)).toBe("declined");
    expect(await acceptQuote(db(), first, context)).toMatchObject({
      ok: false,
      message: expect.stringContaining("You declined this quote"),
    });

    // Revised twice: version 2 replaced by version 3, every version kept with its state.
    const second = tokenOf((await writeQuote(db(), input(reference, { lines: input(reference).lines.slice(0, 1) }), context)).url);
    const third = await writeQuote(db(), input(reference, { deposit: { kind: "amount", value: 100_000 } }), context);
    expect(third).toMatchObject({ version: 3, replaced: 2, deposit: 100_000 });
    expect((await quoteView(db(), second)).state).toBe("superseded");
    expect(await acceptQuote(db(), second, context)).toMatchObject({
      ok: false,
      message: "This quote was replaced by a newer one, which we sent you by email. Please open the newest quote.",
    });
    const history = await quotesOfRequest(db(), reference);
    expect(history.map((q) => [q.version, q.state, q.total])).toEqual([
      [3, "open", 500_100],
      [2, "superseded", 450_000],
      [1, "declined", 500_100],
    ]);
    expect(history[2]!.declineReason).toBe("The cap is not needed");
    expect(await requestStatus(reference)).toBe("quoted");

    // Accepted, the request takes no further revision (its order is the one to change).
    expect(await acceptQuote(db(), tokenOf(third.url), context)).toMatchObject({ ok: true, created: true });
    await expect(writeQuote(db(), input(reference), context)).rejects.toThrow(/accepted a quote already/);
  });

  it("a deposit that leaves nothing for later and a last day in the past are refused", async () => {
    const reference = await request();
    await expect(writeQuote(db(), input(reference, { deposit: { kind: "amount", value: 500_100 } }), context)).rejects.toThrow(
      "The deposit must be more than nothing and less than the total.",
    );
    await expect(writeQuote(db(), input(reference, { validUntil: addDays(today, -1) }), context)).rejects.toThrow(/in the past/);
    expect(
      await db()
        .select()
        .from(quotes)
        .innerJoin(customRequests, eq(customRequests.id, quotes.requestId))
        .where(eq(customRequests.reference, reference)),
    ).toHaveLength(0);
  });

  it("through the routes: only admins write quotes; the customer's page shows the quote, ignores forged amounts, and a wrong token shows nothing", async () => {
    const { action: adminAction, loader: adminLoader } = await import("~/routes/admin/custom-requests");
    const { action: quoteAction, loader: quoteLoader } = await import("~/routes/storefront/quote");
    const admin = await createAdmin(db(), { name: "Workshop Owner" });
    const customer = await createUser(db(), { name: "Not Staff" });
    const reference = await request("Nana Yeboah");
    const form = new URLSearchParams({
      reference,
      "lines[0].description": "Wedding kaftan in white guinea brocade",
      "lines[0].price": "2,400",
      "lines[0].quantity": "1",
      "lines[0].productionDays": "21",
      depositKind: "percent",
      depositPercent: "40",
      validUntil: addDays(today, 10),
      message: "",
    });
    const post = (user: { id: string; email: string; name: string }, body: URLSearchParams) => {
      const request = samePost("/admin/custom-requests?quote", body);
      request.headers.set("cookie", "ahenfie.session_token=abc");
      return routeAnswer(adminAction, { request, context: testLoadContext(database, { auth: signedInAs(user) }) });
    };
    expect((await post(customer, form)).status).toBe(403);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "quote"))).toHaveLength(0);
    const refused = await post(admin, new URLSearchParams({ ...Object.fromEntries(form), "lines[0].price": "lots" }));
    expect(refused).toMatchObject({
      status: 400,
      body: { ok: false, fieldErrors: { "lines[0].price": expect.stringContaining("in cedi") } },
    });
    const sent = await post(admin, form);
    expect(sent).toMatchObject({ status: 200, body: { ok: true, message: "Quote 1 (GHS 2,400.00) emailed to the customer." } });
    const token = tokenOf((sent.body as { url: string }).url);

    const listed = await routeAnswer(adminLoader, {
      request: new Request(`${TEST_ORIGIN}/admin/custom-requests?request=${reference}`, {
        headers: { cookie: "ahenfie.session_token=abc" },
      }),
      context: testLoadContext(database, { auth: signedInAs(admin) }),
    });
    expect(listed.body).toMatchObject({
      quotes: [{ version: 1, state: "open", total: 240_000, deposit: 96_000, createdBy: "Workshop Owner" }],
    });

    const ctx = { ...testLoadContext(database), clientIp: "10.7.7.7" };
    const open = (t: string) =>
      routeAnswer(quoteLoader, { request: new Request(`${TEST_ORIGIN}/quote/${t}`), context: ctx, params: { token: t } });
    const wrong = await open("B".repeat(43));
    expect(wrong.status).toBe(404);
    expect(JSON.stringify(wrong.body)).not.toContain("Nana");
    expect(JSON.stringify(wrong.body)).not.toContain("brocade");
    const page = await open(token);
    expect(page).toMatchObject({ status: 200, body: { view: { state: "open", quote: { total: 240_000, deposit: 96_000 } } } });

    // Forged totals and deposits in the post are not read: the order is the quote row's.
    const accepted = await routeAnswer(quoteAction, {
      request: samePost(`/quote/${token}`, "intent=accept&total=100&deposit=1&depositAmount=1"),
      context: ctx,
      params: { token },
    });
    expect(accepted.status).toBe(302);
    const payPath = accepted.headers.get("Location")!;
    expect(payPath).toMatch(/^\/pay\/[A-Za-z0-9_-]{43}$/);
    expect(await paymentLinkView(db(), payPath.split("/pay/")[1]!)).toMatchObject({
      state: "open",
      link: { amount: 96_000, total: 240_000 },
    });
    const unknownAnswer = await routeAnswer(quoteAction, {
      request: samePost(`/quote/${"C".repeat(43)}`, "intent=accept"),
      context: ctx,
      params: { token: "C".repeat(43) },
    });
    expect(unknownAnswer.status).toBe(409);
    expect(JSON.stringify(unknownAnswer.body)).not.toContain("Nana");
  });
});
