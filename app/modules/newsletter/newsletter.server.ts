import crypto from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";
import { newsletterSubscribers } from "~db/schema/store";
import { queueEmail } from "~/modules/email/email-outbox.server";
import type { RateLimitRule } from "~/modules/rate-limit/rate-limit.server";
import { newsletterConfirmationEmail } from "./newsletter-emails.server";

const HOUR = 60 * 60_000;

/**
 * The newsletter's double opt-in (docs/product-rules.md, Newsletter): a sign-up stores the
 * address unconfirmed and emails a link; only the link confirms it, and only confirmed rows are
 * subscribers. The form answers the same whatever the address's state, so it tells nobody
 * whether an address is subscribed.
 */
export const NEWSLETTER_RULES = {
  /** Sign-ups per client address (any email): the form cannot be used to flood the outbox. */
  perAddress: { limit: 5, windowMs: HOUR } satisfies RateLimitRule,
  /** How long a confirmation link works. */
  linkLifetimeMs: 7 * 24 * HOUR,
  /** An unconfirmed address gets another email at most this often, and this many in all. */
  resendAfterMs: 24 * HOUR,
  maxConfirmationEmails: 3,
  /** An unconfirmed sign-up is deleted this long after its link expired. */
  forgetAfterMs: 30 * 24 * HOUR,
} as const;

export interface NewsletterContext {
  /** The shop's public origin (siteOrigin), for the link. */
  origin: string;
  storeName: string;
}

export const confirmationPath = "/newsletter/confirm";

/** A link's token: 32 random bytes; the database keeps only its SHA-256. */
const newToken = () => crypto.randomBytes(32).toString("base64url");
const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
const seconds = (ms: number) => ms / 1000;

/**
 * Signs an address up: stores it unconfirmed (once, whatever the letter case) and queues the
 * confirmation email in the same transaction. An address already waiting for confirmation gets
 * a fresh link only if its last email is over a day old and it has had fewer than three; a
 * confirmed address gets nothing. Returns whether an email was queued (for the worker's nudge;
 * never shown to the visitor).
 */
export async function subscribeToNewsletter(
  db: Db,
  email: string,
  context: NewsletterContext,
  source = "footer",
): Promise<{ emailed: boolean }> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    // The unique index is on lower(email), which Drizzle's conflict target cannot name.
    await tx.execute(
      sql`insert into newsletter_subscribers (email, source) values (${address}, ${source}) on conflict (lower(email)) do nothing`,
    );
    const token = newToken();
    const { linkLifetimeMs, resendAfterMs, maxConfirmationEmails } = NEWSLETTER_RULES;
    // One statement decides and claims: concurrent sign-ups of one address send one email.
    const claimed = await queryRows<{ id: number }>(
      tx,
      sql`update newsletter_subscribers set
            confirmation_token_hash = ${hashToken(token)},
            confirmation_expires_at = now() + make_interval(secs => ${seconds(linkLifetimeMs)}),
            confirmation_sent_at = now(),
            confirmations_sent = confirmations_sent + 1
          where lower(email) = ${address} and confirmed_at is null
            and confirmations_sent < ${maxConfirmationEmails}
            and (confirmation_sent_at is null or confirmation_sent_at <= now() - make_interval(secs => ${seconds(resendAfterMs)}))
          returning id`,
    );
    if (claimed.length === 0) return { emailed: false };
    const url = `${context.origin}${confirmationPath}?token=${encodeURIComponent(token)}`;
    await queueEmail(tx, newsletterConfirmationEmail({ storeName: context.storeName, to: address, url }));
    return { emailed: true };
  });
}

/** Whether a confirmation link is still good (unused and unexpired), without using it. */
export async function isConfirmationPending(db: Db, token: string): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.confirmationTokenHash, hashToken(token)),
        gt(newsletterSubscribers.confirmationExpiresAt, sql`now()`),
        isNull(newsletterSubscribers.confirmedAt),
      ),
    );
  return Boolean(row);
}

/**
 * Confirms the subscription a link belongs to; the link then stops working. "invalid" for a
 * link that is unknown, expired or already used (the page says the same for all three).
 */
export async function confirmNewsletterSubscription(db: Db, token: string): Promise<"confirmed" | "invalid"> {
  if (!token) return "invalid";
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update newsletter_subscribers set confirmed_at = now(), confirmation_token_hash = null, confirmation_expires_at = null
        where confirmation_token_hash = ${hashToken(token)} and confirmation_expires_at > now() and confirmed_at is null
        returning id`,
  );
  return rows.length ? "confirmed" : "invalid";
}

/** Subscribers: confirmed addresses only. */
export async function countNewsletterSubscribers(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from newsletter_subscribers where confirmed_at is not null`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Deletes sign-ups never confirmed, 30 days after their last link expired: an address nobody
 * confirmed is not kept (the server calls it hourly, with the rate-limit pruning).
 */
export async function pruneUnconfirmedSubscribers(db: Db): Promise<void> {
  await db.execute(
    sql`delete from newsletter_subscribers
        where confirmed_at is null
          and confirmation_expires_at < now() - make_interval(secs => ${seconds(NEWSLETTER_RULES.forgetAfterMs)})`,
  );
}
