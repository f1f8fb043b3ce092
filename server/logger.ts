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
