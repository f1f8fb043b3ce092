import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { orders, orderStatusHistory } from "~db/schema/orders";
import { orderProductionSteps } from "~db/schema/production";
import { emailOutbox } from "~db/schema/store";
import { moveProductionStep, ProductionRefusedError } from "~/modules/production/production-moves.server";
import { customerProductionOf, staffProductionOf } from "~/modules/production/production.server";
import { listAdminOrders } from "~/modules/orders/order-list.server";
import type { ProductionStep } from "~/modules/production/production-steps";
import { createOrder } from "../factories/orders";
import { createAdmin, createUser } from "../factories/users";
import { signedInAs, testLoadContext, TEST_ORIGIN } from "../setup/load-context";
import { routeAnswer, samePost } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";

/**
 * Production steps (issue 46, part 5; decision 040), on both databases: a made-to-measure or
 * custom order moves through the workshop's steps with who and when, once per step however often
 * it is posted, back only with a reason; staff alone move it; its customer's page shows where it is.
 */
const ESI = { name: "Esi Boateng", userId: null };
const sender = { storeName: "Ahenfie", origin: TEST_ORIGIN };

describeWithDatabase("production steps", (database) => {
  const db = () => database.db;
  const bespoke = (overrides: Parameters<typeof createOrder>[1] = {}) =>
    createOrder(db(), {
      customerName: "Kofi Mensah",
      customerEmail: "kofi.mensah@example.com",
      // Thursday 3 Dec 2026, 10:00 in Accra.
      createdAt: new Date("2026-12-03T10:00:00Z"),
      items: [
        { name: "Accra Executive Three-Piece Suit", kind: "made_to_measure", madeToMeasureDays: 15, unitPrice: 95_000 },
        { name: "Wedding agbada in family kente", kind: "custom", productionDays: 20, unitPrice: 250_000 },
        { name: "Osu Linen Kaftan", size: "M", unitPrice: 34_999 },
      ],
      ...overrides,
    });
  const move = (orderId: string, step: ProductionStep, more: { note?: string; emailCustomer?: boolean } = {}) =>
    moveProductionStep(db(), { orderId, step, note: more.note ?? "", emailCustomer: more.emailCustomer ?? false }, ESI, sender);
  const movesOf = (orderId: string) => db().select().from(orderProductionSteps).where(eq(orderProductionSteps.orderId, orderId));
  const historyNotes = async (orderId: string) =>
    (await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId))).map((h) => h.notes);

  it("moves forward through the steps with when and by whom, a step may be skipped, and the ready date counts working days", async () => {
    const order = await bespoke();
    expect((await staffProductionOf(db(), order))!.current).toBeNull();
    await move(order.id, "measured");
    await move(order.id, "cutting", { note: "Cloth from Kente Village" });
    // No fitting for this client: straight from cutting to finishing.
    await move(order.id, "finishing");
    const production = (await staffProductionOf(db(), order))!;
    expect(production.current).toBe("finishing");
    expect(production.steps.map((s) => [s.step, s.state, s.reached?.movedBy ?? null])).toEqual([
      ["measured", "done", "Esi Boateng"],
      ["cutting", "done", "Esi Boateng"],
      ["sewing", "skipped", null],
      ["fitting", "skipped", null],
      ["finishing", "current", "Esi Boateng"],
      ["ready", "upcoming", null],
    ]);
    expect(production.steps[1]!.reached!.note).toBe("Cloth from Kente Village");
    expect(Date.parse(production.steps[4]!.reached!.at)).toBeGreaterThanOrEqual(Date.parse(production.steps[0]!.reached!.at));
    // The longest line takes 20 working days from Thursday 3 Dec 2026: Thursday 31 Dec.
    expect(production.productionDays).toBe(20);
    expect(production.readyDay).toBe("2026-12-31");
    // The order's history says each move (the note stays with staff: the customer's timeline shows the history).
    expect(await historyNotes(order.id)).toEqual(
      expect.arrayContaining(["Production: Measured", "Production: Cutting", "Production: Finishing"]),
    );
    expect((await historyNotes(order.id)).join(" ")).not.toContain("Kente Village");
  });

  it("posting the step the order is already at changes nothing (a double click)", async () => {
    const order = await bespoke();
    expect(await move(order.id, "sewing")).toMatchObject({ moved: true });
    expect(await move(order.id, "sewing")).toMatchObject({ moved: false });
    expect(await movesOf(order.id)).toHaveLength(1);
    expect((await historyNotes(order.id)).filter((n) => n === "Production: Sewing")).toHaveLength(1);
  });

  it("moves posted at the same moment record one move", async () => {
    const order = await bespoke();
    // On PostgreSQL these run on separate connections at once; the order's row lock makes them take turns.
    const answers = await Promise.all(Array.from({ length: 8 }, () => move(order.id, "cutting")));
    expect(answers.filter((a) => a.moved)).toHaveLength(1);
    expect(await movesOf(order.id)).toHaveLength(1);
    expect((await historyNotes(order.id)).filter((n) => n === "Production: Cutting")).toHaveLength(1);
  });

  it("going back is a correction: refused without a reason, recorded with it", async () => {
    const order = await bespoke();
    await move(order.id, "sewing");
    await expect(move(order.id, "cutting")).rejects.toThrow(ProductionRefusedError);
    await expect(move(order.id, "cutting", { note: "   " })).rejects.toThrow("say why in the note");
    expect(await move(order.id, "cutting", { note: "Left sleeve cut short: recutting" })).toMatchObject({ moved: true, back: true });
    const production = (await staffProductionOf(db(), order))!;
    expect(production.current).toBe("cutting");
    expect(production.steps.find((s) => s.step === "sewing")!.state).toBe("upcoming");
    expect(production.moves.at(-1)).toMatchObject({ step: "cutting", back: true, note: "Left sleeve cut short: recutting" });
    expect(await historyNotes(order.id)).toContain("Production: Cutting (again)");
    expect((await historyNotes(order.id)).join(" ")).not.toContain("sleeve");
  });

  it("an order of standard sizes has no production, and a cancelled one cannot move", async () => {
    const standard = await createOrder(db(), { items: [{ name: "Osu Linen Kaftan", size: "L" }] });
    expect(await staffProductionOf(db(), standard)).toBeNull();
    expect(await customerProductionOf(db(), standard)).toBeNull();
    await expect(move(standard.id, "measured")).rejects.toThrow("no made-to-measure or custom piece");
    const cancelled = await bespoke({ orderStatus: "cancelled" });
    await expect(move(cancelled.id, "measured")).rejects.toThrow("cancelled");
    expect(await movesOf(standard.id)).toHaveLength(0);
    expect(await movesOf(cancelled.id)).toHaveLength(0);
  });

  it("ready can email the customer, once, in the move's transaction", async () => {
    const order = await bespoke({ customerEmail: "ready.once@example.com", shippingZone: "Collection from the showroom" });
    await move(order.id, "finishing");
    expect(await move(order.id, "ready", { emailCustomer: true })).toMatchObject({ moved: true, emailed: true });
    expect(await move(order.id, "ready", { emailCustomer: true })).toMatchObject({ moved: false, emailed: false });
    const sent = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, "ready.once@example.com"));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain("is ready");
    expect(sent[0]!.text).toContain("waiting for you at our showroom");
    expect(sent[0]!.text).toContain(`/order-confirmation/${order.id}`);
  });

  it("the orders list finds workshop orders by their current step, and those not started", async () => {
    const tag = `filter.${Date.now()}`;
    const atSewing = await bespoke({ customerName: `Sewing ${tag}` });
    const wentBack = await bespoke({ customerName: `Back ${tag}` });
    const waiting = await bespoke({ customerName: `Waiting ${tag}` });
    const standard = await createOrder(db(), { customerName: `Standard ${tag}`, items: [{ name: "Osu Linen Kaftan", size: "M" }] });
    const cancelled = await bespoke({ customerName: `Cancelled ${tag}`, orderStatus: "cancelled" });
    await move(atSewing.id, "sewing");
    await move(wentBack.id, "sewing");
    await move(wentBack.id, "cutting", { note: "Recut the collar" });
    const found = async (production: "sewing" | "cutting" | "not-started") =>
      (await listAdminOrders(db(), { search: tag, production })).items.map((o) => o.id);
    expect(await found("sewing")).toEqual([atSewing.id]);
    expect(await found("cutting")).toEqual([wentBack.id]);
    expect(await found("not-started")).toEqual([waiting.id]);
    // The standard order and the cancelled one are in none of them.
    const all = [...(await found("sewing")), ...(await found("cutting")), ...(await found("not-started"))];
    expect(all).not.toContain(standard.id);
    expect(all).not.toContain(cancelled.id);
  });

  it("staff alone move it through the orders page, every field checked; the customer's page shows where it is, and only its own", async () => {
    const { action } = await import("~/routes/admin/orders");
    const { loader: orderPage } = await import("~/routes/storefront/order-confirmation");
    const admin = await createAdmin(db(), { name: "Abena Owusu" });
    const customer = await createUser(db(), { name: "Yaw" });
    const order = await bespoke();
    const other = await bespoke({ customerEmail: "someone.else@example.com" });
    await move(other.id, "fitting");

    const post = (form: Record<string, string>, user: { id: string; email: string; name: string } | null) => {
      const request = samePost("/admin/orders", new URLSearchParams({ intent: "production", orderId: order.id, ...form }));
      if (user) request.headers.set("cookie", "ahenfie.session_token=abc");
      const context = user ? testLoadContext(database, { auth: signedInAs(user) }) : testLoadContext(database);
      return routeAnswer(action as never, { request, context });
    };
    // Anonymous: sent to sign in; a customer: refused. Nothing moves.
    expect((await post({ step: "measured" }, null)).status).toBe(302);
    expect((await post({ step: "measured" }, customer)).status).toBe(403);
    expect(await movesOf(order.id)).toHaveLength(0);
    // An unknown step, a forged order id and a note with a control character are refused by the schema.
    expect(await post({ step: "shipped" }, admin)).toMatchObject({ status: 400, body: { ok: false, kind: "production" } });
    expect((await post({ step: "measured", orderId: "not-an-order" }, admin)).status).toBe(400);
    expect((await post({ step: "measured", note: "bad\u0000note" }, admin)).status).toBe(400);
    // The admin's moves: named in the answer, the second one the same (nothing changed), back refused without a reason.
    expect(await post({ step: "sewing" }, admin)).toMatchObject({
      status: 200,
      body: { ok: true, moved: true, message: "Moved to Sewing." },
    });
    expect(await post({ step: "sewing" }, admin)).toMatchObject({ status: 200, body: { ok: true, moved: false } });
    expect(await post({ step: "measured" }, admin)).toMatchObject({
      status: 409,
      body: { ok: false, message: expect.stringContaining("say why in the note") },
    });
    const [row] = await movesOf(order.id);
    expect(row).toMatchObject({ step: "sewing", movedBy: "Abena Owusu", movedByUserId: admin.id });

    // The customer's page (anyone with its unguessable address): the step, its day and the ready date; no staff names or notes.
    const page = await routeAnswer(orderPage as never, {
      request: new Request(`${TEST_ORIGIN}/order-confirmation/${order.id}`),
      context: testLoadContext(database),
      params: { orderId: order.id },
    });
    const body = page.body as { order: { id: string }; production: Awaited<ReturnType<typeof customerProductionOf>> };
    expect(body.order.id).toBe(order.id);
    expect(body.production).toMatchObject({ current: "sewing", readyDay: "2026-12-31" });
    expect(body.production!.steps.map((s) => s.state)).toEqual(["done", "done", "current", "upcoming", "upcoming", "upcoming"]);
    expect(body.production!.steps[2]!.reachedAt).toEqual(expect.any(String));
    expect(JSON.stringify(body.production)).not.toContain("Abena");
    // The other order's fitting is on its own page, never on this one.
    const otherPage = await routeAnswer(orderPage as never, {
      request: new Request(`${TEST_ORIGIN}/order-confirmation/${other.id}`),
      context: testLoadContext(database),
      params: { orderId: other.id },
    });
    expect((otherPage.body as typeof body).production!.current).toBe("fitting");
    expect(body.production!.current).not.toBe("fitting");
    // The order row is untouched otherwise: status as it was.
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]!.orderStatus).toBe("processing");
  });

  it("at Ready, the balance spot's one click emails the balance link; the link opens a page asking for exactly the balance", async () => {
    const { action } = await import("~/routes/admin/orders");
    const { loader: payLinkLoader, default: PayLinkPage } = await import("~/routes/storefront/pay-link");
    const { getAdminOrderDetails } = await import("~/modules/orders/order-list.server");
    const { recordPayment } = await import("~/modules/payments/recorded-payments.server");
    const { paymentLinkView } = await import("~/modules/payments/payment-links.server");
    const { formatMoney, formatMoneyWithCode } = await import("~/lib/money");
    const { createElement } = await import("react");
    const { renderToString } = await import("react-dom/server");
    const crypto = await import("node:crypto");
    const admin = await createAdmin(db(), { name: "Akua Sarpong" });
    const order = await bespoke({ customerEmail: "balance.ready@example.com", shippingZone: "Collection from the showroom" });
    // Half of the bespoke pieces up front (₵3,450.00 of them, so ₵1,725.00 later): the deposit came in cash.
    const total = 379_999;
    const balance = 172_500;
    const deposit = total - balance;
    await db().update(orders).set({ depositAmount: deposit }).where(eq(orders.id, order.id));
    expect(
      await recordPayment(
        db(),
        { paymentId: crypto.randomUUID(), orderId: order.id, method: "cash", reference: "Deposit 77", amount: deposit, by: ESI },
        sender,
      ),
    ).toMatchObject({ ok: true, balance });

    const post = (form: Record<string, string>) => {
      const request = samePost("/admin/orders", new URLSearchParams({ orderId: order.id, ...form }));
      request.headers.set("cookie", "ahenfie.session_token=abc");
      return routeAnswer(action as never, { request, context: testLoadContext(database, { auth: signedInAs(admin) }) });
    };
    await move(order.id, "finishing");
    expect(await post({ intent: "production", step: "ready", emailCustomer: "on" })).toMatchObject({ status: 200, body: { moved: true } });
    // What the Ready spot shows (production-balance-spot.tsx): the balance still to pay, its button named for it.
    expect((await getAdminOrderDetails(db(), order.id)).balance.due).toEqual({ purpose: "balance", amount: balance });
    // The ready email itself asks for no money: the link is the staff's click.
    const ready = (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, "balance.ready@example.com"))).filter(
      (e) => e.kind === "production-ready",
    );
    expect(ready).toHaveLength(1);
    expect(ready[0]!.text).not.toContain("/pay/");
    await db().delete(emailOutbox);

    // The spot's button posts exactly these fields.
    const sent = await post({ intent: "send-link", emailLink: "on" });
    expect(sent).toMatchObject({
      status: 200,
      body: { ok: true, kind: "payment-request", message: "Payment link sent by email. Copy it or send it on WhatsApp too." },
    });
    const url = (sent.body as { link: { url: string } }).link.url;
    expect(url).toMatch(new RegExp(`^${TEST_ORIGIN}/pay/[A-Za-z0-9_-]{43}$`));
    const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, "balance.ready@example.com"));
    expect(emails.map((e) => e.kind)).toEqual(["payment-link"]);
    expect(emails[0]!.text).toContain(
      `Your order ${order.orderNumber} is ready. Pay the balance of ${formatMoneyWithCode(balance)} securely by card or mobile money`,
    );
    expect(emails[0]!.text).toContain(url);
    expect(await historyNotes(order.id)).toContainEqual(
      expect.stringMatching(/^Balance link sent by Akua Sarpong for GHS 1,725\.00 \(emailed to balance\.ready@example\.com\)/),
    );

    // The customer opens it: the balance, after the deposit paid before.
    const token = url.split("/pay/")[1]!;
    expect(await paymentLinkView(db(), token)).toMatchObject({
      state: "open",
      link: { purpose: "balance", amount: balance, paidBefore: deposit },
    });
    const page = await routeAnswer(payLinkLoader, {
      request: new Request(url),
      context: { ...testLoadContext(database), clientIp: "10.46.5.5" },
      params: { token },
    });
    expect(page.status).toBe(200);
    const html = renderToString(
      createElement(PayLinkPage as never, { loaderData: page.body, actionData: undefined, params: { token } }),
    ).replace(/<!-- -->/g, "");
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]).toBe(`Pay the balance: ${formatMoneyWithCode(balance)}`);
    expect(html).toContain(`−${formatMoney(deposit)}`);
    expect(/data-testid="pay-link-amount"[^>]*>([^<]*)</.exec(html)?.[1]).toBe(formatMoneyWithCode(balance));
  });
});
