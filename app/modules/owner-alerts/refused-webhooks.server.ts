import type { Db } from "~db/client";
import { AlertThrottle } from "./alert-throttle";
import { raiseOwnerAlert } from "./owner-alerts.server";

/** One "webhook-refused" row per reason per minute per process; the rest are counted into the next. */
const REFUSED_WEBHOOK_WINDOW_MS = 60_000;
const throttles = new WeakMap<Db, AlertThrottle>();

/** A body that is not JSON and a signed event out of Paystack's documented shape are both "unreadable". */
export type WebhookRefusal = "bad signature" | "unreadable event";

/**
 * Tells the owner a webhook was refused (docs/product-rules.md §16): forged or misconfigured
 * posts to /api/webhooks/paystack. Never fails the webhook's answer: a refusal is answered the
 * same whether or not the alert could be written.
 */
export async function alertRefusedWebhook(
  db: Db,
  refusal: { reason: WebhookRefusal; sender: string; detail?: string },
  log: { warn(obj: object, msg?: string): void },
  now = new Date(),
): Promise<void> {
  let throttle = throttles.get(db);
  if (!throttle) throttles.set(db, (throttle = new AlertThrottle(REFUSED_WEBHOOK_WINDOW_MS)));
  const turn = throttle.take(refusal.reason, now);
  if (!turn.raise) return;
  const more = turn.count > 1 ? ` (${turn.count} since the last such alert)` : "";
  try {
    await raiseOwnerAlert(db, {
      kind: "webhook-refused",
      message: `A Paystack webhook from ${refusal.sender || "an unknown address"} was refused: ${refusal.reason}${refusal.detail ? ` (${refusal.detail})` : ""}${more}.`,
      details: { reason: refusal.reason, sender: refusal.sender, count: turn.count },
      occurredAt: now,
    });
  } catch (error) {
    log.warn({ err: error }, "owner alerts: could not record a refused webhook");
  }
}
