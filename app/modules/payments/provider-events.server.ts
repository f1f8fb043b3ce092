import crypto from "node:crypto";
import { lt } from "drizzle-orm";
import type { Db } from "~db/client";
import { paymentProviderEvents } from "~db/schema/payments";

/** The fingerprint of a signed webhook body: Paystack re-sends the very same bytes until it gets a 200. */
export function eventFingerprint(rawBody: string): string {
  return crypto.createHash("sha256").update(rawBody).digest("hex");
}

/**
 * Claims an event inside the caller's transaction: true the first time its fingerprint is seen,
 * false for a delivery of a body already applied. A concurrent delivery of the same body waits
 * on the key until the first commits (then finds it) or rolls back (then claims it itself), so
 * an event is applied once and is never lost to a delivery that failed half-way.
 */
export async function claimProviderEvent(tx: Db, fingerprint: string, event: string): Promise<boolean> {
  const claimed = await tx
    .insert(paymentProviderEvents)
    .values({ fingerprint, event })
    .onConflictDoNothing()
    .returning({ fingerprint: paymentProviderEvents.fingerprint });
  return claimed.length > 0;
}

/** How long an applied event's fingerprint is kept: Paystack stops retrying after 72 hours. */
export const PROVIDER_EVENT_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** Forgets fingerprints older than the retention (run by the pruning worker). */
export async function pruneProviderEvents(db: Db, now = new Date()): Promise<number> {
  const removed = await db
    .delete(paymentProviderEvents)
    .where(lt(paymentProviderEvents.receivedAt, new Date(now.getTime() - PROVIDER_EVENT_RETENTION_MS)))
    .returning({ fingerprint: paymentProviderEvents.fingerprint });
  return removed.length;
}
