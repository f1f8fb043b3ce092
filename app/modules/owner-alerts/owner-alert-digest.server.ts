import { asc, inArray, isNull, lt, max, sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";
import { ownerAlerts } from "~db/schema/operations";
import { formatDateTime, zoneLabel } from "~/lib/dates";
import { adminEmailAddresses } from "~/modules/email/admin-alerts.server";
import { queueEmail, type OutgoingEmail } from "~/modules/email/email-outbox.server";
import { renderEmail } from "~/modules/email/email-templates.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { ownerAlertKinds, type OwnerAlertKind } from "./owner-alerts.server";

/**
 * The owner's digest (docs/product-rules.md §12): every alert not yet sent, grouped by kind, in
 * ONE email, at most once per DIGEST_INTERVAL_MS. Safe with any number of instances: the whole
 * digest is one transaction under a transaction-scoped advisory lock (another instance holding it
 * skips its turn), which reads when the last digest went, claims the unsent alerts and queues the
 * email through the outbox, so the alerts are marked sent exactly when their email exists.
 */
export const DIGEST_INTERVAL_MS = 15 * 60_000;
/** Sent alerts are kept this long (the hourly maintenance prunes them). */
export const SENT_ALERTS_KEPT_MS = 30 * 24 * 60 * 60_000;
/** Examples quoted per kind; the rest are counted. */
const EXAMPLES_PER_KIND = 3;
const DIGEST_LOCK = "owner-alert-digest";

/** Per kind: its name in the subject (one, many) and what the owner should do about it. */
const KIND_WORDS: Record<OwnerAlertKind, { one: string; many: string; todo: string }> = {
  "server-errors": {
    one: "server error",
    many: "server errors",
    todo: "Pages failed for shoppers. Check Settings → System and the server's log (search for the request id); if it goes on, call your developer.",
  },
  "job-failed": {
    one: "background job failure",
    many: "background job failures",
    todo: "Work the shop does on its own (emails, payment checks, refunds) failed. Check Settings → System and the server's log.",
  },
  "webhook-refused": {
    one: "refused webhook",
    many: "refused webhooks",
    todo: "Messages claiming to come from Paystack were refused. If they are Paystack's, check the secret key in Settings → Payments; otherwise someone is probing the shop and nothing changed.",
  },
  "payment-mismatch": {
    one: "payment that does not match",
    many: "payments that do not match",
    todo: "Paystack reported a payment for another amount than the order's: the order was not marked paid. Open the order and compare it with the Paystack dashboard.",
  },
  dispute: {
    one: "payment dispute",
    many: "payment disputes",
    todo: "Open the order and answer the dispute in the Paystack dashboard before its due date, or the customer gets the money back.",
  },
  "backup-failed": {
    one: "failed backup",
    many: "failed backups",
    todo: "Check Settings → System: the last backup, and take one now.",
  },
  "backup-missing": {
    one: "missing backup",
    many: "missing backups",
    todo: "No backup was made for over a day. Check Settings → System and take one now.",
  },
  "database-unreachable": {
    one: "database outage",
    many: "database outages",
    todo: 'The shop answered "back in a moment" while the database was away. If this repeats, check the database server or your hosting.',
  },
};

export interface DigestOptions {
  /** The time of this round (a test's clock); default now. */
  now?: Date;
  /** The shop's public origin, for the button to the admin. */
  origin: string;
}

export type DigestOutcome =
  { sent: true; alerts: number; recipients: string[] } | { sent: false; reason: "nothing-to-send" | "too-soon" | "busy" | "no-recipient" };

/** Who receives the digest: Settings → System's alert address, else every admin. */
export async function ownerAlertRecipients(db: Db): Promise<string[]> {
  const { alertEmail } = await getStoreSettings(db);
  return alertEmail.trim() ? [alertEmail.trim()] : adminEmailAddresses(db);
}

/** Sends the digest if there is something to send and the last one went DIGEST_INTERVAL_MS ago or more. */
export async function sendOwnerAlertDigest(db: Db, options: DigestOptions): Promise<DigestOutcome> {
  const now = options.now ?? new Date();
  const settings = await getStoreSettings(db);
  return db.transaction(async (tx): Promise<DigestOutcome> => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtextextended(${DIGEST_LOCK}, 0)) as locked`,
    );
    if (!lock?.locked) return { sent: false, reason: "busy" };
    const [last] = await tx.select({ at: max(ownerAlerts.digestSentAt) }).from(ownerAlerts);
    const lastAt = last?.at ? new Date(last.at) : null;
    if (lastAt && now.getTime() - lastAt.getTime() < DIGEST_INTERVAL_MS) return { sent: false, reason: "too-soon" };
    const alerts = await tx
      .select()
      .from(ownerAlerts)
      .where(isNull(ownerAlerts.digestSentAt))
      .orderBy(asc(ownerAlerts.occurredAt), asc(ownerAlerts.id))
      .for("update", { skipLocked: true });
    if (alerts.length === 0) return { sent: false, reason: "nothing-to-send" };
    const recipients = await ownerAlertRecipients(tx);
    // Nobody to tell yet (no admin made): the alerts wait for one.
    if (recipients.length === 0) return { sent: false, reason: "no-recipient" };
    await tx
      .update(ownerAlerts)
      .set({ digestSentAt: now })
      .where(
        inArray(
          ownerAlerts.id,
          alerts.map((a) => a.id),
        ),
      );
    const content = { storeName: settings.storeName, timeZone: settings.timezone, origin: options.origin };
    for (const to of recipients) await queueEmail(tx, ownerAlertDigestEmail(to, alerts, content));
    return { sent: true, alerts: alerts.length, recipients };
  });
}

export interface DigestAlert {
  kind: string;
  message: string;
  details: Record<string, string | number | null> | null;
  occurredAt: Date;
}

/**
 * How many occurrences an alert stands for: a throttled kind (a burst of server errors, a flood
 * of refused webhooks, a job failing every round) writes one row with `details.count`.
 */
function occurrences(alert: DigestAlert): number {
  const count = alert.details?.count;
  return typeof count === "number" && count > 0 ? count : 1;
}

/** The digest email: a heading per kind with its count, first and last time, a few examples and what to do. */
export function ownerAlertDigestEmail(
  to: string,
  alerts: DigestAlert[],
  { storeName, timeZone, origin }: { storeName: string; timeZone: string; origin: string },
): OutgoingEmail {
  const groups = groupByKind(alerts).map(({ kind, alerts: list }) => {
    const count = list.reduce((sum, alert) => sum + occurrences(alert), 0);
    const words = wordsOf(kind);
    return { kind, list, count, words, counted: `${count} ${count === 1 ? words.one : words.many}` };
  });
  const total = groups.reduce((sum, group) => sum + group.count, 0);
  const counted = groups.map((group) => group.counted);
  const paragraphs = [
    `${storeName} noticed ${joinWords(counted)} since the last alert email. Times are ${zoneLabel(timeZone)}.`,
    ...groups.flatMap(({ list, words, counted: heading }) => {
      const first = formatDateTime(list[0]!.occurredAt, timeZone);
      const last = formatDateTime(list[list.length - 1]!.occurredAt, timeZone);
      const when = first === last ? `at ${first}` : `first at ${first}, last at ${last}`;
      const examples = list.slice(0, EXAMPLES_PER_KIND).map((a) => {
        // An alert about an order links to it (the admin's orders list, searched by its number).
        const order = typeof a.details?.orderNumber === "string" ? a.details.orderNumber : null;
        const link = order ? ` Open the order: ${origin}/admin/orders?search=${encodeURIComponent(order)}` : "";
        return `• ${formatDateTime(a.occurredAt, timeZone)}: ${a.message}${link}`;
      });
      const more = list.length > EXAMPLES_PER_KIND ? [`…and ${list.length - EXAMPLES_PER_KIND} more like these.`] : [];
      return [`${capitalise(heading)}, ${when}.`, ...examples, ...more, `What to do: ${words.todo}`];
    }),
  ];
  const { html, text } = renderEmail({
    storeName,
    preheader: joinWords(counted),
    heading: `${total} alert${total === 1 ? "" : "s"} for ${storeName}`,
    paragraphs,
    button: { label: "Open the admin", url: `${origin}/admin` },
    footer: `Alerts from ${storeName} come at most once every 15 minutes. Choose where they go in Settings → System.`,
  });
  return {
    to,
    subject: `${storeName}: ${total} alert${total === 1 ? "" : "s"} — ${counted.join(", ")}`,
    html,
    text,
    kind: "owner-alert-digest",
  };
}

/** Kinds in the order of `ownerAlertKinds`, each with its alerts oldest first. */
function groupByKind(alerts: DigestAlert[]): { kind: string; alerts: DigestAlert[] }[] {
  const byKind = new Map<string, DigestAlert[]>();
  for (const alert of alerts) byKind.set(alert.kind, [...(byKind.get(alert.kind) ?? []), alert]);
  const rank = (kind: string) => {
    const index = (ownerAlertKinds as readonly string[]).indexOf(kind);
    return index === -1 ? ownerAlertKinds.length : index;
  };
  return [...byKind.entries()].sort(([a], [b]) => rank(a) - rank(b)).map(([kind, list]) => ({ kind, alerts: list }));
}

function wordsOf(kind: string) {
  return KIND_WORDS[kind as OwnerAlertKind] ?? { one: `${kind} alert`, many: `${kind} alerts`, todo: "Check Settings → System." };
}

function joinWords(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Drops alerts sent in a digest more than SENT_ALERTS_KEPT_MS ago (hourly maintenance); returns how many. */
export async function pruneSentOwnerAlerts(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(ownerAlerts)
    .where(lt(ownerAlerts.digestSentAt, new Date(now.getTime() - SENT_ALERTS_KEPT_MS)))
    .returning({ id: ownerAlerts.id });
  return gone.length;
}

/** Alerts waiting for the next digest (the /metrics gauge). */
export async function unsentOwnerAlertCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ownerAlerts)
    .where(isNull(ownerAlerts.digestSentAt));
  return row?.n ?? 0;
}
