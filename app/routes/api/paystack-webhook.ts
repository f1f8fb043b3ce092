import { siteOrigin } from "~/lib/http.server";
import { applyVerifiedTransaction } from "~/modules/payments/payment-attempts.server";
import { applyRefundEvent, type RefundEventName } from "~/modules/payments/refund-events.server";
import { paystackConfigOf } from "~/modules/payments/online-checkout.server";
import { parsePaystackEvent, PaystackError } from "~/modules/payments/paystack-client.server";
import { isValidPaystackSignature } from "~/modules/payments/paystack-signature.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/paystack-webhook";

/**
 * Paystack's webhook (paste `${PUBLIC_URL}/api/webhooks/paystack` into its dashboard). The
 * signature (HMAC-SHA512 of the raw body with the secret key, compared in constant time) is
 * the only thing that makes a post Paystack's: without it, 401 and nothing changes. A signed
 * event is then applied in one transaction, idempotently (replays, duplicates and a race with
 * the callback give one paid transition). Paystack retries until it gets a 200, so every
 * event the shop has handled or chosen to ignore answers 200, quickly.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  const paystack = paystackConfigOf(context.config);
  if (!paystack) return Response.json({ error: "Online payments are not configured" }, { status: 404 });
  const raw = await request.text();
  if (!isValidPaystackSignature(raw, request.headers.get("x-paystack-signature"), paystack.secretKey)) {
    context.log.warn({ event: "paystack-webhook", result: "bad-signature" }, "refused a webhook without a valid signature");
    return Response.json({ error: "Invalid signature" }, { status: 401 });
  }
  let event;
  try {
    event = parsePaystackEvent(raw);
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    context.log.warn({ event: "paystack-webhook", result: "unreadable" }, "a signed webhook had an unexpected shape");
    return Response.json({ error: "Unreadable event" }, { status: 400 });
  }
  const sender = async () => ({ origin: siteOrigin(context), storeName: (await getStoreSettings(context.database.db)).storeName });
  if (event.kind === "charge" && event.event === "charge.success") {
    const reference = event.transaction.reference;
    const outcome = await applyVerifiedTransaction(context.database.db, reference, event.transaction, await sender());
    const log = outcome === "unknown-reference" || outcome === "mismatch" ? context.log.warn : context.log.info;
    log.call(context.log, { event: event.event, reference, outcome }, "paystack webhook applied");
  } else if (event.kind === "refund" && isRefundEventName(event.event)) {
    const outcome = await applyRefundEvent(context.database.db, event.event, event.refund, await sender());
    const log =
      outcome === "unknown-refund" || outcome === "invalid-data" || outcome === "held-for-staff" ? context.log.warn : context.log.info;
    log.call(context.log, { event: event.event, refundId: event.refund.id, outcome }, "paystack webhook applied");
  } else {
    context.log.info({ event: event.event }, "paystack webhook ignored");
  }
  return Response.json({ received: true });
}

const REFUND_EVENTS: readonly string[] = ["refund.processed", "refund.failed", "refund.pending"] satisfies RefundEventName[];
const isRefundEventName = (event: string): event is RefundEventName => REFUND_EVENTS.includes(event);

export function loader() {
  return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
