/**
 * At most one alert row per key (a webhook's refusal reason, a job's name) per window, per
 * process: a flood of forged webhooks or a job failing every round must not fill the table. The
 * occurrences in between are counted and carried by the next row (`count`: this one and those
 * held back), so the digest still says how many there were.
 */
export class AlertThrottle {
  private readonly keys = new Map<string, { lastAt: number; held: number }>();

  constructor(
    private readonly windowMs: number,
    /** Keys remembered at most (the oldest are forgotten): keys come from code, but stay bounded anyway. */
    private readonly maxKeys = 100,
  ) {}

  /** Whether to write a row for `key` now, and how many occurrences it stands for. */
  take(key: string, now: Date = new Date()): { raise: false } | { raise: true; count: number } {
    const at = now.getTime();
    const seen = this.keys.get(key);
    if (seen && at - seen.lastAt < this.windowMs) {
      seen.held++;
      return { raise: false };
    }
    const count = 1 + (seen?.held ?? 0);
    this.keys.delete(key);
    this.keys.set(key, { lastAt: at, held: 0 });
    if (this.keys.size > this.maxKeys) this.keys.delete(this.keys.keys().next().value!);
    return { raise: true, count };
  }
}
