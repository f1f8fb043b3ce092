import type { Db } from "~db/client";
import { CountedAlerts } from "./counted-alerts.server";

/** One "webhook-refused" row per reason per minute per process; the rest only raise its count. */
const REFUSED_WEBHOOK_WINDOW_MS = 60_000;
const perDatabase = new WeakMap<Db, CountedAlerts>();

/** A body that is not JSON and a signed event out of Paystack's documented shape are both "unreadable". */
export type WebhookRefusal = "bad signature" | "unreadable event";

/**
 * Refused webhooks, counted per process (docs/product-rules.md §12): forged or misconfigured
 * posts to /api/webhooks/paystack. A flood of forged posts writes one row a minute per reason.
 */
export function refusedWebhookAlerts(db: Db, log: { warn(obj: object, msg?: string): void } = { warn() {} }): CountedAlerts {
  let alerts = perDatabase.get(db);
  if (!alerts) {
    alerts = new CountedAlerts({
      db,
      log,
      windowMs: REFUSED_WEBHOOK_WINDOW_MS,
      alert: (reason, count, first) => ({
        kind: "webhook-refused",
        message:
          `${count === 1 ? "A Paystack webhook" : `${count} Paystack webhooks`} from ${first.details.sender || "an unknown address"} ` +
          `${count === 1 ? "was" : "were"} refused: ${reason}${first.details.detail ? ` (${first.details.detail})` : ""}.`,
        details: { reason, ...first.details },
      }),
    });
    perDatabase.set(db, alerts);
  }
  return alerts;
}

/** Tells the owner a webhook was refused; never delays or fails the webhook's answer. */
export function alertRefusedWebhook(
  db: Db,
  refusal: { reason: WebhookRefusal; sender: string; detail?: string },
  log: { warn(obj: object, msg?: string): void },
): void {
  refusedWebhookAlerts(db, log).occurred(refusal.reason, { sender: refusal.sender, detail: refusal.detail?.slice(0, 200) ?? null });
}
