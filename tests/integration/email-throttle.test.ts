import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { EMAILS_PER_INBOX_PER_MINUTE, queueEmail } from "~/modules/email/email-outbox.server";
import { renderEmail } from "~/modules/email/email-templates.server";
import { createEmailTransport } from "~/modules/email/email-transport.server";
import { deliverDueEmails } from "~/modules/email/email-worker.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { orders } from "~db/schema/orders";
import { emailOutbox } from "~db/schema/store";
import { createProduct } from "../factories/catalog";
import { silentLog, TEST_ORIGIN } from "../setup/load-context";
import { describeWithDatabase } from "../setup/test-database";
import { startSmtpTestServer } from "../setup/smtp-test-server";

/**
 * The per-inbox throttle (docs/product-rules.md §10): mail anyone can cause (order confirmations,
 * sign-up and reset links…) reaches one inbox at most 3 times in any minute; more is delayed, not
 * lost, and the order behind it is never refused for it.
 */
const email = (to: string, n: number, kind = "order-confirmation") => ({
  to,
  subject: `Your order ORD-00000${n}`,
  kind,
  ...renderEmail({ storeName: "Ahenfie", preheader: "Thank you", heading: `Order ${n}`, paragraphs: ["Thank you for your order."] }),
});

describeWithDatabase("email throttle", (database, driver) => {
  let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  beforeEach(async () => {
    await database.db.delete(emailOutbox);
    smtp.received.length = 0;
  });

  const deliver = async () => {
    const transport = createEmailTransport({ smtpUrl: smtp.url, from: "shop@example.com", outboxDir: "/nonexistent" });
    try {
      return await deliverDueEmails(database.db, transport, silentLog);
    } finally {
      transport.close();
    }
  };
  /** As if a minute had passed: every scheduled time moves a minute earlier. */
  const aMinuteLater = () => database.db.execute(sql`update email_outbox set next_attempt_at = next_attempt_at - interval '61 seconds'`);

  it("the 4th order confirmation to one inbox within a minute waits a minute and is then sent; every order is placed", async () => {
    const product = await createProduct(database.db, { name: "Kente Stole", stock: 50 });
    const spellings = ["victim@example.com", "Victim@Example.com", "victim+1@example.com", "victim+2@example.com"];
    for (const [n, to] of spellings.entries())
      await placeOrder(
        database.db,
        {
          email: to,
          name: "Someone Else",
          phone: "+233 24 000 0000",
          address: "1 Somewhere, Accra",
          country: "GH",
          region: "GH-AA",
          paymentMethod: "pay_on_delivery",
          notes: null,
          items: [{ productId: product.id, colorIndex: null, size: "M", quantity: 1, measurements: null }],
          idempotencyKey: `email-throttle-${n}-${Date.now()}`,
        },
        { userId: null, origin: TEST_ORIGIN, storeName: "Ahenfie" },
      );
    expect(await database.db.select({ id: orders.id }).from(orders).where(eq(orders.customerName, "Someone Else"))).toHaveLength(4);

    const queued = await database.db
      .select({ to: emailOutbox.toAddress, at: emailOutbox.nextAttemptAt })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "order-confirmation"))
      .orderBy(emailOutbox.id);
    expect(queued).toHaveLength(4);
    const delay = queued[3]!.at.getTime() - queued[0]!.at.getTime();
    console.log(`${driver}: 4th confirmation to one inbox scheduled ${(delay / 1000).toFixed(1)} s after the 1st`);
    expect(delay).toBeGreaterThanOrEqual(60_000);

    expect(await deliver()).toBe(EMAILS_PER_INBOX_PER_MINUTE);
    const inbox = () => smtp.received.map((m) => m.to[0]!.toLowerCase());
    expect(inbox()).toEqual(spellings.slice(0, 3).map((s) => s.toLowerCase()));
    await aMinuteLater();
    expect(await deliver()).toBe(1);
    expect(inbox()).toEqual(spellings.map((s) => s.toLowerCase()));
  });

  it(`${driver}: 12 confirmations queued at once to one inbox: never more than 3 in any minute, none lost`, async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, n) => database.db.transaction((tx) => queueEmail(tx, email("flooded@example.com", n)))),
    );
    const times = (await database.db.select({ at: emailOutbox.nextAttemptAt }).from(emailOutbox)).map((r) => r.at.getTime()).sort();
    expect(times).toHaveLength(12);
    for (let i = 0; i + EMAILS_PER_INBOX_PER_MINUTE < times.length; i++)
      expect(times[i + EMAILS_PER_INBOX_PER_MINUTE]! - times[i]!).toBeGreaterThanOrEqual(60_000);
    console.log(`${driver}: 12 at once → last scheduled ${((times[11]! - times[0]!) / 60_000).toFixed(1)} min after the first`);
    let sent = 0;
    for (let minute = 0; minute < 4; minute++) {
      const now = await deliver();
      expect(now).toBeLessThanOrEqual(EMAILS_PER_INBOX_PER_MINUTE);
      sent += now;
      await aMinuteLater();
    }
    expect(sent).toBe(12);
  });

  it("mail staff cause (status changes) and alerts to staff are not held back, nor are other inboxes", async () => {
    for (let n = 0; n < 4; n++) await queueEmail(database.db, email("busy@example.com", n));
    await queueEmail(database.db, email("busy@example.com", 9, "order-shipped"));
    await queueEmail(database.db, email("owner@example.com", 10, "new-order-alert"));
    await queueEmail(database.db, email("someone.else@example.com", 11));
    expect(await deliver()).toBe(6);
    expect(smtp.received.map((m) => m.to[0]).filter((to) => to === "busy@example.com")).toHaveLength(4);
  });
});
