import type { Db } from "~db/client";
import { ownerAlertRecipients, sendOwnerAlertDigest, type DigestOutcome } from "./owner-alert-digest.server";

export interface OwnerAlertWorkerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface OwnerAlertWorkerOptions {
  db: Db;
  /** The shop's public origin (the digest's button). */
  origin: string;
  log: OwnerAlertWorkerLog;
  /** Called once a digest is queued (the email worker's nudge). */
  onQueued?: () => void;
  /** The clock (tests); default the real one. */
  now?: () => Date;
  /** Between rounds; default a minute. */
  intervalMs?: number;
}

/**
 * Runs the digest (owner-alert-digest.server.ts) every minute in the server process and when
 * nudged (an alert raised here). Each round also remembers who the digest goes to, so that the
 * "database unreachable" email, which cannot read them while the database is away, has them.
 * `stop()` waits for the round in progress.
 */
export function startOwnerAlertWorker(options: OwnerAlertWorkerOptions) {
  const { db, origin, log, onQueued, now = () => new Date(), intervalMs = 60_000 } = options;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let recipients: string[] = [];
  // Said once until a digest can go: a shop without an admin yet would otherwise hear it every minute.
  let toldNoRecipient = false;

  const round = async (): Promise<DigestOutcome> => {
    recipients = await ownerAlertRecipients(db);
    const outcome = await sendOwnerAlertDigest(db, { now: now(), origin });
    if (outcome.sent) {
      toldNoRecipient = false;
      log.info({ alerts: outcome.alerts, recipients: outcome.recipients.length }, "owner alerts: digest email queued");
      onQueued?.();
    } else if (outcome.reason === "no-recipient" && !toldNoRecipient) {
      toldNoRecipient = true;
      log.warn({}, "owner alerts: no admin and no alert address to send the digest to");
    }
    return outcome;
  };
  const tick = async (): Promise<void> => {
    if (stopped || busy) return;
    busy = true;
    clearTimeout(timer);
    running = round().catch((error: unknown) => log.warn({ err: error }, "owner alerts: digest round failed"));
    await running;
    busy = false;
    if (stopped) return;
    timer = setTimeout(() => void tick(), intervalMs);
    timer.unref?.();
  };
  timer = setTimeout(() => void tick(), 0);
  timer.unref?.();

  return {
    /** Runs a round now (an alert was just raised in this process). */
    nudge: () => void tick(),
    /** Who the last round found the digest goes to (empty before the first round). */
    recipients: () => recipients,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
