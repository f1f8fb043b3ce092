import { eq } from "drizzle-orm";
import { isAPIError } from "better-auth/api";
import { renderSVG } from "uqr";
import type { Db } from "~db/client";
import { users } from "~db/schema/auth";
import type { Auth } from "./auth.server";

/*
 * A staff member's authenticator app (decision 048), through better-auth's two-factor plugin:
 * set up (password → a QR code, its key and ten recovery codes → the first code turns it on),
 * turned off (password), and new recovery codes (password). Every answer is a sentence a
 * person can act on; the plugin's codes never reach the page.
 */

export type TwoFactorAnswer<T = object> = ({ ok: true; headers: Headers } & T) | { ok: false; message: string; status: number };

export interface TwoFactorSetup {
  /** The otpauth:// address as a QR code (SVG markup made here, from our own data). */
  qrSvg: string;
  /** The same key for typing in by hand, in groups of four. */
  key: string;
  recoveryCodes: string[];
}

export async function twoFactorEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.on === true;
}

const WRONG_PASSWORD = "That password is not right. Enter the one you sign in with.";

function refusal(error: unknown, messages: Record<string, string>): { ok: false; message: string; status: number } {
  if (!isAPIError(error)) throw error;
  const code = (error.body as { code?: string } | undefined)?.code ?? "";
  if (code === "TOO_MANY_ATTEMPTS")
    return { ok: false, message: (error.body as { message?: string }).message ?? "Too many attempts.", status: 429 };
  const message = messages[code];
  if (message) return { ok: false, message, status: error.statusCode === 429 ? 429 : 400 };
  throw error;
}

/** Step one: the password, then the app's QR code, its key and the recovery codes (nothing is on until step two). */
export async function startTwoFactorSetup(
  auth: Auth,
  headers: Headers,
  input: { password: string; issuer: string },
): Promise<TwoFactorAnswer<TwoFactorSetup>> {
  try {
    const started = await auth.api.enableTwoFactor({ body: { password: input.password, issuer: input.issuer, method: "totp" }, headers });
    if (!("totpURI" in started) || !started.totpURI) throw new Error("the two-factor plugin gave no TOTP address");
    const secret = new URL(started.totpURI).searchParams.get("secret") ?? "";
    return {
      ok: true,
      headers: new Headers(),
      qrSvg: renderSVG(started.totpURI, { border: 2, whiteColor: "#FFFFFF", blackColor: "#1F1A17" }),
      key: secret.replace(/(.{4})/g, "$1 ").trim(),
      recoveryCodes: started.backupCodes ?? [],
    };
  } catch (error) {
    return refusal(error, {
      INVALID_PASSWORD: WRONG_PASSWORD,
      TOTP_ALREADY_ENABLED: "Two-step sign-in is already on for your account.",
    });
  }
}

/** Step two: the app's first code turns it on (better-auth gives the session a new cookie). */
export async function finishTwoFactorSetup(auth: Auth, headers: Headers, code: string): Promise<TwoFactorAnswer> {
  try {
    const done = await auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true });
    return { ok: true, headers: done.headers };
  } catch (error) {
    return refusal(error, {
      INVALID_CODE: "That code did not work. Check that the time on your phone is right and enter the code the app shows now.",
      TOTP_NOT_ENABLED: "Start again: enter your password to get a new QR code.",
    });
  }
}

/** Off again, with the password; the sign-in continues on a new session cookie. */
export async function turnOffTwoFactor(auth: Auth, headers: Headers, password: string): Promise<TwoFactorAnswer> {
  try {
    const done = await auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true });
    return { ok: true, headers: done.headers };
  } catch (error) {
    return refusal(error, { INVALID_PASSWORD: WRONG_PASSWORD });
  }
}

/** Ten new recovery codes; the old ones stop working. */
export async function replaceRecoveryCodes(
  auth: Auth,
  headers: Headers,
  password: string,
): Promise<TwoFactorAnswer<{ recoveryCodes: string[] }>> {
  try {
    const made = await auth.api.generateBackupCodes({ body: { password }, headers });
    return { ok: true, headers: new Headers(), recoveryCodes: made.backupCodes };
  } catch (error) {
    return refusal(error, {
      INVALID_PASSWORD: WRONG_PASSWORD,
      TWO_FACTOR_NOT_ENABLED: "Turn on two-step sign-in first.",
    });
  }
}
