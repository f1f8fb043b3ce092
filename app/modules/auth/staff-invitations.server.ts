import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";
import { queueEmail } from "~/modules/email/email-outbox.server";
import { renderEmail } from "~/modules/email/email-templates.server";
import { consumeRateLimit, type RateLimitRule } from "~/modules/rate-limit/rate-limit.server";
import { isStaffRole, ROLE_LABELS, ROLE_SUMMARIES, type StaffRole } from "./capabilities";
import { normalizeEmail } from "./users.server";

/**
 * Invitations to the staff (Settings → Staff, decision 047). The owner names an email and a role;
 * the shop emails a link `/staff-invitation/<token>`: 32 random bytes, kept only as their
 * SHA-256, good for INVITATION_HOURS, once, unless the owner revokes it (or invites the same
 * address again, which revokes the earlier link). Accepting is staff-invitation-accept.server.ts.
 */
export const INVITATION_HOURS = 72;

/** Invitation emails: per owner, and per address (an address is not flooded by any number of owners). */
export const INVITE_LIMITS = {
  perInviter: { limit: 20, windowMs: 60 * 60_000 },
  perAddress: { limit: 3, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

export class InvitationError extends Error {
  override name = "InvitationError";
  constructor(
    message: string,
    readonly code: "invalid-email" | "already-staff" | "rate-limited" | "not-found",
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export function newInvitationToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function invitationTokenHash(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** A token as newInvitationToken writes it: 43 base64url characters. Anything else is never looked up. */
export function isInvitationToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

export function invitationUrl(origin: string, token: string): string {
  return `${origin}/staff-invitation/${token}`;
}

export interface OpenInvitation {
  id: string;
  email: string;
  role: StaffRole;
  invitedBy: string;
  expiresAt: string;
  expired: boolean;
}

/**
 * Invites `email` as `role`: the earlier open invitation of the address is revoked, the new one
 * stored (its token's hash) and its email queued, in one transaction. Refused for an address that
 * is already active staff, and past the rate limits (counted before anything is written).
 */
export async function inviteStaff(
  db: Db,
  input: { email: string; role: StaffRole; invitedBy: { id: string; name: string; email: string }; origin: string; storeName: string },
): Promise<{ id: string; email: string; expiresAt: Date; url: string }> {
  const email = normalizeEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new InvitationError("Enter the email address to invite.", "invalid-email");
  const [member] = await queryRows<{ role: string }>(
    db,
    sql`select ur.role from users u join user_roles ur on ur.user_id = u.id
        where lower(u.email) = ${email} and ur.role in ('owner', 'manager', 'staff', 'accountant') and ur.suspended_at is null
        limit 1`,
  );
  if (member && isStaffRole(member.role))
    throw new InvitationError(
      `${email} is already on the staff (${ROLE_LABELS[member.role]}). Change their role in the list below.`,
      "already-staff",
    );
  for (const [key, rule] of [
    [`staff-invite:by:${input.invitedBy.id}`, INVITE_LIMITS.perInviter],
    [`staff-invite:to:${email}`, INVITE_LIMITS.perAddress],
  ] as const) {
    const limited = await consumeRateLimit(db, key, rule);
    if (!limited.allowed)
      throw new InvitationError(
        `Too many invitations sent. Try again in ${Math.ceil(limited.retryAfterSeconds / 60)} minutes.`,
        "rate-limited",
        limited.retryAfterSeconds,
      );
  }
  const token = newInvitationToken();
  const url = invitationUrl(input.origin, token);
  const expiresAt = new Date(Date.now() + INVITATION_HOURS * 3_600_000);
  const id = await db.transaction(async (tx) => {
    await tx.execute(
      sql`update staff_invitations set revoked_at = now() where lower(email) = ${email} and accepted_at is null and revoked_at is null`,
    );
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into staff_invitations (email, role, token_hash, invited_by, expires_at)
          values (${email}, ${input.role}, ${invitationTokenHash(token)}, ${input.invitedBy.id}, ${expiresAt.toISOString()})
          returning id`,
    );
    await queueEmail(tx, invitationEmail({ storeName: input.storeName, to: email, role: input.role, url, inviter: input.invitedBy }));
    return row!.id;
  });
  return { id, email, expiresAt, url };
}

/** Invitations not yet accepted nor revoked, newest first (expired ones say so). */
export async function listOpenInvitations(db: Db): Promise<OpenInvitation[]> {
  const rows = await queryRows<{ id: string; email: string; role: string; invited_by: string; expires_ms: number; expired: boolean }>(
    db,
    sql`select i.id, i.email, i.role, coalesce(u.name, u.email, '') as invited_by,
               (extract(epoch from i.expires_at) * 1000)::float8 as expires_ms, i.expires_at <= now() as expired
        from staff_invitations i left join users u on u.id = i.invited_by
        where i.accepted_at is null and i.revoked_at is null
        order by i.created_at desc
        limit 100`,
  );
  return rows
    .filter((r) => isStaffRole(r.role))
    .map((r) => ({
      id: r.id,
      email: r.email,
      role: r.role as StaffRole,
      invitedBy: r.invited_by,
      expiresAt: new Date(Number(r.expires_ms)).toISOString(),
      expired: Boolean(r.expired),
    }));
}

/** Revokes an open invitation: its link then shows "revoked". Revoking one already closed changes nothing. */
export async function revokeInvitation(db: Db, id: string): Promise<{ revoked: boolean; email: string }> {
  // One statement, in a transaction for the activity log (decision 049).
  const [row] = await db.transaction((tx) =>
    queryRows<{ email: string; revoked: boolean }>(
      tx,
      sql`with target as (select id, email from staff_invitations where id = ${id}),
             changed as (update staff_invitations set revoked_at = now()
                         where id = ${id} and accepted_at is null and revoked_at is null returning id)
        select t.email, exists (select 1 from changed) as revoked from target t`,
    ),
  );
  if (!row) throw new InvitationError("This invitation no longer exists. Reload the page.", "not-found");
  return { revoked: Boolean(row.revoked), email: row.email };
}

export type InvitationState =
  | { state: "invalid" | "expired" | "used" | "revoked" }
  | { state: "open"; id: string; email: string; role: StaffRole; accountExists: boolean };

/** What the link's page shows: the invitation by its token, and whether its email already has an account. */
export async function readInvitation(db: Db, token: string): Promise<InvitationState> {
  if (!isInvitationToken(token)) return { state: "invalid" };
  const [row] = await queryRows<{
    id: string;
    email: string;
    role: string;
    accepted: boolean;
    revoked: boolean;
    expired: boolean;
    account_exists: boolean;
  }>(
    db,
    sql`select i.id, i.email, i.role, i.accepted_at is not null as accepted, i.revoked_at is not null as revoked,
               i.expires_at <= now() as expired,
               exists (select 1 from users u where lower(u.email) = lower(i.email)) as account_exists
        from staff_invitations i where i.token_hash = ${invitationTokenHash(token)}`,
  );
  if (!row || !isStaffRole(row.role)) return { state: "invalid" };
  if (row.accepted) return { state: "used" };
  if (row.revoked) return { state: "revoked" };
  if (row.expired) return { state: "expired" };
  return { state: "open", id: row.id, email: row.email, role: row.role, accountExists: Boolean(row.account_exists) };
}

function invitationEmail(input: { storeName: string; to: string; role: StaffRole; url: string; inviter: { name: string; email: string } }) {
  const who = input.inviter.name.trim() || input.inviter.email;
  const role = ROLE_LABELS[input.role];
  const { html, text } = renderEmail({
    storeName: input.storeName,
    preheader: `${who} invites you to the ${input.storeName} admin as ${role}.`,
    heading: "Join the team",
    paragraphs: [
      `${who} invites you to help run ${input.storeName} as ${role}: ${ROLE_SUMMARIES[input.role].charAt(0).toLowerCase()}${ROLE_SUMMARIES[input.role].slice(1)}`,
      `Open the link to choose your password (or, if you already have an account with this email, to sign in with it). The link works once, for ${INVITATION_HOURS} hours.`,
      "If you did not expect this, ignore this email: nothing happens until the link is used.",
    ],
    button: { label: "Accept the invitation", url: input.url },
    footer: `You are receiving this email because the owner of ${input.storeName} invited this address to the shop's staff.`,
  });
  return { to: input.to, subject: `You are invited to the ${input.storeName} team`, html, text, kind: "staff-invitation" };
}
