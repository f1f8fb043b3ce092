/**
 * Which Paystack account the shop talks to, read from the secret key's prefix: `sk_live_` moves
 * real money, `sk_test_` does not. Never returns or echoes the key itself, so the result is safe
 * to show in the admin panel.
 */
export type PaystackMode = "live" | "test" | "not-connected" | "unrecognised-key";

export function paystackMode(secretKey?: string | null): PaystackMode {
  const key = secretKey?.trim();
  if (!key) return "not-connected";
  if (key.startsWith("sk_live_")) return "live";
  if (key.startsWith("sk_test_")) return "test";
  return "unrecognised-key";
}

/** One line for staff about each mode. */
export const paystackModeDescriptions: Record<PaystackMode, string> = {
  live: "Live mode: shoppers are charged real money.",
  test: "Test mode: payments use Paystack's test cards and numbers; no real money moves.",
  "not-connected": "Not connected: set PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY to take card and mobile money payments.",
  "unrecognised-key": "The secret key does not start with sk_live_ or sk_test_: it is not a Paystack secret key.",
};
