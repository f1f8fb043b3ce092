import type { Db } from "~db/client";
import { safeError } from "~/lib/log-privacy.server";
import { AlertThrottle } from "./alert-throttle";
import { raiseOwnerAlert } from "./owner-alerts.server";

/** One "job-failed" row per job per 15 minutes per process: a job failing every round is one alert a digest. */
const JOB_FAILURE_WINDOW_MS = 15 * 60_000;

export interface JobFailureAlertsOptions {
  db: Db;
  /** Where a failure to record the alert goes (the database is usually fine: a job failed for its own reason). */
  log: { warn(obj: object, msg?: string): void };
  /** Told after an alert row is written (the digest worker's nudge). */
  onRaised?: () => void;
  now?: () => Date;
}

/**
 * The background jobs' failures the owner must hear about (docs/product-rules.md §16): the server
 * hands every error its workers log (the email worker giving up on an email, a payment hold or
 * refund confirmation round failing…) to `failed(job, error)`; `job` is what the log line says,
 * a fixed text per place in the code, so the keys stay few. Outage errors never come here: the
 * database being away has its own alert.
 */
export class JobFailureAlerts {
  private readonly throttle = new AlertThrottle(JOB_FAILURE_WINDOW_MS);
  /** Failures recorded per job since start (the /metrics counter reads them). */
  readonly counts = new Map<string, number>();

  constructor(private readonly options: JobFailureAlertsOptions) {}

  failed(job: string, error: unknown): void {
    this.counts.set(job, (this.counts.get(job) ?? 0) + 1);
    const now = this.options.now?.() ?? new Date();
    const turn = this.throttle.take(job, now);
    if (!turn.raise) return;
    const reason = (safeError(error) as { message?: unknown } | undefined)?.message;
    const why = typeof reason === "string" && reason ? `: ${reason.slice(0, 300)}` : "";
    const times = turn.count > 1 ? ` (${turn.count} failures since the last such alert)` : "";
    raiseOwnerAlert(this.options.db, {
      kind: "job-failed",
      message: `${capitalise(job)}${why}${times}.`,
      details: { job, count: turn.count },
      occurredAt: now,
    })
      .then(() => this.options.onRaised?.())
      .catch((failure: unknown) => this.options.log.warn({ err: failure }, "owner alerts: could not record a failed job"));
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
