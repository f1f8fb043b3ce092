import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { productVariants } from "~db/schema/catalog";
import { orders } from "~db/schema/orders";
import { backInStockRequests, emailOptOuts, reviewInvitations } from "~db/schema/shopper-reminders";
import { emailOutbox, userRoles } from "~db/schema/store";
import { sendBackInStockEmails } from "~/modules/catalog/back-in-stock.server";
import { submitCustomRequest } from "~/modules/custom-requests/custom-requests.server";
import type { CustomRequestInput } from "~/modules/custom-requests/custom-request.schema";
import { staffAlertRecipients } from "~/modules/email/admin-alerts.server";
import { createEmailTransport } from "~/modules/email/email-transport.server";
import { changeOrderStatus } from "~/modules/orders/order-status.server";
import { sendDueReviewInvitations } from "~/modules/reviews/review-invitations.server";
import { getStoreSettings, saveStoreSettings } from "~/modules/settings/settings.server";
import { action as backInStockAction, type BackInStockResult } from "~/routes/api/back-in-stock";
import { action as preferencesAction, loader as preferencesLoader } from "~/routes/storefront/email-preferences";
import { createProduct, variantOf } from "../factories/catalog";
import { createOrder } from "../factories/orders";
import { createAdmin } from "../factories/users";
import { TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { routeAnswer, samePost } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";

const SECRET = "test-secret-that-is-long-enough-0123456789";
const DAY = 24 * 60 * 60_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

/**
 * Bringing shoppers back (docs/product-rules.md §13 "Bringing shoppers back"): the invitation to review after delivery,
 * "tell me when it is back", staff hearing of custom requests, and the sender's name.
 */
describeWithDatabase("shopper reminders", (database) => {
  beforeEach(async () => {
    const db = database.db;
    await db.delete(emailOutbox);
    await db.delete(orders);
    await db.delete(reviewInvitations);
    await db.delete(emailOptOuts);
    await db.delete(backInStockRequests);
    await db.delete(userRoles);
    await db.execute(sql`delete from rate_limits where key like 'back-in-stock:%'`);
    await saveStoreSettings(db, { reviewInvitationDays: 3, storeName: "Ahenfie", contactEmail: "hello@ahenfie.com" });
  });

  const outbox = (kind: string) => database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind)).orderBy(emailOutbox.id);

  /** An order of two pieces, delivered now (its history says so), by `email`. */
  async function deliveredOrder(email: string, options: { paymentStatus?: string } = {}) {
    const db = database.db;
    const kaftan = await createProduct(db, { name: "Royal Kente Kaftan" });
    const suit = await createProduct(db, { name: "Osu Linen Suit" });
    const order = await createOrder(db, {
      customerName: "Ama Mensah",
      customerEmail: email,
      orderStatus: "shipped",
      paymentStatus: options.paymentStatus ?? "paid",
      createdAt: daysFromNow(-2),
      items: [
        { productId: kaftan.id, name: kaftan.name },
        { productId: suit.id, name: suit.name },
        { productId: kaftan.id, name: kaftan.name, size: "L" },
      ],
    });
    await changeOrderStatus(db, order.id, "delivered", "admin");
    return { order, kaftan, suit };
  }

  it("invites once, the set days after delivery, with a link to each piece's review form", async () => {
    const db = database.db;
    const { order, kaftan, suit } = await deliveredOrder("ama@example.com");

    // Not before the delay: two days on, nothing.
    expect(await sendDueReviewInvitations(db, { origin: TEST_ORIGIN, secret: SECRET, now: daysFromNow(2) })).toBe(0);
    expect(await outbox("review-invitation")).toHaveLength(0);

    expect(await sendDueReviewInvitations(db, { origin: TEST_ORIGIN, secret: SECRET, now: daysFromNow(3.1) })).toBe(1);
    const [email] = await outbox("review-invitation");
    expect(email!.toAddress).toBe("ama@example.com");
    expect(email!.subject).toBe("How are your pieces from Ahenfie?");
    expect(email!.text).toContain(`Your order ${order.orderNumber} reached you a few days ago.`);
    expect(email!.text).toContain(`Review Royal Kente Kaftan: ${TEST_ORIGIN}/product/${kaftan.id}/review`);
    expect(email!.text).toContain(`Review Osu Linen Suit: ${TEST_ORIGIN}/product/${suit.id}/review`);
    // Each piece once, though the kaftan was bought in two sizes.
    expect(email!.text.match(/Review Royal Kente Kaftan/g)).toHaveLength(1);
    expect(email!.html).toContain(`href="${TEST_ORIGIN}/product/${suit.id}/review"`);

    // Never twice: later rounds, and two rounds at once, send nothing more.
    const again = await Promise.all([
      sendDueReviewInvitations(db, { origin: TEST_ORIGIN, secret: SECRET, now: daysFromNow(4) }),
      sendDueReviewInvitations(db, { origin: TEST_ORIGIN, secret: SECRET, now: daysFromNow(4) }),
    ]);
    expect(again).toEqual([0, 0]);
    expect(await outbox("review-invitation")).toHaveLength(1);
  });

  it("invites nobody for an order cancelled or refunded, nor when the setting is 0, nor long-past deliveries", async () => {
    const db = database.db;
    const { order: cancelled } = await deliveredOrder("kofi@example.com");
    await changeOrderStatus(db, cancelled.id, "cancelled", "admin");
    await deliveredOrder("efua@example.com", { paymentStatus: "refunded" });
    await deliveredOrder("yaw@example.com", { paymentStatus: "partially_refunded" });
    expect(await sendDueReviewInvitations(db, { origin: TEST_ORIGIN, secret: SECRET, now: daysFromNow(4) })).toBe(0);

    await deliveredOrder("abena@example.com");
    await saveStoreSettings(db, { reviewInvitationDays: 0 });
    expect(await sendDueReviewInvitations(db, { origin: TEST_ORIGIN, secret: SECRET, now: daysFromNow(4) })).toBe(0);
    await saveStoreSettings(db, { reviewInvitationDays: 3 });
    // Delivered over 30 days before the invitation was due: left alone.
    expect(await sendDueReviewInvitations(db, { origin: TEST_ORIGIN, secret: SECRET, now: daysFromNow(40) })).toBe(0);
    expect(await outbox("review-invitation")).toHaveLength(0);
    // In time, it goes.
    expect(await sendDueReviewInvitations(db, { origin: TEST_ORIGIN, secret: SECRET, now: daysFromNow(5) })).toBe(1);
    expect((await outbox("review-invitation")).map((e) => e.toAddress)).toEqual(["abena@example.com"]);
  });

  it("honours the opt-out link, which works without signing in and only with its signature", async () => {
    const db = database.db;
    await deliveredOrder("Kwesi@Example.com");
    await sendDueReviewInvitations(db, { origin: TEST_ORIGIN, secret: SECRET, now: daysFromNow(3.5) });
    const [first] = await outbox("review-invitation");
    const link = /No more invitations to review: (\S+)/.exec(first!.text)![1]!;
    expect(link.startsWith(`${TEST_ORIGIN}/email-preferences?`)).toBe(true);
    const token = new URL(link).searchParams.get("token")!;
    const context = testLoadContext(database);

    // Opening the link changes nothing; a token altered by one character is refused.
    const asked = await routeAnswer(preferencesLoader, { request: new Request(link), context });
    expect(asked.body).toMatchObject({ state: "asking", email: "kwesi@example.com" });
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const refused = await routeAnswer(preferencesAction, {
      request: samePost("/email-preferences", new URLSearchParams({ token: forged })),
      context,
    });
    expect(refused.body).toEqual({ state: "invalid" });
    expect(await db.select().from(emailOptOuts)).toHaveLength(0);

    const stopped = await routeAnswer(preferencesAction, {
      request: samePost("/email-preferences", new URLSearchParams({ token })),
      context,
    });
    expect(stopped.body).toEqual({ state: "stopped" });

    // Their next delivered order is settled without an email.
    await db.delete(emailOutbox);
    await deliveredOrder("kwesi@example.com");
    expect(await sendDueReviewInvitations(db, { origin: TEST_ORIGIN, secret: SECRET, now: daysFromNow(3.5) })).toBe(0);
    expect(await outbox("review-invitation")).toHaveLength(0);
    expect((await db.select().from(reviewInvitations)).map((r) => r.emailed).sort()).toEqual([false, true]);
  });

  let ip = 0;
  async function signUp(fields: Record<string, string>, clientIp = `10.45.0.${++ip}`) {
    const context = testLoadContext(database, { clientIp });
    const answer = await routeAnswer(backInStockAction, {
      request: samePost("/api/back-in-stock", new URLSearchParams(fields)),
      context,
    });
    return { status: answer.status, body: answer.body as BackInStockResult };
  }

  it("keeps one sign-up per address and sold-out size, refuses bad input and sizes in stock, and is rate limited", async () => {
    const db = database.db;
    const product = await createProduct(db, {
      name: "Emerald Agbada",
      colors: [{ name: "Emerald", hex: "#0f6b4f" }],
      variantStock: { "Emerald|XL": 0 },
    });
    const fields = { productId: String(product.id), color: "Emerald", size: "XL" };

    expect(await signUp({ ...fields, email: "not-an-email" })).toMatchObject({
      status: 400,
      body: { ok: false, error: "Please enter a valid email address." },
    });
    expect(await signUp({ ...fields, size: "M", email: "ama@example.com" })).toMatchObject({
      status: 409,
      body: { ok: false, error: "Emerald, M is in stock again: reload the page to add it to your cart." },
    });
    expect(await signUp({ ...fields, size: "XXXL", email: "ama@example.com" })).toMatchObject({ status: 404 });

    expect(await signUp({ ...fields, email: "ama@example.com" })).toEqual({
      status: 200,
      body: { ok: true, message: "Thank you. We will email you once when Emerald, XL is back." },
    });
    // The same address again, in another case: the same answer, still one request.
    expect((await signUp({ ...fields, email: "AMA@example.com" })).status).toBe(200);
    expect(await db.select().from(backInStockRequests)).toHaveLength(1);

    // Ten sign-ups an hour from one connection, then 429.
    for (let i = 0; i < 10; i++) expect((await signUp({ ...fields, email: `visitor${i}@example.com` }, "10.99.0.1")).status).toBe(200);
    const limited = await signUp({ ...fields, email: "visitor10@example.com" }, "10.99.0.1");
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ ok: false, error: expect.stringContaining("Too many sign-ups") });
    expect(await db.select().from(backInStockRequests)).toHaveLength(11);
  });

  it("emails each waiting address once when the size has stock again, never while it is 0", async () => {
    const db = database.db;
    const product = await createProduct(db, { name: "Midnight Kaftan", variantStock: { "|L": 0 } });
    await signUp({ productId: String(product.id), size: "L", email: "kojo@example.com" });
    await signUp({ productId: String(product.id), size: "L", email: "esi@example.com" });

    expect(await sendBackInStockEmails(db, { origin: TEST_ORIGIN })).toBe(0);
    expect(await outbox("back-in-stock")).toHaveLength(0);

    const variant = await variantOf(db, product.id, "L");
    await db.update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, variant.id));
    const rounds = await Promise.all([
      sendBackInStockEmails(db, { origin: TEST_ORIGIN }),
      sendBackInStockEmails(db, { origin: TEST_ORIGIN }),
    ]);
    expect(rounds[0] + rounds[1]).toBe(2);
    const emails = await outbox("back-in-stock");
    expect(emails.map((e) => e.toAddress).sort()).toEqual(["esi@example.com", "kojo@example.com"]);
    expect(emails[0]!.subject).toBe("Back in stock: Midnight Kaftan (L)");
    expect(emails[0]!.text).toContain(`See Midnight Kaftan: ${TEST_ORIGIN}/product/${product.id}`);

    // Sold out and back again: they asked once, they hear once.
    await db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, variant.id));
    await db.update(productVariants).set({ stock: 2 }).where(eq(productVariants.id, variant.id));
    expect(await sendBackInStockEmails(db, { origin: TEST_ORIGIN })).toBe(0);
    expect(await outbox("back-in-stock")).toHaveLength(2);
  });

  it("sends custom-request alerts to the staff, and to the contact address once the owner set one", async () => {
    const db = database.db;
    // No admin yet: the contact address, whatever it is, so the request is not lost.
    expect(await staffAlertRecipients(db, "hello@ahenfie.com")).toEqual(["hello@ahenfie.com"]);
    const owner = await createAdmin(db, { email: "owner@tailors.example" });
    const tailor = await createAdmin(db, { email: "tailor@tailors.example" });
    // The sample address is nobody's inbox: the admins alone.
    expect((await staffAlertRecipients(db, "hello@ahenfie.com")).sort()).toEqual([owner.email, tailor.email].sort());

    await saveStoreSettings(db, { contactEmail: "Workshop@Tailors.example" });
    const settings = await getStoreSettings(db);
    const input = {
      name: "Kwame Asante",
      email: "kwame@example.com",
      phone: "+233 24 555 0199",
      garmentType: "Agbada",
      occasion: null,
      dateNeeded: null,
      budget: "2500-5000",
      notes: null,
      measurements: null,
    } as unknown as CustomRequestInput;
    await submitCustomRequest(db, input, [], {
      storeName: settings.storeName,
      origin: TEST_ORIGIN,
      currency: "GHS",
      shopEmail: settings.contactEmail,
      today: "2026-12-03",
      userId: null,
    });
    const alerts = await outbox("custom-request-alert");
    expect(alerts.map((e) => e.toAddress).sort()).toEqual([owner.email, tailor.email, "Workshop@Tailors.example"].sort());
    // An admin who is also the contact address hears once.
    expect(await staffAlertRecipients(db, "OWNER@tailors.example")).toHaveLength(2);
  });

  it("writes every email from the store's current name", async () => {
    const db = database.db;
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "sender-name-"));
    try {
      const transport = createEmailTransport({
        from: '"Ahenfie" <hello@ahenfie.com>',
        outboxDir,
        senderName: async () => (await getStoreSettings(db)).storeName,
      });
      const email = { to: "ama@example.com", subject: "Hello", html: "<p>Hi</p>", text: "Hi", kind: "test" };
      const read = async (location: string | undefined) => fs.readFileSync(location!, "utf8");

      expect(await read((await transport.send(email)).location)).toContain("From: Ahenfie <hello@ahenfie.com>");
      await saveStoreSettings(db, { storeName: "Ahenfie Tailoring House" });
      expect(await read((await transport.send(email)).location)).toContain("From: Ahenfie Tailoring House <hello@ahenfie.com>");
      transport.close();
    } finally {
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});
