import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * One row per user; the role is read on the server for every request that has a session
 * (session-read.server.ts), so a change takes effect at once. Staff roles: owner, manager,
 * staff, accountant (app/modules/auth/capabilities.ts); a suspended member keeps the row with
 * `suspended_at` set and has no staff access until reactivated (decision 047).
 */
export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id").primaryKey(),
    role: text("role").notNull().default("customer"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    /** When the role last changed (invited, promoted, demoted, suspended, reactivated). */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("user_roles_role_idx").on(t.role),
    check("user_roles_role_known", sql`${t.role} in ('owner', 'manager', 'staff', 'accountant', 'customer')`),
  ],
);

/**
 * Invitations to join the staff (Settings → Staff). The emailed link's token is kept only as
 * its SHA-256; a link works once, until `expires_at`, unless revoked. Accepting sets
 * `accepted_at` and `accepted_user_id` under the row's lock.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedUserId: text("accepted_user_id"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("staff_invitations_open_idx")
      .on(t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check("staff_invitations_role_known", sql`${t.role} in ('owner', 'manager', 'staff', 'accountant')`),
  ],
);

/** Key/value store settings (store name, currency, shipping fee, switches...). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Emails are queued here in the transaction that causes them and sent by a worker. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    kind: text("kind").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The inbox it goes to, normalised (inboxOf), for the per-inbox throttle; null when not throttled. */
    recipientKey: text("recipient_key"),
  },
  (t) => [
    index("email_outbox_recipient_idx")
      .on(t.recipientKey, t.nextAttemptAt.desc())
      .where(sql`${t.recipientKey} is not null`),
    index("email_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'retrying')`),
    index("email_outbox_created_idx").on(t.createdAt.desc()),
  ],
);

/**
 * Newsletter sign-ups, confirmed by email (double opt-in): a row counts as a subscriber only
 * once `confirmed_at` is set. Until then it holds the SHA-256 of the emailed link's token (never
 * the token), when that link expires, and how many confirmation emails were sent and when.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    source: text("source").notNull().default("footer"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    confirmationTokenHash: text("confirmation_token_hash"),
    confirmationExpiresAt: timestamp("confirmation_expires_at", { withTimezone: true }),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    confirmationsSent: integer("confirmations_sent").notNull().default(0),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("newsletter_subscribers_token_unique")
      .on(t.confirmationTokenHash)
      .where(sql`${t.confirmationTokenHash} is not null`),
    // Pruning reads the pending rows whose link expired.
    index("newsletter_subscribers_pending_idx")
      .on(t.confirmationExpiresAt)
      .where(sql`${t.confirmedAt} is null`),
  ],
);

/**
 * Fixed-window counters for rate limits (track-order lookups, sign-in attempts…), kept in
 * the database so every instance of the shop counts together.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);
