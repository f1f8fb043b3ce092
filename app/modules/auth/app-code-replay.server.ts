import { createHash } from "node:crypto";
import type { Db } from "~db/client";
import { consumeRateLimit } from "~/modules/rate-limit/rate-limit.server";

/**
 * An authenticator app's code works once (RFC 6238 §5.2: "the verifier MUST NOT accept the second
 * attempt of the same OTP"): someone who saw a code over a shoulder, or in a recording, cannot use
 * it again while it is still valid. better-auth's plugin accepts a code for its 30-second step
 * and one on either side, so a code stays valid for at most 90 seconds: each member's code is
 * claimed once in a 90-second window of the shared limiter (one row, every instance sees it; the
 * code itself is stored only as a hash).
 */
const CODE_LIFETIME = { limit: 1, windowMs: 90_000 };

export const CODE_USED_ALREADY = "That code was used already. Wait for the next code your app shows, then enter it.";

/** True the first time this member's code is claimed, false for a second use while it could still be valid. */
export async function claimAppCode(db: Db, userId: string, code: string): Promise<boolean> {
  const digest = createHash("sha256")
    .update(`${userId}:${code.replace(/\s+/g, "")}`)
    .digest("base64url");
  const claimed = await consumeRateLimit(db, `app-code:${digest}`, CODE_LIFETIME);
  return claimed.allowed;
}
