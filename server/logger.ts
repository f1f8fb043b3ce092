import { format } from "node:util";
import pino from "pino";
import { maskEmails, redactPaths, safeError } from "~/lib/log-privacy.server";

/**
 * One structured logger for the process; request logs carry a request id. Errors are
 * serialized without the values they carry (`safeError`: no query parameters, no failing row),
 * personal fields are redacted wherever they appear, and email addresses are masked in
 * messages (app/lib/log-privacy.server.ts). Log ids, not personal data.
 *
 * `destination` is for tests (capture the lines); `sync` writes at once (for a last line
 * before the process exits).
 */
export function createLogger(level: string, options: { destination?: pino.DestinationStream; sync?: boolean } = {}) {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: safeError, error: safeError },
      redact: { paths: redactPaths, censor: "[redacted]" },
      hooks: {
        logMethod(args, method) {
          const masked = args.map((arg: unknown) => (typeof arg === "string" ? maskEmails(arg) : arg));
          return method.apply(this, masked as Parameters<typeof method>);
        },
      },
    },
    // Buffered, asynchronous writes keep logging off the request's critical path.
    options.destination ?? pino.destination({ dest: 1, sync: options.sync ?? false }),
  );
}

export type Logger = ReturnType<typeof createLogger>;

type Level = "info" | "warn" | "error";
/** What a request's code logs with: `context.log` in loaders and actions (AppServices["log"]). */
export type RequestLog = Record<Level, (obj: object | string, msg?: string) => void>;

/**
 * A request's logger: the process's, each line bound to the request's id. The bound child is
 * made the first time the request logs: most requests log nothing, and pino makes a child by
 * passing its bindings through the redaction (4 KB of garbage a request, in a heap profile of
 * pages nobody had asked for yet).
 */
export function requestLogger(logger: Logger, requestId: string): RequestLog {
  let child: Logger | undefined;
  const at =
    (level: Level) =>
    (obj: object | string, msg?: string): void => {
      const log = (child ??= logger.child({ requestId }));
      if (typeof obj === "string") log[level](obj);
      else if (msg === undefined) log[level](obj);
      else log[level](obj, msg);
    };
  return { info: at("info"), warn: at("warn"), error: at("error") };
}

/**
 * Every line the process writes is JSON: what libraries print with console (React Router's
 * "No routes matched location" and URL decoding warnings, the HTTP server's notes) goes through
 * the logger instead, at the console method's level, an Error as `err`. The production server
 * calls this once it has its logger.
 */
export function routeConsoleToLogger(logger: Logger): void {
  const levels = { debug: "debug", log: "info", info: "info", warn: "warn", error: "error", trace: "debug" } as const;
  for (const [method, level] of Object.entries(levels) as [keyof typeof levels, (typeof levels)[keyof typeof levels]][]) {
    // eslint-disable-next-line no-console -- replacing console is the point: its lines become JSON
    console[method] = (...args: unknown[]) => {
      const err = args.find((arg): arg is Error => arg instanceof Error);
      const rest = args.filter((arg) => arg !== err);
      const message = rest.length ? format(...rest) : (err?.message ?? "");
      if (err) logger[level]({ source: "console", err }, message);
      else logger[level]({ source: "console" }, message);
    };
  }
}
