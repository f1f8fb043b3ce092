import { eq, isNull, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { action as webhookAction } from "~/routes/api/paystack-webhook";
import { deliverDueEmails } from "~/modules/email/email-worker.server";
import { createEmailTransport, type EmailTransport } from "~/modules/email/email-transport.server";
import { JobFailureAlerts } from "~/modules/owner-alerts/job-failures.server";
import { pruneSentOwnerAlerts, sendOwnerAlertDigest } from "~/modules/owner-alerts/owner-alert-digest.server";
import { raiseOwnerAlert } from "~/modules/owner-alerts/owner-alerts.server";
import { refusedWebhookAlerts } from "~/modules/owner-alerts/refused-webhooks.server";
import { applyDisputeEvent } from "~/modules/payments/disputes.server";
import { applyVerifiedTransaction, createPaymentAttempt } from "~/modules/payments/payment-attempts.server";
import { signPaystackBody } from "../support/paystack-stand-in";
import { saveStoreSettings } from "~/modules/settings/settings.server";
import { ownerAlerts } from "~db/schema/operations";
import { emailOutbox } from "~db/schema/store";
import { DatabaseAvailability } from "../../server/database-availability";
import { DatabaseAwayAlert } from "../../server/database-away-alert";
import { startOwnerAlerting } from "../../server/owner-alerting";
import { ServerErrorAlerts } from "../../server/server-error-alerts";
import { createOrder } from "../factories/orders";
import { createAdmin } from "../factories/users";
import { silentLog, TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { routeAnswer } from "../setup/route-answer";
import { startSmtpTestServer } from "../setup/smtp-test-server";
import { describeWithDatabase } from "../setup/test-database";

/**
 * Issue 43's "Alerts" test: a forced failure of each kind reaches the owner as ONE digest email
 * through a real SMTP server, not one per error; the next waits 15 minutes after the last on the
 * test's clock; several instances sending at once send one; the database away is emailed once.
 */
describeWithDatabase("owner alerts", (database, driver) => {
  const secretKey = "sk_test_owneralerts_0123456789";
  const minute = 60_000;
  let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
  let transport: EmailTransport;
  /** The test's clock: every alert and digest is stamped by it. */
  let now: Date;
  const at = (minutes: number) => new Date(now.getTime() + minutes * minute);

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    transport = createEmailTransport({ smtpUrl: smtp.url, from: "Ahenfie <shop@ahenfie.test>", outboxDir: "/nonexistent" });
    await createAdmin(database.db, { email: "owner@ahenfie.test", name: "Ama Owner" });
    await createAdmin(database.db, { email: "manager@ahenfie.test", name: "Kofi Manager" });
  });
  afterAll(async () => {
    transport?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await database.db.delete(ownerAlerts);
    await database.db.delete(emailOutbox);
    await saveStoreSettings(database.db, { alertEmail: "" });
    smtp.received.length = 0;
    now = new Date(Date.UTC(2026, 11, 2, 9, 0));
  });

  /** Sends what the outbox holds through the SMTP server; returns the messages received meanwhile. */
  async function deliver() {
    const before = smtp.received.length;
    await deliverDueEmails(database.db, transport, silentLog);
    return smtp.received.slice(before);
  }

  const webhookContext = (): AppLoadContext => {
    const base = testLoadContext(database, { clientIp: "203.0.113.9" });
    return { ...base, config: { ...base.config, paystack: { secretKey, publicKey: "pk_test_owneralerts", apiUrl: "http://127.0.0.1:9" } } };
  };
  const postWebhook = (body: string, signature: string) =>
    routeAnswer(webhookAction, {
      request: new Request(`${TEST_ORIGIN}/api/webhooks/paystack`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-paystack-signature": signature },
        body,
      }),
      context: webhookContext(),
    });

  async function cardOrder(amount: number) {
    const order = await createOrder(database.db, { totalAmount: amount, paymentMethod: "card", paymentStatus: "pending" });
    const attempt = await createPaymentAttempt(database.db, { orderId: order.id, amount, currency: "GHS", channel: "card" });
    return { order, attempt };
  }

  const verified = (amount: number) => ({
    status: "success" as const,
    amount,
    currency: "GHS",
    channel: "card",
    paidAt: now,
    fees: 100,
    card: { brand: "visa", last4: "4081" },
    mobileMoney: null,
    gatewayResponse: "Approved",
  });

  it("a failure of each kind within 15 minutes reaches the owner as one digest email, not one per error", async () => {
    // 7 server errors in 3 minutes on this instance: one burst.
    const serverErrors = new ServerErrorAlerts({ db: database.db, log: silentLog, now: () => now });
    for (let i = 0; i < 7; i++) {
      now = new Date(now.getTime() + 25_000);
      serverErrors.record(i === 0 ? "/checkout" : "/collections/kaftans", `req-${i}`);
    }
    await serverErrors.flush();
    // 2 refused webhooks: a forged signature, and a signed body that is not an event.
    expect((await postWebhook(JSON.stringify({ event: "charge.success", data: {} }), "0".repeat(128))).status).toBe(401);
    const unreadable = "not json at all";
    expect((await postWebhook(unreadable, signPaystackBody(unreadable, secretKey))).status).toBe(400);
    await refusedWebhookAlerts(database.db).flush();
    // A payment for another amount, and a dispute.
    const mismatched = await cardOrder(40_000);
    expect(
      await applyVerifiedTransaction(database.db, mismatched.attempt.reference, verified(4_000), { origin: "https://shop.example" }),
    ).toBe("mismatch");
    const disputed = await cardOrder(55_000);
    await applyVerifiedTransaction(database.db, disputed.attempt.reference, verified(55_000), { origin: "https://shop.example" });
    const dispute = {
      id: "DSP-4401",
      amount: 55_000,
      currency: "GHS",
      status: "awaiting-merchant-feedback",
      resolution: null,
      category: "chargeback",
      transactionReference: disputed.attempt.reference,
      dueAt: at(3 * 24 * 60),
      resolvedAt: null,
      updatedAt: now,
      message: "I did not receive the agbada",
    };
    expect(await applyDisputeEvent(database.db, "charge.dispute.create", dispute, { origin: "https://shop.example" })).toBe("opened");
    // A job failing every round for 10 minutes: one alert counting every failure.
    const jobs = new JobFailureAlerts({ db: database.db, log: silentLog, now: () => now });
    for (let i = 0; i < 10; i++) jobs.failed("payment hold round failed", new Error("Paystack answered 500"));
    await jobs.flush();
    // (The customer's receipt and the staff's dispute note emails are other mail: only the digest is looked at.)
    await database.db.delete(emailOutbox);

    const outcome = await sendOwnerAlertDigest(database.db, { now: at(1), origin: "https://shop.example" });
    expect(outcome).toMatchObject({ sent: true, alerts: 6 });
    const received = await deliver();
    // One email per admin, the same digest: nobody gets one per error.
    expect(received.map((m) => m.to).sort()).toEqual([["manager@ahenfie.test"], ["owner@ahenfie.test"]]);
    const { subject, text } = readMail(received[0]!.raw);
    expect(subject).toBe(
      "Ahenfie: 21 alerts — 7 server errors, 10 background job failures, 2 refused webhooks, 1 payment that does not match, 1 payment dispute",
    );
    expect(text).toContain("7 server errors");
    expect(text).toContain("10 background job failures");
    expect(text).toContain("2 refused webhooks");
    expect(text).toContain("1 payment that does not match");
    expect(text).toContain("1 payment dispute");
    expect(text).toContain("7 requests failed with a server error within 5 minutes, the first /checkout (request id req-0)");
    expect(text).toContain("A Paystack webhook from 203.0.113.9 was refused: bad signature");
    expect(text).toContain("Payment hold round failed: Paystack answered 500 (10 times)");
    expect(text).toContain(`Order ${mismatched.order.orderNumber}: Paystack reported`);
    expect(text).toContain(`order ${disputed.order.orderNumber}`);
    expect(text).toContain("Open the order and answer the dispute in the Paystack dashboard");
    expect(text).toContain(`Open the order: https://shop.example/admin/orders?search=${disputed.order.orderNumber}`);
    expect(text).toContain("https://shop.example/admin");
    // Each alert went out once.
    expect(await database.db.select().from(ownerAlerts).where(isNull(ownerAlerts.digestSentAt))).toEqual([]);
  });

  it("the next alert waits until 15 minutes after the last digest, on the test's clock", async () => {
    await raiseOwnerAlert(database.db, { kind: "job-failed", message: "Email given up after its last attempt.", occurredAt: now });
    expect(await sendOwnerAlertDigest(database.db, { now, origin: TEST_ORIGIN })).toMatchObject({ sent: true, alerts: 1 });
    expect(await deliver()).toHaveLength(2);

    await raiseOwnerAlert(database.db, { kind: "webhook-refused", message: "A webhook was refused: bad signature.", occurredAt: at(2) });
    for (const minutes of [2, 5, 14]) {
      expect(await sendOwnerAlertDigest(database.db, { now: at(minutes), origin: TEST_ORIGIN })).toEqual({
        sent: false,
        reason: "too-soon",
      });
    }
    expect(await deliver()).toHaveLength(0);
    await raiseOwnerAlert(database.db, {
      kind: "webhook-refused",
      message: "A webhook was refused: unreadable event.",
      occurredAt: at(10),
    });
    expect(await sendOwnerAlertDigest(database.db, { now: at(15), origin: TEST_ORIGIN })).toMatchObject({ sent: true, alerts: 2 });
    const second = await deliver();
    expect(second).toHaveLength(2);
    expect(readMail(second[0]!.raw).text).toContain("2 refused webhooks, first at");
    // Nothing new: nothing sent.
    expect(await sendOwnerAlertDigest(database.db, { now: at(60), origin: TEST_ORIGIN })).toEqual({
      sent: false,
      reason: "nothing-to-send",
    });
  });

  it("goes to the alert address of Settings → System instead of every admin when one is set", async () => {
    await saveStoreSettings(database.db, { alertEmail: "alerts@ahenfie.test" });
    await raiseOwnerAlert(database.db, { kind: "backup-failed", message: "The daily backup failed: disk full.", occurredAt: now });
    await sendOwnerAlertDigest(database.db, { now, origin: TEST_ORIGIN });
    const received = await deliver();
    expect(received.map((m) => m.to)).toEqual([["alerts@ahenfie.test"]]);
    expect(readMail(received[0]!.raw).text).toContain("Check Settings → System: the last backup, and take one now.");
  });

  it("several instances sending at once send one digest, each alert in it once", async () => {
    for (let i = 0; i < 12; i++) {
      await raiseOwnerAlert(database.db, { kind: "server-errors", message: `Burst ${i}`, details: { count: 5 }, occurredAt: now });
    }
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => sendOwnerAlertDigest(database.db, { now: at(1), origin: TEST_ORIGIN })),
    );
    const sent = outcomes.filter((o) => o.sent);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ alerts: 12 });
    for (const other of outcomes.filter((o) => !o.sent)) expect(["busy", "too-soon"]).toContain((other as { reason: string }).reason);
    const queued = await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "owner-alert-digest"));
    expect(queued).toHaveLength(2);
    expect(queued[0]!.subject).toBe("Ahenfie: 60 alerts — 60 server errors");
  });

  // PostgreSQL only: PGlite has one connection, so no two transactions can overlap there.
  if (driver === "postgres")
    it("an instance finding another one sending skips its turn, and sends on the next round", async () => {
      await raiseOwnerAlert(database.db, { kind: "dispute", message: "A dispute", occurredAt: now });
      // Another instance in the middle of its digest: it holds the digest's lock until its transaction ends.
      let finish!: () => void;
      const held = new Promise<void>((resolve) => (finish = resolve));
      let locked!: () => void;
      const holding = new Promise<void>((resolve) => (locked = resolve));
      const other = database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('owner-alert-digest', 0))`);
        locked();
        await held;
      });
      await holding;
      expect(await sendOwnerAlertDigest(database.db, { now, origin: TEST_ORIGIN })).toEqual({ sent: false, reason: "busy" });
      finish();
      await other;
      expect(await sendOwnerAlertDigest(database.db, { now: at(1), origin: TEST_ORIGIN })).toMatchObject({ sent: true, alerts: 1 });
    });

  it("the database away for over a minute is emailed straight away, once, and the digest later says from when to when", async () => {
    const logged: string[] = [];
    const log = { info: () => {}, warn: (_: object, msg?: string) => logged.push(msg ?? "") };
    const away = new DatabaseAwayAlert({ db: database.db, transport, recipients: () => ["owner@ahenfie.test"], log });
    away.wentAway(now);
    await away.check(at(0.5));
    expect(smtp.received).toHaveLength(0);
    for (const minutes of [1.1, 1.2, 3, 10]) await away.check(at(minutes));
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(["owner@ahenfie.test"]);
    expect(readMail(smtp.received[0]!.raw).text).toContain("the shop's database has not answered");
    // Still away after 15 minutes: a reminder at most every 15 minutes.
    await away.check(at(16.2));
    expect(smtp.received).toHaveLength(2);
    await away.returned(at(20));
    const [alert] = await database.db.select().from(ownerAlerts);
    expect(alert).toMatchObject({ kind: "database-unreachable", details: { minutes: 20 } });
    expect(alert!.message).toMatch(/did not answer from .* to .*about 20 minutes/);
    expect(logged).toEqual([]);
    // A blip of seconds is neither emailed nor alerted.
    away.wentAway(at(30));
    await away.check(at(30.5));
    await away.returned(at(30.6));
    expect(smtp.received).toHaveLength(2);
    expect(await database.db.select().from(ownerAlerts)).toHaveLength(1);
  });

  it("as the server wires it: the database away over a minute emails once, and its return reaches the next digest", async () => {
    // The alerting's timers and clock are the test's; sockets and the database keep real time.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"], now });
    let answering = false;
    const log = { info() {}, warn() {}, error() {} };
    const alerting = startOwnerAlerting({ database, origin: "https://shop.example", transport, log, nudgeEmail() {} });
    const availability = new DatabaseAvailability({
      probe: () => (answering ? Promise.resolve() : Promise.reject(new Error("still away"))),
      log,
      probeIntervalMs: 50,
      onChange: (down, when) => alerting.databaseChanged(down, when),
    });
    try {
      await until(() => alerting.recipients().length === 2);
      availability.notice(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
      await vi.advanceTimersByTimeAsync(55_000);
      expect(smtp.received).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(10_000);
      await until(() => smtp.received.length === 2);
      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(["manager@ahenfie.test", "owner@ahenfie.test"]);
      expect(readMail(smtp.received[0]!.raw).subject).toBe("Ahenfie: the database has not answered since 2 Dec 2026, 09:00 GMT");
      // Still away ten minutes on: no second email.
      await vi.advanceTimersByTimeAsync(10 * minute);
      expect(smtp.received).toHaveLength(2);

      answering = true;
      await until(() => !availability.down);
      await until(async () => (await database.db.select().from(ownerAlerts)).length === 1);
      const [alert] = await database.db.select().from(ownerAlerts);
      expect(alert).toMatchObject({ kind: "database-unreachable", details: { minutes: 11 } });
      expect(alert!.message).toContain("from 2 Dec 2026, 09:00 GMT to 2 Dec 2026, 09:11 GMT");
      // The alert nudges the digest worker: the owner's next digest tells the outage.
      const digests = () => database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "owner-alert-digest"));
      await until(async () => (await digests()).length === 2);
      expect((await digests())[0]!.subject).toBe("Ahenfie: 1 alert — 1 database outage");
    } finally {
      availability.stop();
      await alerting.stop();
      vi.useRealTimers();
    }
  });

  it("a flood of refused webhooks writes one row per reason per minute, counting the rest", async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, () => postWebhook("{}", "f".repeat(128))));
    expect(answers.map((a) => a.status)).toEqual(Array(25).fill(401));
    await refusedWebhookAlerts(database.db).flush();
    const rows = await database.db.select().from(ownerAlerts);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "webhook-refused", details: { reason: "bad signature", sender: "203.0.113.9", count: 25 } });
    expect(rows[0]!.message).toBe("25 Paystack webhooks from 203.0.113.9 were refused: bad signature.");
  });

  it("sent alerts are pruned after 30 days; unsent ones are kept", async () => {
    await raiseOwnerAlert(database.db, { kind: "dispute", message: "old", occurredAt: now });
    await sendOwnerAlertDigest(database.db, { now, origin: TEST_ORIGIN });
    await raiseOwnerAlert(database.db, { kind: "dispute", message: "waiting", occurredAt: at(1) });
    expect(await pruneSentOwnerAlerts(database.db, at(29 * 24 * 60))).toBe(0);
    expect(await pruneSentOwnerAlerts(database.db, at(31 * 24 * 60))).toBe(1);
    expect((await database.db.select().from(ownerAlerts)).map((a) => a.message)).toEqual(["waiting"]);
  });
});

/** Waits (in real time) until `condition` holds. */
async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Quoted-printable (a body, or a Q encoded-word with "_" for spaces) to text, bytes read as UTF-8. */
function fromQuotedPrintable(text: string, underscores = false): string {
  const bytes: number[] = [];
  const source = (underscores ? text.replace(/_/g, " ") : text).replace(/=\r?\n/g, "");
  for (let i = 0; i < source.length; i++) {
    const hex = source[i] === "=" ? /^[0-9A-F]{2}$/i.exec(source.slice(i + 1, i + 3))?.[0] : undefined;
    if (hex) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(source[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** A received message's subject and plain-text body, as a mail program shows them. */
function readMail(raw: string): { subject: string; text: string } {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(head)?.[1] ?? "";
  const subject = subjectLine
    .replace(/\?=\r?\n[ \t]+=\?/g, "?==?")
    .replace(/\r?\n[ \t]+/g, " ")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, word: string) =>
      encoding.toUpperCase() === "B" ? Buffer.from(word, "base64").toString("utf8") : fromQuotedPrintable(word, true),
    );
  // The text/plain part: the first part after its headers (nodemailer writes text before html).
  const body = rest.join("\n\n");
  const plain = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(raw)?.[1] ?? body;
  return { subject, text: fromQuotedPrintable(plain).replace(/\r\n/g, "\n") };
}
