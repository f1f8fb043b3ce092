import { eq, and, isNull, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { ownerAlerts } from "~db/schema/operations";

/**
 * A burst of server errors (docs/product-rules.md §16): BURST_THRESHOLD answers of 5xx within
 * BURST_WINDOW_MS on this instance raise ONE "server-errors" alert for the window, with the count,
 * the first path and its request id. Errors after it in the same window only raise its count
 * (written at most every COUNT_WRITE_MS, while the digest has not taken it yet), so the digest
 * says how many pages failed. The "back in a moment" 503s of a database outage and maintenance
 * mode's 503 are not errors: the caller leaves them out.
 */
export const BURST_THRESHOLD = 5;
export const BURST_WINDOW_MS = 5 * 60_000;
const COUNT_WRITE_MS = 10_000;

interface ServerError {
  at: number;
  path: string;
  requestId: string;
}

export interface ServerErrorAlertsOptions {
  db: Db;
  log: { warn(obj: object, msg?: string): void };
  /** Told once the alert row is written (the digest worker's nudge). */
  onRaised?: () => void;
  now?: () => Date;
}

export class ServerErrorAlerts {
  private recent: ServerError[] = [];
  private burst: { startedAt: number; count: number; written: number; id: Promise<number | null>; timer?: NodeJS.Timeout } | null = null;

  constructor(private readonly options: ServerErrorAlertsOptions) {}

  /** An answer with a 5xx status (not an outage's or maintenance's 503). */
  record(path: string, requestId: string): void {
    const at = (this.options.now?.() ?? new Date()).getTime();
    if (this.burst && at - this.burst.startedAt < BURST_WINDOW_MS) {
      this.burst.count++;
      this.scheduleCountWrite();
      return;
    }
    this.burst = null;
    this.recent = this.recent.filter((error) => at - error.at < BURST_WINDOW_MS);
    this.recent.push({ at, path, requestId });
    if (this.recent.length < BURST_THRESHOLD) return;
    const first = this.recent[0]!;
    const count = this.recent.length;
    this.recent = [];
    const id = this.raise(first, count);
    this.burst = { startedAt: first.at, count, written: count, id };
  }

  private async raise(first: ServerError, count: number): Promise<number | null> {
    try {
      const [row] = await this.options.db
        .insert(ownerAlerts)
        .values({ kind: "server-errors", message: burstMessage(count, first), details: burstDetails(count, first), occurredAt: new Date(first.at) })
        .returning({ id: ownerAlerts.id });
      this.options.onRaised?.();
      return row?.id ?? null;
    } catch (error) {
      this.options.log.warn({ err: error }, "owner alerts: could not record a burst of server errors");
      return null;
    }
  }

  /** The burst's later errors reach its row in one write every few seconds, never one per error. */
  private scheduleCountWrite(): void {
    const burst = this.burst;
    if (!burst || burst.timer) return;
    burst.timer = setTimeout(() => {
      burst.timer = undefined;
      void this.writeCount(burst);
    }, COUNT_WRITE_MS);
    burst.timer.unref();
  }

  private async writeCount(burst: NonNullable<ServerErrorAlerts["burst"]>): Promise<void> {
    const id = await burst.id;
    if (id === null || burst.count === burst.written) return;
    const count = burst.count;
    try {
      await this.options.db
        .update(ownerAlerts)
        .set({
          details: sql`jsonb_set(${ownerAlerts.details}, '{count}', to_jsonb(${count}::int))`,
          message: sql`regexp_replace(${ownerAlerts.message}, '^[0-9]+ ', ${`${count} `})`,
        })
        .where(and(eq(ownerAlerts.id, id), isNull(ownerAlerts.digestSentAt)));
      burst.written = count;
    } catch (error) {
      this.options.log.warn({ err: error }, "owner alerts: could not count a burst of server errors");
    }
  }

  /** Writes a pending count now (tests; shutdown). */
  async flush(): Promise<void> {
    const burst = this.burst;
    if (!burst) return;
    clearTimeout(burst.timer);
    burst.timer = undefined;
    await this.writeCount(burst);
  }
}

function burstMessage(count: number, first: ServerError): string {
  return `${count} pages or requests failed with a server error within 5 minutes, the first ${first.path} (request id ${first.requestId}).`;
}

function burstDetails(count: number, first: ServerError) {
  return { count, firstPath: first.path, requestId: first.requestId };
}
