import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { sessions } from "~db/schema/auth";
import { claimAppCode, CODE_USED_ALREADY } from "./app-code-replay.server";
import type { Auth } from "./auth.server";
import type { FormMessage, SecondStepInput } from "./auth.schema";

/** The result of an auth form: a message for the shopper, and cookies to set on success. */
export type AuthOutcome =
  | {
      ok: true;
      message: FormMessage;
      headers: Headers;
      /** The password was right and the account asks for its authenticator app's code next (decision 048). */
      secondStep?: boolean;
    }
  | { ok: false; message: FormMessage; status: number; code?: string };

interface ErrorBody {
  code?: string;
  message?: string;
}

/** The parts of an error from better-auth (or anything else) that the messages need. */
function describeError(error: unknown): { status: number; code?: string; message?: string } | null {
  if (!isAPIError(error)) return null;
  const body = (error.body ?? {}) as ErrorBody;
  return { status: error.statusCode, code: body.code, message: body.message };
}

const TOO_MANY = "TOO_MANY_ATTEMPTS";
const unexpected = { title: "An error occurred", description: "Please try again later." };

function fail(message: FormMessage, status: number, code?: string): AuthOutcome {
  return { ok: false, message, status, code };
}

export async function signIn(auth: Auth, headers: Headers, input: { email: string; password: string }): Promise<AuthOutcome> {
  try {
    const result = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers,
      returnHeaders: true,
    });
    // The password was right; the two-factor plugin set its short-lived cookie instead of a session.
    if ("twoFactorRedirect" in result.response && result.response.twoFactorRedirect)
      return {
        ok: true,
        secondStep: true,
        message: { title: "One more step", description: "Enter the 6-digit code from your authenticator app." },
        headers: result.headers,
      };
    return { ok: true, message: WELCOME_BACK, headers: result.headers };
  } catch (error) {
    const e = describeError(error);
    if (!e) throw error;
    if (e.code === "INVALID_EMAIL_OR_PASSWORD")
      return fail({ title: "Invalid credentials", description: "Please check your email and password." }, 401, e.code);
    if (e.code === "EMAIL_NOT_VERIFIED")
      return fail(
        {
          title: "Email not verified",
          description: "Please verify your email before signing in. Check your inbox, or send the link again.",
        },
        403,
        e.code,
      );
    if (e.code === TOO_MANY) return fail({ title: "Too many attempts", description: e.message ?? "" }, 429, e.code);
    return fail({ title: "Sign in failed", description: e.message ?? unexpected.description }, e.status, e.code);
  }
}

const WELCOME_BACK: FormMessage = { title: "Welcome back!", description: "You have successfully signed in" };

/**
 * The second step of a sign-in: the app's code or a recovery code, checked by better-auth's
 * two-factor plugin against the cookie the first step set (ten minutes, five tries); the session
 * cookie comes back on success.
 */
export async function signInSecondStep(auth: Auth, headers: Headers, input: SecondStepInput, db: Db): Promise<AuthOutcome> {
  try {
    const body = { code: input.code, trustDevice: false };
    if (input.method === "app") {
      const result = await auth.api.verifyTOTP({ body, headers, returnHeaders: true });
      // Only now is the member known (the first step's cookie names them): a code seen and used
      // again within its 90 seconds loses the session it just made.
      if (!(await claimAppCode(db, result.response.user.id, input.code))) {
        await db.delete(sessions).where(eq(sessions.token, result.response.token));
        return fail({ title: "That code did not work", description: CODE_USED_ALREADY }, 401, "CODE_USED");
      }
      return { ok: true, message: WELCOME_BACK, headers: result.headers };
    }
    const result = await auth.api.verifyBackupCode({ body: { ...body, disableSession: false }, headers, returnHeaders: true });
    return { ok: true, message: WELCOME_BACK, headers: result.headers };
  } catch (error) {
    const e = describeError(error);
    if (!e) throw error;
    if (e.code === "INVALID_CODE" || e.code === "INVALID_BACKUP_CODE")
      return fail(
        {
          title: "That code did not work",
          description:
            input.method === "app"
              ? "Check the time on your phone and enter the code your app shows now."
              : "Check the recovery code; each one works only once.",
        },
        401,
        e.code,
      );
    if (e.code === "ACCOUNT_TEMPORARILY_LOCKED")
      return fail({ title: "Too many wrong codes", description: "Please wait 15 minutes, then sign in again." }, 429, e.code);
    if (e.code === TOO_MANY) return fail({ title: "Too many attempts", description: e.message ?? "" }, 429, e.code);
    // The first step's cookie is missing, expired (ten minutes) or used up (five wrong codes).
    return fail(
      {
        title: "Please sign in again",
        description: "Your sign-in timed out or had too many wrong codes. Enter your email and password again.",
      },
      401,
      SIGN_IN_AGAIN,
    );
  }
}

/** What the second step answers when its first step must be done again. */
export const SIGN_IN_AGAIN = "SIGN_IN_AGAIN";

export async function signUp(auth: Auth, headers: Headers, input: { email: string; password: string }): Promise<AuthOutcome> {
  try {
    await auth.api.signUpEmail({
      // The form asks for no name; the part of the email before the @ greets them in emails.
      body: { email: input.email, password: input.password, name: input.email.split("@")[0] ?? "", callbackURL: "/auth/verified" },
      headers,
    });
    return {
      ok: true,
      message: { title: "Account created!", description: "Please check your email to verify your account." },
      headers: new Headers(),
    };
  } catch (error) {
    const e = describeError(error);
    if (!e) throw error;
    if (e.code === "USER_ALREADY_EXISTS" || e.message?.includes("User already registered"))
      return fail(
        { title: "Account exists", description: "An account with this email already exists. Please sign in instead." },
        409,
        e.code,
      );
    if (e.code === TOO_MANY) return fail({ title: "Too many attempts", description: e.message ?? "" }, 429, e.code);
    return fail({ title: "Sign up failed", description: e.message ?? unexpected.description }, e.status, e.code);
  }
}

/** Sends the verification link again. Says the same whether or not the account exists. */
export async function resendVerification(auth: Auth, headers: Headers, email: string): Promise<AuthOutcome> {
  try {
    await auth.api.sendVerificationEmail({ body: { email, callbackURL: "/auth/verified" }, headers });
  } catch (error) {
    const e = describeError(error);
    if (!e) throw error;
    if (e.code === TOO_MANY) return fail({ title: "Too many attempts", description: e.message ?? "" }, 429, e.code);
    // An already verified or unknown address gets the neutral answer below.
  }
  return {
    ok: true,
    message: {
      title: "Verification email sent",
      description: `If ${email} has an account waiting for verification, a new link is on its way.`,
    },
    headers: new Headers(),
  };
}

/** "Forgot password?": a reset link valid for one hour. Same answer for unknown emails. */
export async function requestPasswordReset(auth: Auth, headers: Headers, email: string): Promise<AuthOutcome> {
  try {
    await auth.api.requestPasswordReset({ body: { email, redirectTo: "/auth/reset-password" }, headers });
  } catch (error) {
    const e = describeError(error);
    if (!e) throw error;
    if (e.code === TOO_MANY) return fail({ title: "Too many attempts", description: e.message ?? "" }, 429, e.code);
    return fail({ title: "Could not send the link", description: e.message ?? unexpected.description }, e.status, e.code);
  }
  return {
    ok: true,
    message: {
      title: "Check your email",
      description: `If ${email} has an account, a link to reset the password is on its way. It works for one hour.`,
    },
    headers: new Headers(),
  };
}

export async function resetPassword(auth: Auth, headers: Headers, input: { token: string; password: string }): Promise<AuthOutcome> {
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password }, headers });
    return {
      ok: true,
      message: { title: "Password updated", description: "Sign in with your new password. You were signed out on your other devices." },
      headers: new Headers(),
    };
  } catch (error) {
    const e = describeError(error);
    if (!e) throw error;
    if (e.code === "INVALID_TOKEN")
      return fail(
        { title: "Link expired", description: "This reset link has expired or was already used. Ask for a new one." },
        400,
        e.code,
      );
    if (e.code === TOO_MANY) return fail({ title: "Too many attempts", description: e.message ?? "" }, 429, e.code);
    return fail({ title: "Could not reset the password", description: e.message ?? unexpected.description }, e.status, e.code);
  }
}

export { unexpected as UNEXPECTED_AUTH_ERROR };
