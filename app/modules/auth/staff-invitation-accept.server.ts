import { sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type Db } from "~db/client";
import { consumeRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { signIn } from "./auth-actions.server";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type Auth } from "./auth.server";
import { isStaffRole, type StaffRole } from "./capabilities";
import { setUserRole } from "./roles.server";
import { invitationTokenHash, readInvitation } from "./staff-invitations.server";

/**
 * Accepting a staff invitation (decision 047), from its link's page:
 *
 * - **No account with the invited email**: the invitee chooses a name and password; the account
 *   is made with better-auth's own adapter and password hasher (as `npm run admin:create` does),
 *   its email verified (the link was emailed to it).
 * - **An account exists** (a customer of the shop, say): the link alone does not hand it over;
 *   the person proves it is theirs by signing in with its password on the page (better-auth's
 *   sign-in, with the shop's sign-in limits). An account whose email was never verified is then
 *   verified: the link proves the inbox, the password the account. A forgotten password is reset
 *   the usual way (Forgot password), then the same link is used again.
 *
 * Then, in one transaction, the invitation row is locked and checked again (still open: not
 * accepted, revoked or expired meanwhile), marked accepted, and the role given. Only then is the
 * session's cookie handed back, so the invitee lands signed in on the admin with their role.
 */
/** The link page's form: a name and the password twice for a new account, the password alone for an existing one. */
export const acceptInvitationSchema = z
  .object({
    name: z.string().trim().max(100, "Your name must be at most 100 characters").optional(),
    password: z
      .string({ error: "Enter a password" })
      .min(PASSWORD_MIN_LENGTH, `At least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`),
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: "The passwords do not match",
    path: ["confirmPassword"],
  });

export type AcceptOutcome =
  | { ok: true; headers: Headers; role: StaffRole }
  | { ok: false; state: "invalid" | "expired" | "used" | "revoked" }
  | { ok: false; state: "open"; status: number; message: string };

/** Password tries on one invitation (an existing account's password), beside the shop's sign-in limits. */
export const ACCEPT_LIMIT = { limit: 10, windowMs: 15 * 60_000 } as const;

export async function acceptInvitation(
  auth: Auth,
  db: Db,
  headers: Headers,
  input: { token: string; password: string; name?: string },
): Promise<AcceptOutcome> {
  const invitation = await readInvitation(db, input.token);
  if (invitation.state !== "open") return { ok: false, state: invitation.state };
  const tries = await consumeRateLimit(db, `staff-invite:accept:${invitation.id}`, ACCEPT_LIMIT);
  if (!tries.allowed)
    return {
      ok: false,
      state: "open",
      status: 429,
      message: `Too many attempts. Try again in ${Math.ceil(tries.retryAfterSeconds / 60)} minutes.`,
    };

  const ctx = await auth.$context;
  const existing = await ctx.internalAdapter.findUserByEmail(invitation.email, { includeAccounts: true });
  let userId: string;
  if (!existing) {
    const name = input.name?.trim() || invitation.email.split("@")[0] || invitation.email;
    try {
      const user = await ctx.internalAdapter.createUser(
        { email: invitation.email, name, emailVerified: true },
        { method: "email-password" },
      );
      await ctx.internalAdapter.linkAccount({
        userId: user.id,
        providerId: "credential",
        accountId: user.id,
        password: await ctx.password.hash(input.password),
      });
      userId = user.id;
    } catch {
      // Someone made the account a moment ago (this link used twice at once, or a sign-up): the
      // page asks again, now for that account's password.
      return { ok: false, state: "open", status: 409, message: "An account with this email exists now. Sign in with its password." };
    }
  } else {
    userId = existing.user.id;
    const proved = await signIn(auth, headers, { email: invitation.email, password: input.password });
    // better-auth answers "not verified" only once the password was right: the link proves the inbox.
    if (!proved.ok && proved.code === "EMAIL_NOT_VERIFIED") await ctx.internalAdapter.updateUser(userId, { emailVerified: true });
    else if (!proved.ok) return { ok: false, state: "open", status: proved.status, message: proved.message.description };
  }

  const claimed = await claimInvitation(db, input.token, userId);
  if (!claimed.ok) return claimed;
  const session = await signIn(auth, headers, { email: invitation.email, password: input.password });
  if (!session.ok) return { ok: false, state: "open", status: session.status, message: session.message.description };
  return { ok: true, headers: session.headers, role: claimed.role };
}

/** The invitation locked, checked again, marked accepted and its role given, in one transaction. */
async function claimInvitation(
  db: Db,
  token: string,
  userId: string,
): Promise<
  | { ok: true; role: StaffRole }
  | { ok: false; state: "invalid" | "expired" | "used" | "revoked" }
  | Extract<AcceptOutcome, { status: number }>
> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: string; role: string; accepted: boolean; revoked: boolean; expired: boolean }>(
      tx,
      sql`select id, role, accepted_at is not null as accepted, revoked_at is not null as revoked, expires_at <= now() as expired
          from staff_invitations where token_hash = ${invitationTokenHash(token)} for update`,
    );
    if (!row || !isStaffRole(row.role)) return { ok: false as const, state: "invalid" as const };
    if (row.accepted) return { ok: false as const, state: "used" as const };
    if (row.revoked) return { ok: false as const, state: "revoked" as const };
    if (row.expired) return { ok: false as const, state: "expired" as const };
    const [current] = await queryRows<{ role: string; suspended: boolean }>(
      tx,
      sql`select role, suspended_at is not null as suspended from user_roles where user_id = ${userId} for update`,
    );
    if (current && isStaffRole(current.role) && !current.suspended)
      return {
        ok: false as const,
        state: "open" as const,
        status: 409,
        message: "This account is already on the staff. Sign in to the admin.",
      };
    await tx.execute(sql`update staff_invitations set accepted_at = now(), accepted_user_id = ${userId} where id = ${row.id}`);
    await setUserRole(tx, userId, row.role);
    return { ok: true as const, role: row.role };
  });
}
