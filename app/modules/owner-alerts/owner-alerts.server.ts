import type { Db } from "~db/client";
import { ownerAlerts } from "~db/schema/operations";

/**
 * What the owner must hear about, by kind; each kind is a heading in the digest email
 * (owner-alert-digest.server.ts), which goes at most once per 15 minutes.
 */
export const ownerAlertKinds = [
  "server-errors",
  "job-failed",
  "webhook-refused",
  "payment-mismatch",
  "dispute",
  "backup-failed",
  "backup-missing",
  "database-unreachable",
] as const;
export type OwnerAlertKind = (typeof ownerAlertKinds)[number];

export interface OwnerAlert {
  kind: OwnerAlertKind;
  /** One sentence the owner reads in the digest, saying what happened and, where it helps, what to do. */
  message: string;
  details?: Record<string, string | number | null>;
  /** When it happened (default now): a test's clock, or the time an outage began. */
  occurredAt?: Date;
}

/** Records an alert for the next digest; in the caller's transaction when given one. */
export async function raiseOwnerAlert(db: Db, alert: OwnerAlert): Promise<void> {
  await db.insert(ownerAlerts).values({
    kind: alert.kind,
    message: alert.message,
    details: alert.details ?? null,
    ...(alert.occurredAt ? { occurredAt: alert.occurredAt } : {}),
  });
}
