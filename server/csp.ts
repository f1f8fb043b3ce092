import crypto from "node:crypto";

/**
 * The Content-Security-Policy: inline scripts only with this response's nonce (or, for a
 * cached page, the hashes of its scripts); everything they load is trusted from there. Forms
 * post to the shop only, except where a page names more (`FORM_ACTION_HEADER`): a payment
 * link's page, whose plain form is answered with a redirect to Paystack's checkout, which
 * browsers check against form-action too.
 */

export { FORM_ACTION_HEADER } from "../app/lib/form-action";

/** Only https origins (or a local stand-in's http one) pass into the policy. */
export function formActionOrigins(header: string | null): string[] {
  return (header ?? "").split(/\s+/).filter((origin) => /^https?:\/\/[\w.-]+(:\d+)?$/.test(origin));
}

export function contentSecurityPolicy(scriptSources: string, dev = false, formActions: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources} 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${formActions.map((origin) => ` ${origin}`).join("")}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

const NONCE_BYTES = 16;
/** Random bytes for the next 256 nonces, from the operating system's generator; each byte is used once. */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

/**
 * A new nonce for a response's inline scripts: 128 random bits (as the CSP specification asks),
 * base64. Taken in turn from a pool refilled every 256 nonces, as Node does for randomUUID:
 * `crypto.randomBytes(16)` on every request cost some 5 µs, 2–3 % of a signed-in header's
 * /api/viewer.
 */
export function newNonce(): string {
  if (nonceOffset === noncePool.length) {
    crypto.randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}
