import { isAPIError } from "better-auth/api";
import type { Db } from "~db/client";
import {
  consumeRateLimit,
  passGate,
  peekRateLimit,
  releaseRateLimit,
  rememberKey,
  resetRateLimit,
} from "~/modules/rate-limit/rate-limit.server";
import { accountOf, clientIpOf, TooManyAttemptsError } from "./auth-rate-limits.server";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const SIGN_IN = "/sign-in/email";

/**
 * Failed sign-ins, not attempts: a limit that counted every attempt on an account let anyone
 * keep its owner out by typing wrong passwords. So:
 *
 * - per account and address together: 10 failures in 15 minutes, then that address waits
 *   (even with the right password); the owner, at another address, is not affected;
 * - per account from every address: the first 50 failures in a day cost nothing more; past them
 *   each attempt waits an exponentially growing time (1 s, 2 s, 4 s… up to 15 minutes), one
 *   attempt per wait, so a crowd of addresses still gets only a few guesses an hour. An address
 *   that signed in to the account in the last 30 days (the owner's own) does not wait.
 *
 * The per-address limit of every attempt stays in AUTH_RATE_LIMITS (30 per 15 minutes).
 */
export const SIGN_IN_FAILURE_LIMITS = {
  perAccountAndAddress: { limit: 10, windowMs: 15 * MINUTE },
  perAccount: { freeFailures: 50, windowMs: DAY, firstDelayMs: 1_000, maxDelayMs: 15 * MINUTE },
  knownAddressMs: 30 * DAY,
} as const;

const keys = (email: string, ip: string) => ({
  pair: `auth${SIGN_IN}:failures:${email}:ip:${ip}`,
  account: `auth${SIGN_IN}:failures:${email}`,
  gate: `auth${SIGN_IN}:wait:${email}`,
  known: `auth${SIGN_IN}:known:${email}:ip:${ip}`,
});

/** How long the next attempt on an account waits after `failures` failures from every address. */
export function accountDelayMs(failures: number): number {
  const { freeFailures, firstDelayMs, maxDelayMs } = SIGN_IN_FAILURE_LIMITS.perAccount;
  if (failures < freeFailures) return 0;
  return Math.min(firstDelayMs * 2 ** Math.min(failures - freeFailures, 30), maxDelayMs);
}

/**
 * Before a sign-in: refuses (TooManyAttemptsError) when this address has failed too often on
 * this account, or when the account is waiting out its growing delay and this address is not
 * one it signed in from. The attempt is counted against its address up front, atomically, so
 * concurrent attempts cannot slip past the limit together; afterSignIn takes it back unless it
 * failed.
 */
export async function beforeSignIn(db: Db, path: string, headers: Headers | undefined, body: { email?: unknown } | undefined) {
  const email = accountOf(body);
  if (path !== SIGN_IN || !email) return;
  const key = keys(email, clientIpOf(headers));
  const known = (await peekRateLimit(db, key.known)).count > 0;
  if (!known) {
    const delay = accountDelayMs((await peekRateLimit(db, key.account)).count);
    if (delay > 0) {
      const gate = await passGate(db, key.gate, delay);
      if (!gate.allowed) throw new TooManyAttemptsError(gate.retryAfterSeconds);
    }
  }
  const pair = await consumeRateLimit(db, key.pair, SIGN_IN_FAILURE_LIMITS.perAccountAndAddress);
  if (!pair.allowed) throw new TooManyAttemptsError(pair.retryAfterSeconds);
}

/**
 * After a sign-in (`returned` is better-auth's answer, or the error it threw): a wrong password
 * counts against the account; anything else (signed in, or the right password on an unverified
 * email) is not a failure. Signing in clears the address's failures and remembers the address.
 */
export async function afterSignIn(
  db: Db,
  path: string,
  headers: Headers | undefined,
  body: { email?: unknown } | undefined,
  returned: unknown,
) {
  const email = accountOf(body);
  if (path !== SIGN_IN || !email) return;
  const key = keys(email, clientIpOf(headers));
  if (isAPIError(returned)) {
    const code = (returned.body as { code?: string } | undefined)?.code;
    if (code === "INVALID_EMAIL_OR_PASSWORD") {
      const { windowMs } = SIGN_IN_FAILURE_LIMITS.perAccount;
      await consumeRateLimit(db, key.account, { limit: Number.MAX_SAFE_INTEGER, windowMs });
    } else {
      await releaseRateLimit(db, key.pair);
    }
    return;
  }
  await resetRateLimit(db, key.pair);
  await rememberKey(db, key.known, SIGN_IN_FAILURE_LIMITS.knownAddressMs);
}
