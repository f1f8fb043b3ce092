import type { Db } from "~db/client";
import { CountedAlerts } from "~/modules/owner-alerts/counted-alerts.server";

/**
 * A burst of server errors (docs/product-rules.md §12): BURST_THRESHOLD answers of 5xx within
 * BURST_WINDOW_MS on this instance raise ONE "server-errors" alert for the window, with the
 * count, the first path and its request id; the errors after it in the window raise its count
 * (CountedAlerts), so the digest says how many requests failed. The "back in a moment" 503s of a
 * database outage and maintenance mode's 503 are not errors: server/http.ts leaves them out.
 */
export const BURST_THRESHOLD = 5;
export const BURST_WINDOW_MS = 5 * 60_000;

export interface ServerErrorAlertsOptions {
  db: Db;
  log: { warn(obj: object, msg?: string): void };
  /** Told once the alert row is written (the digest worker's nudge). */
  onRaised?: () => void;
  now?: () => Date;
}

export class ServerErrorAlerts {
  /** 5xx answers of the last BURST_WINDOW_MS, before a burst is declared. */
  private recent: { at: number; path: string; requestId: string }[] = [];
  /** While a burst's window is open, every 5xx counts into its alert. */
  private burstUntil = 0;
  private readonly alerts: CountedAlerts;

  constructor(private readonly options: ServerErrorAlertsOptions) {
    this.alerts = new CountedAlerts({
      ...options,
      windowMs: BURST_WINDOW_MS,
      maxKeys: 1,
      alert: (_key, count, first) => ({
        kind: "server-errors",
        message: `${count} requests failed with a server error within 5 minutes, the first ${first.details.firstPath} (request id ${first.details.requestId}).`,
        details: first.details,
      }),
    });
  }

  /** An answer with a 5xx status (not an outage's or maintenance's 503). */
  record(path: string, requestId: string): void {
    const at = (this.options.now?.() ?? new Date()).getTime();
    if (at < this.burstUntil) {
      this.alerts.occurred("burst");
      return;
    }
    this.recent = this.recent.filter((error) => at - error.at < BURST_WINDOW_MS);
    // A path is whatever the client asked for: kept short.
    this.recent.push({ at, path: path.slice(0, 200), requestId });
    if (this.recent.length < BURST_THRESHOLD) return;
    const first = this.recent[0]!;
    this.alerts.occurred("burst", { firstPath: first.path, requestId: first.requestId }, this.recent.length);
    this.burstUntil = at + BURST_WINDOW_MS;
    this.recent = [];
  }

  /** Writes a pending count now (tests; shutdown). */
  flush(): Promise<void> {
    return this.alerts.flush();
  }
}
