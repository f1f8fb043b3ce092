import type { Database } from "~db/client";
import type { EmailTransport } from "~/modules/email/email-transport.server";
import { JobFailureAlerts } from "~/modules/owner-alerts/job-failures.server";
import { startOwnerAlertWorker } from "~/modules/owner-alerts/owner-alert-worker.server";
import { DatabaseAwayAlert } from "./database-away-alert";
import { ServerErrorAlerts } from "./server-error-alerts";

/** While the database is away, how often the "database unreachable" email is considered. */
const AWAY_CHECK_MS = 5_000;

export interface OwnerAlertingOptions {
  database: Database;
  origin: string;
  transport: EmailTransport;
  /** The workers' log (outage errors quieted). */
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  /** The email worker's nudge: a queued digest goes out at once. */
  nudgeEmail: () => void;
}

export type OwnerAlerting = ReturnType<typeof startOwnerAlerting>;

/**
 * Everything that tells the owner (docs/product-rules.md §12), started by server/boot.ts: the
 * digest worker, and the per-process sources whose alerts are not raised inside a module's own
 * transaction: failed background jobs, bursts of server errors (server/http.ts) and the database
 * away (server/database-availability.ts).
 */
export function startOwnerAlerting({ database, origin, transport, log, nudgeEmail }: OwnerAlertingOptions) {
  const db = database.db;
  const worker = startOwnerAlertWorker({ db, origin, log, onQueued: nudgeEmail });
  const jobFailures = new JobFailureAlerts({ db, log, onRaised: worker.nudge });
  const serverErrors = new ServerErrorAlerts({ db, log, onRaised: worker.nudge });
  const databaseAway = new DatabaseAwayAlert({ db, transport, recipients: worker.recipients, log, onRaised: worker.nudge });
  let awayChecks: ReturnType<typeof setInterval> | undefined;
  return {
    jobFailures,
    serverErrors,
    /** Who the digest went to when last read (the "database unreachable" email's recipients). */
    recipients: worker.recipients,
    /** DatabaseAvailability's onChange. */
    databaseChanged(down: boolean, at: Date) {
      clearInterval(awayChecks);
      if (!down) {
        void databaseAway.returned(at);
        return;
      }
      databaseAway.wentAway(at);
      awayChecks = setInterval(() => void databaseAway.check(new Date()), AWAY_CHECK_MS);
      awayChecks.unref();
    },
    async stop() {
      clearInterval(awayChecks);
      await serverErrors.flush();
      await worker.stop();
    },
  };
}
