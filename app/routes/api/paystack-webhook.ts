import { siteOrigin } from "~/lib/http.server";
import { applyDisputeEvent } from "~/modules/payments/disputes.server";
import { applyVerifiedTransaction, isPaymentReference } from "~/modules/payments/payment-attempts.server";
import { applyRefundEvent } from "~/modules/payments/refund-events.server";
import { paystackConfigOf } from "~/modules/payments/online-checkout.server";
import { parsePaystackEvent, PaystackError, verifyTransaction } from "~/modules/payments/paystack-client.server";
import { eventFingerprint } from "~/modules/payments/provider-events.server";
import { isValidPaystackSignature } from "~/modules/payments/paystack-signature.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { alertRefusedWebhook } from "~/modules/owner-alerts/refused-webhooks.server";
import type { Route } from "./+types/paystack-webhook";

/** Outcomes worth a warning in the log: something staff or a developer should look at. */
const WARN_OUTCOMES = new Set([
  "unknown-reference",
  "mismatch",
  "extra-payment",
  "unknown-refund",
  "held-for-staff",
  "failed",
  "needs-attention",
  "unknown-dispute",
]);

/**
 * Paystack's webhook (paste `${PUBLIC_URL}/api/webhooks/paystack` into its dashboard). The
 * signature (HMAC-SHA512 of the raw body with the secret key, compared in constant time) is
 * the only thing that makes a post Paystack's: without it, 401 and nothing changes. A signed
 * event is read by its name (parsePaystackEvent) and applied in one transaction, idempotently
 * (replays, duplicates and a race with the callback give one effect): `charge.success` may pay
 * an order; refund events move the shop's refunds; dispute events reach staff. Paystack retries
 * until it gets a 200, so every event the shop has handled or chosen to ignore (other charge
 * events, transfers, subscriptions…) answers 200, quickly; 400 is kept for a body that is not
 * JSON or an event the shop reads that is not in its documented shape. A charge.success that
 * leaves out its currency is applied only as Paystack's verify answer describes it (503 while
 * Paystack cannot be asked, so it sends the event again).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  const paystack = paystackConfigOf(context.config);
  if (!paystack) return Response.json({ error: "Online payments are not configured" }, { status: 404 });
  const raw = await request.text();
  if (!isValidPaystackSignature(raw, request.headers.get("x-paystack-signature"), paystack.secretKey)) {
    context.log.warn({ event: "paystack-webhook", result: "bad-signature" }, "refused a webhook without a valid signature");
    alertRefusedWebhook(context.database.db, { reason: "bad signature", sender: context.clientIp }, context.log);
    return Response.json({ error: "Invalid signature" }, { status: 401 });
  }
  let event;
  try {
    event = parsePaystackEvent(raw);
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    context.log.warn(
      { event: "paystack-webhook", result: "unreadable", reason: error.message },
      "a signed webhook had an unexpected shape",
    );
    alertRefusedWebhook(context.database.db, { reason: "unreadable event", sender: context.clientIp, detail: error.message }, context.log);
    return Response.json({ error: "Unreadable event" }, { status: 400 });
  }
  const db = context.database.db;
  const sender = { origin: siteOrigin(context), storeName: (await getStoreSettings(db)).storeName };
  let details: Record<string, unknown>;
  let outcome: string;
  switch (event.kind) {
    case "charge": {
      const reference = event.transaction.reference;
      details = { reference };
      if (!event.incomplete) {
        outcome = await applyVerifiedTransaction(db, reference, event.transaction, sender);
        break;
      }
      // An event without its currency: what Paystack's verify says is applied, nothing else.
      if (!(await isPaymentReference(db, reference))) {
        outcome = "unknown-reference";
        break;
      }
      try {
        outcome = await applyVerifiedTransaction(db, reference, await verifyTransaction(paystack, reference), sender);
      } catch (error) {
        if (!(error instanceof PaystackError)) throw error;
        context.log.warn({ event: event.event, reference, reason: error.message }, "could not verify an incomplete charge event");
        // Paystack sends it again later; a refusal (Paystack does not know it) will not change.
        if (error.kind !== "refused") return Response.json({ error: "Could not confirm the payment yet" }, { status: 503 });
        outcome = "not-confirmed";
      }
      break;
    }
    case "refund":
      details = { reference: event.refund.transactionReference, refundReference: event.refund.refundReference };
      outcome = await applyRefundEvent(db, event.event, event.refund, sender, { fingerprint: eventFingerprint(raw) });
      break;
    case "dispute":
      details = { reference: event.dispute.transactionReference, disputeId: event.dispute.id };
      outcome = await applyDisputeEvent(db, event.event, event.dispute, sender, { fingerprint: eventFingerprint(raw) });
      break;
    default:
      context.log.info({ event: event.event }, "paystack webhook acknowledged: not an event the shop uses");
      return Response.json({ received: true });
  }
  const log = WARN_OUTCOMES.has(outcome) ? context.log.warn : context.log.info;
  log.call(context.log, { event: event.event, ...details, outcome }, "paystack webhook applied");
  if (outcome !== "duplicate") context.email.nudge();
  return Response.json({ received: true });
}

export function loader() {
  return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
