import { createHmac, timingSafeEqual } from "node:crypto";

/** SHA-512 digests are 64 bytes: 128 hex characters. */
const SIGNATURE_HEX = /^[0-9a-f]{128}$/i;

/**
 * The signature Paystack puts in `x-paystack-signature`: the hex HMAC-SHA512 of the exact raw
 * request body, keyed with the secret key. Sign (and check) the bytes as received, never a
 * re-serialised JSON object: any change of spacing or key order changes the digest.
 */
export function paystackSignature(rawBody: string | Uint8Array, secretKey: string): string {
  return createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

/**
 * Whether `header` is the signature of `rawBody` under `secretKey`, compared in constant time.
 * False, never a throw, for a missing, repeated, empty, odd-length or non-hex header, and when no
 * secret key is configured.
 */
export function isValidPaystackSignature(
  rawBody: string | Uint8Array,
  header: string | readonly string[] | null | undefined,
  secretKey: string,
): boolean {
  if (!secretKey || typeof header !== "string") return false;
  const given = header.trim();
  if (!SIGNATURE_HEX.test(given)) return false;
  const expected = Buffer.from(paystackSignature(rawBody, secretKey), "hex");
  const received = Buffer.from(given, "hex");
  // Both are 64 bytes here (the pattern above fixes the length); the check stays for safety.
  return received.length === expected.length && timingSafeEqual(received, expected);
}
