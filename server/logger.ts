import pino from "pino";

/** One structured logger for the process; request logs carry a request id. */
export function createLogger(level: string) {
  // Buffered, asynchronous writes keep logging off the request's critical path.
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, pino.destination({ dest: 1, sync: false }));
}

export type Logger = ReturnType<typeof createLogger>;
