import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { ownerAlerts } from "~db/schema/operations";
import type { OwnerAlert } from "./owner-alerts.server";

/** Later occurrences reach their row in one write per this long, never one per occurrence. */
const COUNT_WRITE_MS = 10_000;

export interface CountedAlertsOptions {
  db: Db;
  /** One row per key per window: a key's occurrences within it only raise the row's count. */
  windowMs: number;
  /** What the row says for `count` occurrences (rewritten as the count grows). */
  alert: (key: string, count: number, first: { at: Date; details: Record<string, string | number | null> }) => OwnerAlert;
  log: { warn(obj: object, msg?: string): void };
  /** Told after a row is written (the digest worker's nudge). */
  onRaised?: () => void;
  now?: () => Date;
  /** Keys remembered at most (keys come from code, but stay bounded anyway). */
  maxKeys?: number;
}

interface Window {
  startedAt: number;
  first: { at: Date; details: Record<string, string | number | null> };
  count: number;
  written: number;
  id: Promise<number | null>;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * Alerts that may come in floods (a burst of server errors, forged webhooks, a job failing every
 * round): per process, ONE row per key per window, whose `details.count` and message say how many
 * occurrences it stands for, so the table stays small and the digest still tells the whole count.
 * A count the digest already took before it was written starts a new row with the remainder.
 * Never throws: a row that cannot be written is logged and dropped.
 */
export class CountedAlerts {
  private readonly windows = new Map<string, Window>();
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly options: CountedAlertsOptions) {}

  /** One occurrence (or `count` of them) of `key`; `details` are the first one's (path, sender…). */
  occurred(key: string, details: Record<string, string | number | null> = {}, count = 1): void {
    const now = this.options.now?.() ?? new Date();
    const open = this.windows.get(key);
    if (open && now.getTime() - open.startedAt < this.options.windowMs) {
      open.count += count;
      this.scheduleWrite(key, open);
      return;
    }
    if (open) this.track(this.writeCount(key, open));
    this.windows.delete(key);
    const window: Window = { startedAt: now.getTime(), first: { at: now, details }, count, written: count, id: Promise.resolve(null) };
    window.id = this.insert(key, window, count);
    this.track(window.id);
    this.windows.set(key, window);
    const maxKeys = this.options.maxKeys ?? 100;
    if (this.windows.size > maxKeys) this.windows.delete(this.windows.keys().next().value!);
  }

  /** Writes every pending count now and waits for every write (tests; shutdown). */
  async flush(): Promise<void> {
    for (const [key, window] of this.windows) {
      clearTimeout(window.timer);
      window.timer = undefined;
      this.track(this.writeCount(key, window));
    }
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private track(work: Promise<unknown>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  private async insert(key: string, window: Window, count: number): Promise<number | null> {
    const alert = this.options.alert(key, count, window.first);
    try {
      const [row] = await this.options.db
        .insert(ownerAlerts)
        .values({
          kind: alert.kind,
          message: alert.message,
          details: { ...alert.details, count },
          occurredAt: alert.occurredAt ?? window.first.at,
        })
        .returning({ id: ownerAlerts.id });
      this.options.onRaised?.();
      return row?.id ?? null;
    } catch (error) {
      this.options.log.warn({ err: error }, "owner alerts: could not record an alert");
      return null;
    }
  }

  private scheduleWrite(key: string, window: Window): void {
    if (window.timer) return;
    window.timer = setTimeout(() => {
      window.timer = undefined;
      this.track(this.writeCount(key, window));
    }, COUNT_WRITE_MS);
    window.timer.unref?.();
  }

  private async writeCount(key: string, window: Window): Promise<void> {
    const id = await window.id;
    const count = window.count;
    if (id === null || count === window.written) return;
    const alert = this.options.alert(key, count, window.first);
    try {
      const updated = await this.options.db
        .update(ownerAlerts)
        .set({ message: alert.message, details: sql`${JSON.stringify({ ...alert.details, count })}::jsonb` })
        .where(and(eq(ownerAlerts.id, id), isNull(ownerAlerts.digestSentAt)))
        .returning({ id: ownerAlerts.id });
      if (updated.length === 0) {
        // The digest took the row meanwhile: the occurrences since then make a row of their own.
        const rest = count - window.written;
        window.first = { at: this.options.now?.() ?? new Date(), details: window.first.details };
        window.count = window.written = rest;
        window.id = this.insert(key, window, rest);
        await window.id;
        return;
      }
      window.written = count;
    } catch (error) {
      this.options.log.warn({ err: error }, "owner alerts: could not count an alert's occurrences");
    }
  }
}
