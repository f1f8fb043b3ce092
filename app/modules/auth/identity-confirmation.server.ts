import { eq, sql } from "drizzle-orm";
import { isAPIError } from "better-auth/api";
import type { AppLoadContext } from "react-router";
import { sessions } from "~db/schema/auth";
import { consumeRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { headersForAuth, type Viewer } from "./session.server";
import { claimAppCode, CODE_USED_ALREADY } from "./app-code-replay.server";
import { twoFactorEnabled } from "./two-factor.server";

/*
 * "Confirm it's you" (issue 48, decision 048): a sensitive admin action (a large refund, payment
 * settings, staff changes, the sign-in rules) needs a sign-in, or the password or app code given
 * again, within the last 15 minutes. The time is kept on the session row (`confirmed_at`), so it
 * holds on every instance and ends with the session.
 */

export const CONFIRMATION_WINDOW_MS = 15 * 60_000;
const CONFIRM_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

type Context = Pick<AppLoadContext, "auth" | "database" | "clientIp">;

/** Until when this request's session counts as freshly confirmed (null: no session). */
export async function confirmedUntil(request: Request, context: Context): Promise<Date | null> {
  const found = await context.auth.api.getSession({ headers: headersForAuth(request, context), query: { disableRefresh: true } });
  if (!found?.session) return null;
  const [row] = await context.database.db
    .select({ confirmedAt: sessions.confirmedAt })
    .from(sessions)
    .where(eq(sessions.id, found.session.id))
    .limit(1);
  const last = Math.max(new Date(found.session.createdAt).getTime(), row?.confirmedAt?.getTime() ?? 0);
  return new Date(last + CONFIRMATION_WINDOW_MS);
}

export const CONFIRM_FIRST_MESSAGE =
  "Confirm it's you first: your sign-in is more than 15 minutes old. Enter your password or app code, then try again.";

/** null when the session was confirmed in the last 15 minutes, else the sentence to show. */
export async function confirmationNeeded(request: Request, context: Context): Promise<string | null> {
  const until = await confirmedUntil(request, context);
  return until && until.getTime() > Date.now() ? null : CONFIRM_FIRST_MESSAGE;
}

export type ConfirmAnswer = { ok: true; until: string } | { ok: false; message: string; status: number };

/** The password, or a code from the app (only for those who turned it on), confirms the session. */
export async function confirmIdentity(
  request: Request,
  context: Context,
  viewer: Viewer,
  input: { method: "password" | "app"; secret: string },
): Promise<ConfirmAnswer> {
  const limited = await consumeRateLimit(context.database.db, `confirm-identity:${viewer.id}`, CONFIRM_LIMIT);
  if (!limited.allowed)
    return { ok: false, status: 429, message: `Too many tries. Please wait ${Math.ceil(limited.retryAfterSeconds / 60)} minutes.` };
  const headers = headersForAuth(request, context);
  const found = await context.auth.api.getSession({ headers, query: { disableRefresh: true } });
  if (!found?.session) return { ok: false, status: 401, message: "Your sign-in has ended. Sign in again." };
  try {
    if (input.method === "password") {
      await context.auth.api.verifyPassword({ body: { password: input.secret }, headers });
    } else {
      // Asked of a session, the plugin's verify only checks the code; without an app that is on,
      // it would turn a half-finished set-up on instead, so that case never reaches it.
      if (!(await twoFactorEnabled(context.database.db, viewer.id)))
        return { ok: false, status: 400, message: "Your account has no authenticator app. Use your password." };
      // Claimed before it is checked, so two posts of one code cannot both pass (RFC 6238 §5.2).
      if (!(await claimAppCode(context.database.db, viewer.id, input.secret)))
        return { ok: false, status: 400, message: CODE_USED_ALREADY };
      await context.auth.api.verifyTOTP({ body: { code: input.secret }, headers });
    }
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const code = (error.body as { code?: string } | undefined)?.code;
    if (code === "INVALID_PASSWORD") return { ok: false, status: 400, message: "That password is not right." };
    if (code === "INVALID_CODE") return { ok: false, status: 400, message: "That code did not work. Enter the code your app shows now." };
    throw error;
  }
  const [row] = await context.database.db
    .update(sessions)
    .set({ confirmedAt: sql`now()` })
    .where(eq(sessions.id, found.session.id))
    .returning({ confirmedAt: sessions.confirmedAt });
  const at = row?.confirmedAt?.getTime() ?? Date.now();
  return { ok: true, until: new Date(at + CONFIRMATION_WINDOW_MS).toISOString() };
}

/** What the admin's forms need to know before a sensitive post (the admin layout's loader gives it). */
export interface IdentityState {
  /** ISO time until which this sign-in counts as confirmed. */
  confirmedUntil: string | null;
  /** The viewer can confirm with their app's code, not only their password. */
  hasApp: boolean;
  /** Refunds above this (pesewas) need a confirmed sign-in (Settings: Sign-in security). */
  refundsAbove: number;
}

export async function identityState(request: Request, context: Context, viewer: Viewer, refundsAbove: number): Promise<IdentityState> {
  const [until, hasApp] = await Promise.all([confirmedUntil(request, context), twoFactorEnabled(context.database.db, viewer.id)]);
  return { confirmedUntil: until?.toISOString() ?? null, hasApp, refundsAbove };
}
