import type { Db } from "~db/client";
import { formatDateTimeWithZone } from "~/lib/dates";
import type { EmailTransport } from "~/modules/email/email-transport.server";
import { renderEmail } from "~/modules/email/email-templates.server";
import { raiseOwnerAlert } from "~/modules/owner-alerts/owner-alerts.server";
import { lastReadStoreSettings } from "~/modules/settings/settings.server";
import { brand } from "~/lib/brand";

/** Away this long, the owner is emailed at once; a shorter blip only reaches the next digest. */
export const AWAY_EMAIL_AFTER_MS = 60_000;
/** At most one such email per instance in this time, however often the database comes and goes. */
export const AWAY_EMAIL_EVERY_MS = 15 * 60_000;

export interface DatabaseAwayAlertOptions {
  db: Db;
  /** The email transport itself: the outbox lives in the database, which is away. */
  transport: Pick<EmailTransport, "send">;
  /** Who the digest went to when last read (owner-alert-worker.server.ts), kept in memory. */
  recipients: () => string[];
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  /** Told after the "database-unreachable" alert is written (the digest worker's nudge). */
  onRaised?: () => void;
}

/**
 * The database unreachable for more than a minute (docs/product-rules.md §12). While it is away
 * nothing can be queued, so `check` (called every few seconds while away) sends ONE email straight
 * through the transport once it has been away AWAY_EMAIL_AFTER_MS, at most once per
 * AWAY_EMAIL_EVERY_MS; when it returns, `returned` records a "database-unreachable" alert saying
 * from when to when, for the next digest. The clock is the caller's (tests drive it).
 */
export class DatabaseAwayAlert {
  private awaySince: Date | null = null;
  private lastEmailAt: number | null = null;
  private sending: Promise<void> | null = null;

  constructor(private readonly options: DatabaseAwayAlertOptions) {}

  wentAway(at: Date): void {
    this.awaySince ??= at;
  }

  /** Emails the owner if the database has been away long enough and no such email went lately. */
  async check(now: Date): Promise<void> {
    if (!this.awaySince || this.sending) return this.sending ?? undefined;
    if (now.getTime() - this.awaySince.getTime() < AWAY_EMAIL_AFTER_MS) return;
    if (this.lastEmailAt !== null && now.getTime() - this.lastEmailAt < AWAY_EMAIL_EVERY_MS) return;
    this.lastEmailAt = now.getTime();
    this.sending = this.email(this.awaySince).finally(() => (this.sending = null));
    return this.sending;
  }

  /** The database answers again: the outage goes into the next digest, if it lasted over a minute. */
  async returned(at: Date): Promise<void> {
    const since = this.awaySince;
    this.awaySince = null;
    if (!since || at.getTime() - since.getTime() < AWAY_EMAIL_AFTER_MS) return;
    const timeZone = lastReadStoreSettings(this.options.db)?.timezone ?? "UTC";
    const minutes = Math.max(1, Math.round((at.getTime() - since.getTime()) / 60_000));
    try {
      await raiseOwnerAlert(this.options.db, {
        kind: "database-unreachable",
        message:
          `The database did not answer from ${formatDateTimeWithZone(since, timeZone)} to ${formatDateTimeWithZone(at, timeZone)} ` +
          `(about ${minutes} minute${minutes === 1 ? "" : "s"}); shoppers saw "back in a moment" meanwhile.`,
        details: { from: since.toISOString(), to: at.toISOString(), minutes },
        occurredAt: since,
      });
      this.options.onRaised?.();
    } catch (error) {
      this.options.log.warn({ err: error }, "owner alerts: could not record the database outage");
    }
  }

  private async email(since: Date): Promise<void> {
    const recipients = this.options.recipients();
    if (recipients.length === 0) {
      this.options.log.warn({}, "owner alerts: the database is away and nobody is known to tell");
      return;
    }
    const settings = lastReadStoreSettings(this.options.db);
    const storeName = settings?.storeName ?? brand.name;
    const when = formatDateTimeWithZone(since, settings?.timezone ?? "UTC");
    const subject = `${storeName}: the database has not answered since ${when}`;
    const { html, text } = renderEmail({
      storeName,
      preheader: subject,
      heading: "Your shop cannot reach its database",
      paragraphs: [
        `Since ${when} the shop's database has not answered. Shoppers see a "back in a moment" page; pages kept in the cache still show, but nobody can order.`,
        "What to do: check the database server (or your hosting's database service) and that the shop's DATABASE_URL is right. The shop comes back by itself as soon as the database answers.",
        "You will not get this email again for 15 minutes. When the database is back, the next alert email says how long it was away.",
      ],
      footer: `Sent by ${storeName}'s server directly, since its outbox lives in the database. Choose where alerts go in Settings → System.`,
    });
    for (const to of recipients) {
      try {
        await this.options.transport.send({ to, subject, html, text, kind: "database-away-alert" });
        this.options.log.info({ kind: "database-away-alert" }, "owner alerts: database away email sent");
      } catch (error) {
        this.options.log.warn({ err: error }, "owner alerts: could not send the database away email");
      }
    }
  }
}
