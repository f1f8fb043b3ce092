import crypto from "node:crypto";

/**
 * An authenticator app, written from RFC 6238 / RFC 4226 and not from better-auth: the 6-digit
 * code for a base32 setup key (as the shop shows it, spaces allowed) at a moment. Tests use it to
 * prove that a real app given the key signs in.
 */
export function totpCode(key: string, at = Date.now(), period = 30): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of key.replace(/[\s=]/g, "").toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const secret = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / period)));
  const mac = crypto.createHmac("sha1", secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, "0");
}

/**
 * The app's next code once `used` has been spent: a code works once (RFC 6238 §5.2), so a test
 * that signs in with a code and then confirms with the app waits for the next 30-second step,
 * as a person does.
 */
export async function codeAfter(key: string, used: string): Promise<string> {
  const deadline = Date.now() + 35_000;
  while (Date.now() < deadline) {
    const code = totpCode(key);
    if (code !== used) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the app's code did not change in 35 s");
}
