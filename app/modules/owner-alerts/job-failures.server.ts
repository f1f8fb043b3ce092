import type { Db } from "~db/client";
import { safeError } from "~/lib/log-privacy.server";
import { CountedAlerts } from "./counted-alerts.server";

/** One "job-failed" row per job per 15 minutes per process: a job failing every round is one alert a digest. */
const JOB_FAILURE_WINDOW_MS = 15 * 60_000;

export interface JobFailureAlertsOptions {
  db: Db;
  /** Where a failure to record the alert goes. */
  log: { warn(obj: object, msg?: string): void };
  /** Told after an alert row is written (the digest worker's nudge). */
  onRaised?: () => void;
  now?: () => Date;
}

/**
 * The background jobs' failures the owner must hear about (docs/product-rules.md §12): the server
 * hands every error its workers log (the email worker giving up on an email, a payment hold or
 * refund confirmation round failing…) to `failed(job, error)`; `job` is what the log line says,
 * a fixed text per place in the code, so the keys stay few. Outage errors never come here: the
 * database being away has its own alert.
 */
export class JobFailureAlerts {
  private readonly alerts: CountedAlerts;
  /** Failures per job since start (the /metrics counter). */
  readonly counts = new Map<string, number>();

  constructor(options: JobFailureAlertsOptions) {
    this.alerts = new CountedAlerts({
      ...options,
      windowMs: JOB_FAILURE_WINDOW_MS,
      alert: (job, count, first) => ({
        kind: "job-failed",
        message: `${capitalise(job)}${first.details.reason ? `: ${first.details.reason}` : ""}${count > 1 ? ` (${count} times)` : ""}.`,
        details: { job, ...first.details },
      }),
    });
  }

  failed(job: string, error: unknown): void {
    this.counts.set(job, (this.counts.get(job) ?? 0) + 1);
    const reason = (safeError(error) as { message?: unknown } | undefined)?.message;
    this.alerts.occurred(job, { reason: typeof reason === "string" ? reason.slice(0, 300) : null });
  }

  flush(): Promise<void> {
    return this.alerts.flush();
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
