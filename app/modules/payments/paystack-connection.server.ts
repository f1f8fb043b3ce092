import type { AppLoadContext } from "react-router";
import { siteOrigin } from "~/lib/http.server";
import { paystackMode, type PaystackMode } from "./paystack-mode";

/** Paystack's own API; any other PAYSTACK_API_URL is a stand-in (tests, local tries). */
export const PAYSTACK_API_URL = "https://api.paystack.co";

/** The path of the shop's Paystack webhook (app/routes.ts). */
export const PAYSTACK_WEBHOOK_PATH = "/api/webhooks/paystack";

/**
 * How the shop is connected to Paystack, safe to show staff (Settings → Payments): the mode and
 * the keys' prefixes only, never a key; the webhook URL to paste into Paystack's dashboard; the
 * API URL when it is not Paystack's.
 */
export interface PaystackConnection {
  mode: PaystackMode;
  /** "sk_test_" or "sk_live_": what the secret key starts with, never more of it. */
  secretKeyPrefix: string | null;
  /** "pk_test_" or "pk_live_"; null when PAYSTACK_PUBLIC_KEY is not set. */
  publicKeyPrefix: string | null;
  /** A test public key beside a live secret key (or the other way round). */
  keysDisagree: boolean;
  webhookUrl: string;
  /** Paystack cannot call this address (not https, or a local one): PUBLIC_URL needs setting. */
  webhookUnreachable: boolean;
  /** PAYSTACK_API_URL when it is not Paystack's own (a stand-in); null otherwise. */
  standInUrl: string | null;
}

const prefix = (key: string | undefined, kind: "sk" | "pk") =>
  key?.startsWith(`${kind}_live_`) ? `${kind}_live_` : key?.startsWith(`${kind}_test_`) ? `${kind}_test_` : null;

export function paystackConnection(context: Pick<AppLoadContext, "config">): PaystackConnection {
  const { secretKey, publicKey, apiUrl } = context.config.paystack;
  const secretKeyPrefix = prefix(secretKey, "sk");
  const publicKeyPrefix = prefix(publicKey, "pk");
  const webhookUrl = `${siteOrigin(context)}${PAYSTACK_WEBHOOK_PATH}`;
  const { protocol, hostname } = new URL(webhookUrl);
  return {
    mode: paystackMode(secretKey),
    secretKeyPrefix,
    publicKeyPrefix,
    keysDisagree: Boolean(secretKeyPrefix && publicKeyPrefix && secretKeyPrefix.slice(3) !== publicKeyPrefix.slice(3)),
    webhookUrl,
    webhookUnreachable: protocol !== "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(hostname) || hostname.endsWith(".local"),
    standInUrl: apiUrl.replace(/\/+$/, "") === PAYSTACK_API_URL ? null : apiUrl,
  };
}
