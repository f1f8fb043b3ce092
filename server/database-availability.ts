/**
 * Is the database there? One answer per process, shared by every request (decision 023).
 *
 * A request that fails because the database cannot be reached (a restart, a failover, a network
 * drop, the embedded database's folder gone) tells this module (`notice`). From then on the
 * shop is "down": the HTTP layer answers the "back in a moment" 503 at once instead of queueing
 * requests behind connections that cannot be made (pages already in the page cache are still
 * served). Meanwhile one probe at a time asks the database (`select 1`, or on PGlite a look at
 * its folder) about every second; the first answer clears the state, so the shop recovers by
 * itself within a second or two of the database's return. The outage is logged once when it
 * starts (error) and once when it ends (warn), never per request.
 */

export interface AvailabilityLog {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface DatabaseAvailabilityOptions {
  /** Resolves when the database answers; rejects (or never settles) while it cannot. */
  probe: () => Promise<unknown>;
  log: AvailabilityLog;
  /** Pause between probes while down (default 1 s). */
  probeIntervalMs?: number;
  /** A probe that has not answered by then counts as failed (default 5 s). */
  probeTimeoutMs?: number;
  /** Told when the database goes away and when it answers again (the owner's alerts). */
  onChange?: (down: boolean, at: Date) => void;
}

/**
 * PostgreSQL's SQLSTATEs that mean "no database to talk to", not "your statement was wrong":
 * admin_shutdown and crash_shutdown (a restart ends every session), cannot_connect_now
 * (starting up or shutting down), too_many_connections, and whole classes 08 (connection
 * exception) and 58 (system error: on the embedded database, its files could not be opened).
 */
const UNAVAILABLE_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);
const UNAVAILABLE_CLASSES = ["08", "58"];
/** Node's socket errors on the way to the server. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
/** node-postgres and pg-pool say it in words, without a code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/i, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect/i, // the pool's connectionTimeoutMillis
  /is not queryable/i, // a client whose connection already failed
  /^PGlite is closed/i,
];
/**
 * The embedded database reports a file it cannot open with the code errno maps to: 58P01 (gone,
 * class 58 above), but 42501 for EACCES and 42809 for ENOTDIR, codes an ordinary statement can
 * also earn; with "could not … file/directory" they mean the folder.
 */
const FILE_ACCESS_CODES = new Set(["42501", "42809"]);
const FILE_ACCESS_MESSAGE = /^could not \w+ (file|directory)/i;

/**
 * Whether `error` (or what it wraps: Drizzle's "Failed query" error keeps the driver's as its
 * cause) says the database could not be reached, as opposed to a statement it refused.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    if (isUnavailableItself(current)) return true;
    // Node's happy-eyeballs connect (localhost: ::1 then 127.0.0.1) fails with every attempt's error.
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailableError(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function isUnavailableItself(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === "string" ? message : "";
  if (typeof code === "string") {
    if (UNAVAILABLE_CODES.has(code) || SOCKET_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_CLASSES.includes(code.slice(0, 2))) return true;
    if (FILE_ACCESS_CODES.has(code) && FILE_ACCESS_MESSAGE.test(text)) return true;
  }
  // PGlite's WebAssembly instance aborted: it answers nothing more until the process restarts.
  if (typeof WebAssembly !== "undefined" && error instanceof WebAssembly.RuntimeError) return true;
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(text));
}

export class DatabaseAvailability {
  private downSince: number | null = null;
  private probing = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly probeIntervalMs: number;
  private readonly probeTimeoutMs: number;

  constructor(private readonly options: DatabaseAvailabilityOptions) {
    this.probeIntervalMs = options.probeIntervalMs ?? 1_000;
    this.probeTimeoutMs = options.probeTimeoutMs ?? 5_000;
  }

  /** The database could not be reached lately and has not answered a probe since. */
  get down(): boolean {
    return this.downSince !== null;
  }

  /**
   * Looks at an error a request (or a worker) met: a connection-class failure marks the
   * database down and starts the probe. Returns whether it was one.
   */
  notice(error: unknown): boolean {
    if (!isDatabaseUnavailableError(error)) return false;
    if (this.downSince === null && !this.stopped) {
      this.downSince = Date.now();
      this.options.log.error({ err: error }, "database unreachable: answering 503 (back in a moment) until it answers again");
      this.options.onChange?.(true, new Date(this.downSince));
      this.scheduleProbe(this.probeIntervalMs);
    }
    return true;
  }

  /** Stops probing (shutdown). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private scheduleProbe(ms: number): void {
    if (this.timer || this.probing || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.probeOnce();
    }, ms);
    this.timer.unref?.();
  }

  private async probeOnce(): Promise<void> {
    if (this.probing || this.stopped || this.downSince === null) return;
    this.probing = true;
    let answered = false;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        this.options.probe(),
        new Promise((_, reject) => {
          timeout = setTimeout(() => reject(new Error("database probe timed out")), this.probeTimeoutMs);
          timeout.unref?.();
        }),
      ]);
      answered = true;
    } catch {
      // Still away: the next probe tries again.
    } finally {
      clearTimeout(timeout);
      this.probing = false;
    }
    if (answered && this.downSince !== null) {
      const seconds = Math.round((Date.now() - this.downSince) / 100) / 10;
      this.downSince = null;
      this.options.log.warn({ seconds }, `database reachable again after ${seconds} s: serving normally`);
      this.options.onChange?.(false, new Date());
      return;
    }
    if (this.downSince !== null) this.scheduleProbe(this.probeIntervalMs);
  }
}
