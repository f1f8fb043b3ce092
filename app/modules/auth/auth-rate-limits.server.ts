import { APIError } from "better-auth/api";
import type { Db } from "~db/client";
import { consumeRateLimit, type RateLimitRule } from "~/modules/rate-limit/rate-limit.server";

/**
 * The visitor's address, written by our own code (from the socket, or X-Forwarded-For
 * with TRUST_PROXY) on every request handed to better-auth; a value sent by the browser
 * is always replaced, so it cannot be used to dodge the limits.
 */
export const CLIENT_IP_HEADER = "x-ahenfie-client-ip";

const MINUTE = 60_000;

/**
 * Per path: a limit per IP address (every request) and one per account (the email in the body).
 * Sign-in has no per-account limit here: counting every attempt on an account let anyone lock
 * its owner out, so sign-in counts failures instead (sign-in-failures.server.ts).
 */
export const AUTH_RATE_LIMITS: Record<string, { perIp: RateLimitRule; perAccount?: RateLimitRule }> = {
  "/sign-in/email": { perIp: { limit: 30, windowMs: 15 * MINUTE } },
  "/sign-up/email": { perIp: { limit: 10, windowMs: 60 * MINUTE } },
  "/request-password-reset": { perIp: { limit: 10, windowMs: 60 * MINUTE }, perAccount: { limit: 5, windowMs: 60 * MINUTE } },
  "/send-verification-email": { perIp: { limit: 10, windowMs: 60 * MINUTE }, perAccount: { limit: 5, windowMs: 60 * MINUTE } },
  "/reset-password": { perIp: { limit: 20, windowMs: 60 * MINUTE } },
  // The second step of a sign-in and the two-factor set-up (decision 048): guesses at a six-digit
  // code are what these stop; the plugin also locks an account after ten wrong codes in a row.
  "/two-factor/verify-totp": { perIp: { limit: 20, windowMs: 15 * MINUTE } },
  "/two-factor/verify-backup-code": { perIp: { limit: 10, windowMs: 15 * MINUTE } },
  "/two-factor/enable": { perIp: { limit: 10, windowMs: 15 * MINUTE } },
  "/two-factor/disable": { perIp: { limit: 10, windowMs: 15 * MINUTE } },
  "/two-factor/generate-backup-codes": { perIp: { limit: 10, windowMs: 15 * MINUTE } },
};

export class TooManyAttemptsError extends APIError {
  constructor(public retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    super(
      "TOO_MANY_REQUESTS",
      {
        message: `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
        code: "TOO_MANY_ATTEMPTS",
      },
      { "Retry-After": String(retryAfterSeconds) },
    );
  }
}

/** The client address our server put in the headers handed to better-auth. */
export const clientIpOf = (headers: Headers | undefined) => headers?.get(CLIENT_IP_HEADER) ?? "unknown";

/** The account an auth request is about: the body's email, trimmed and lower-cased ("" when none). */
export const accountOf = (body: { email?: unknown } | undefined) =>
  typeof body?.email === "string" ? body.email.trim().toLowerCase() : "";

/** Counts the request against its path's limits; throws TooManyAttemptsError past one. */
export async function enforceAuthRateLimits(db: Db, path: string, headers: Headers | undefined, body: { email?: unknown } | undefined) {
  const rules = AUTH_RATE_LIMITS[path];
  if (!rules) return;
  const ip = clientIpOf(headers);
  const checks = [consumeRateLimit(db, `auth${path}:ip:${ip}`, rules.perIp)];
  const email = accountOf(body);
  if (rules.perAccount && email) checks.push(consumeRateLimit(db, `auth${path}:account:${email}`, rules.perAccount));
  const results = await Promise.all(checks);
  const refused = results.filter((r) => !r.allowed);
  if (refused.length) throw new TooManyAttemptsError(Math.max(...refused.map((r) => r.retryAfterSeconds)));
}
