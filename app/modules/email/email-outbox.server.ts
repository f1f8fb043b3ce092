import { and, desc, eq, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { queryRows, type Db } from "~db/client";
import { emailOutbox } from "~db/schema/store";
import { inboxOf } from "./inbox";

/**
 * The email outbox. A change that causes an email queues it with `queueEmail` inside its own
 * transaction, so the email exists exactly when the change does; the worker
 * (email-worker.server.ts) delivers it later, with retries. Several workers, in one process
 * or many, can poll the same table: each row is claimed by one of them (SKIP LOCKED).
 */
export const MAX_ATTEMPTS = 8;
/** How long a claimed message stays reserved before another worker may try it again. */
export const CLAIM_LEASE_MS = 5 * 60_000;

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What caused it: "order-confirmation", "verify-email", "password-reset"... */
  kind: string;
}

export interface ClaimedEmail extends OutgoingEmail {
  id: number;
  attempts: number;
}

/**
 * The throttle (docs/product-rules.md §10): at most this many emails to one inbox in any minute.
 * More are not dropped but scheduled later, one slot after another, so an order (and its
 * email) is never lost to it and a flood reaches the inbox at this pace at most.
 */
export const EMAILS_PER_INBOX_PER_MINUTE = 3;
const THROTTLE_WINDOW_SECONDS = 60;

/**
 * The mail anyone can make the shop send to any address by typing it into a form: throttled.
 * Mail that follows from what staff or a payment did (status changes, receipts, alerts to
 * staff) is not: it cannot be used to flood an inbox, and delaying it helps nobody.
 */
const THROTTLED_KINDS = new Set([
  "order-confirmation",
  "verify-email",
  "password-reset",
  "newsletter-confirmation",
  "custom-request-received",
  "back-in-stock",
]);

/**
 * Queues an email; pass the transaction of the change that causes it. Mail to shoppers is
 * throttled per inbox: its send time is the first moment that keeps every minute at
 * EMAILS_PER_INBOX_PER_MINUTE or fewer (now, or a minute after the third latest one already
 * scheduled). A transaction-scoped advisory lock on the inbox makes concurrent queueings (any
 * instance) take their slots one after the other; it is held until the caller's transaction ends.
 */
export async function queueEmail(db: Db, email: OutgoingEmail): Promise<number> {
  if (!THROTTLED_KINDS.has(email.kind)) {
    const [row] = await db
      .insert(emailOutbox)
      .values({ toAddress: email.to, subject: email.subject, html: email.html, text: email.text, kind: email.kind })
      .returning({ id: emailOutbox.id });
    return row!.id;
  }
  const recipientKey = inboxOf(email.to);
  const queue = async (tx: Pick<Db, "execute" | "insert">) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`email-inbox:${recipientKey}`}, 0))`);
    const earlier = sql`(select e.next_attempt_at from email_outbox e
        where e.recipient_key = ${recipientKey} and e.next_attempt_at > now() - make_interval(secs => ${THROTTLE_WINDOW_SECONDS})
        order by e.next_attempt_at desc offset ${EMAILS_PER_INBOX_PER_MINUTE - 1} limit 1)`;
    const [row] = await tx
      .insert(emailOutbox)
      .values({
        toAddress: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        kind: email.kind,
        recipientKey,
        nextAttemptAt: sql`greatest(now(), coalesce(${earlier} + make_interval(secs => ${THROTTLE_WINDOW_SECONDS}), now()))`,
      })
      .returning({ id: emailOutbox.id });
    return row!.id;
  };
  // Inside the caller's transaction the lock lasts until it ends; alone, in a transaction of its own.
  return db instanceof PgTransaction ? queue(db) : db.transaction(queue);
}

/**
 * Claims up to `limit` messages that are due: new ones, ones waiting for a retry, and ones
 * whose lease ran out (their worker died mid-send). Each claim counts as an attempt.
 */
export async function claimDueEmails(db: Db, limit = 10, leaseMs = CLAIM_LEASE_MS): Promise<ClaimedEmail[]> {
  const rows = await queryRows<{
    id: number;
    to_address: string;
    subject: string;
    html: string;
    text: string;
    kind: string;
    attempts: number;
  }>(
    db,
    sql`update email_outbox set status = 'sending', attempts = attempts + 1,
          locked_until = now() + make_interval(secs => ${leaseMs / 1000})
        where id in (
          select id from email_outbox
          where (status in ('pending', 'retrying') and next_attempt_at <= now())
             or (status = 'sending' and locked_until < now())
          order by id
          limit ${limit}
          for update skip locked)
        returning id, to_address, subject, html, text, kind, attempts`,
  );
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    html: r.html,
    text: r.text,
    kind: r.kind,
    attempts: r.attempts,
  }));
}

export async function markEmailSent(db: Db, id: number): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "sending")));
}

/** Backoff before attempt n+1: 30 s, 1 min, 2 min… capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 60 * 60_000);
}

/** Records a failed attempt: retried later with backoff, or given up after MAX_ATTEMPTS. */
export async function markEmailFailed(
  db: Db,
  id: number,
  attempts: number,
  error: string,
  now = new Date(),
): Promise<"retrying" | "failed"> {
  const status = attempts >= MAX_ATTEMPTS ? "failed" : "retrying";
  await db
    .update(emailOutbox)
    .set({ status, lockedUntil: null, lastError: error.slice(0, 1_000), nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "sending")));
  return status;
}

/** The newest messages, for the admin Diagnostic page. */
export function recentEmails(db: Db, limit = 20) {
  return db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      kind: emailOutbox.kind,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}
