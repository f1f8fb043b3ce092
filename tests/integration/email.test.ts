import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { claimDueEmails, MAX_ATTEMPTS, queueEmail, recentEmails, retryDelayMs } from "~/modules/email/email-outbox.server";
import { renderEmail } from "~/modules/email/email-templates.server";
import { createEmailTransport } from "~/modules/email/email-transport.server";
import { deliverDueEmails } from "~/modules/email/email-worker.server";
import { emailOutbox } from "~db/schema/store";
import { silentLog } from "../setup/load-context";
import { describeWithDatabase } from "../setup/test-database";
import { startSmtpTestServer } from "../setup/smtp-test-server";

const email = (n: number) => ({
  to: `customer${n}@example.com`,
  subject: `Your order ORD-00000${n}`,
  kind: "order-confirmation",
  ...renderEmail({ storeName: "Ahenfie", preheader: "Thank you", heading: `Order ${n}`, paragraphs: ["Thank you for your order."] }),
});

describeWithDatabase("email outbox", (database) => {
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
    smtp.failNext(0);
  });

  it("sends each message exactly once when two workers race", async () => {
    for (let n = 1; n <= 6; n++) await queueEmail(database.db, email(n));
    const transport = createEmailTransport({ smtpUrl: smtp.url, from: "shop@example.com", outboxDir: "/nonexistent" });
    const [a, b] = await Promise.all([
      deliverDueEmails(database.db, transport, silentLog, 2),
      deliverDueEmails(database.db, transport, silentLog, 2),
    ]);
    transport.close();
    expect(a + b).toBe(6);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `customer${n}@example.com`).sort());
    const rows = await recentEmails(database.db);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1 && r.sentAt)).toBe(true);
  });

  it("marks a message sent once the database is back, when it went away between sending and marking: never sent twice", async () => {
    const id = await queueEmail(database.db, email(9));
    const transport = createEmailTransport({ smtpUrl: smtp.url, from: "shop@example.com", outboxDir: "/nonexistent" });
    // The database goes away just after the message left: its "sent" cannot be written.
    let away = true;
    const flaky = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === "update" && away) {
          away = false;
          return () => {
            throw new Error("Connection terminated unexpectedly");
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const unmarked = new Set<number>();
    await expect(deliverDueEmails(flaky, transport, silentLog, 10, unmarked)).rejects.toThrow("Connection terminated");
    expect([...unmarked]).toEqual([id]);
    expect(smtp.received).toHaveLength(1);
    // Next round: marked first, not claimed again (nor counted as a failure to retry).
    expect(await deliverDueEmails(database.db, transport, silentLog, 10, unmarked)).toBe(0);
    transport.close();
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row!.status).toBe("sent");
    expect(unmarked.size).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it("retries with backoff when the SMTP server fails, and sends when it is back", async () => {
    const id = await queueEmail(database.db, email(7));
    const transport = createEmailTransport({ smtpUrl: smtp.url, from: "shop@example.com", outboxDir: "/nonexistent" });
    smtp.failNext(1);
    expect(await deliverDueEmails(database.db, transport, silentLog)).toBe(0);
    let [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row!.status).toBe("retrying");
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toContain("Temporary local problem");
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not due yet: nothing happens.
    expect(await deliverDueEmails(database.db, transport, silentLog)).toBe(0);
    expect(smtp.received).toHaveLength(0);

    // Time passes; the server is back.
    await database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, id));
    expect(await deliverDueEmails(database.db, transport, silentLog)).toBe(1);
    transport.close();
    [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row!.status).toBe("sent");
    expect(row!.attempts).toBe(2);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.raw).toContain("Subject: Your order ORD-000007");
  });

  it("gives up after the last attempt and keeps the error", async () => {
    const id = await queueEmail(database.db, email(8));
    await database.db
      .update(emailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(emailOutbox.id, id));
    const transport = createEmailTransport({ smtpUrl: smtp.url, from: "shop@example.com", outboxDir: "/nonexistent" });
    smtp.failNext(1);
    await deliverDueEmails(database.db, transport, silentLog);
    transport.close();
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row!.status).toBe("failed");
    expect(row!.attempts).toBe(MAX_ATTEMPTS);
  });

  it("takes back a message whose worker died mid-send once its lease runs out", async () => {
    await queueEmail(database.db, email(9));
    const [claimed] = await claimDueEmails(database.db, 10, 60_000);
    expect(claimed).toBeDefined();
    expect(await claimDueEmails(database.db)).toEqual([]);
    await database.db.update(emailOutbox).set({ lockedUntil: sql`now() - interval '1 second'` });
    const [again] = await claimDueEmails(database.db);
    expect(again?.id).toBe(claimed!.id);
    expect(again?.attempts).toBe(2);
  });

  it("writes .eml files to the outbox folder when no SMTP server is configured", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    await queueEmail(database.db, email(10));
    const transport = createEmailTransport({ from: '"Ahenfie" <hello@ahenfie.com>', outboxDir: dir });
    expect(transport.kind).toBe("files");
    expect(await deliverDueEmails(database.db, transport, silentLog)).toBe(1);
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/order-confirmation-customer10@example\.com\.eml$/);
    const eml = fs.readFileSync(path.join(dir, files[0]!), "utf8");
    expect(eml).toContain("Subject: Your order ORD-0000010");
    expect(eml).toContain("To: customer10@example.com");
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("email templates and backoff", () => {
  it("renders HTML and text with the store name, escaping what customers typed", () => {
    const { html, text } = renderEmail({
      storeName: "Ahenfie",
      preheader: "Verify",
      heading: "Welcome, <Kofi>",
      paragraphs: ["Please confirm your email."],
      button: { label: "Verify email", url: "https://shop.example/verify?token=a&b=c" },
    });
    expect(html).toContain("Welcome, &#60;Kofi&#62;");
    expect(html).not.toContain("<Kofi>");
    expect(html).toContain('href="https://shop.example/verify?token=a&#38;b=c"');
    expect(text).toContain("AHENFIE");
    expect(text).toContain("Verify email: https://shop.example/verify?token=a&b=c");
  });

  it("backs off 30 s, 1 min, 2 min… up to an hour", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });
});
