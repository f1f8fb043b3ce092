/**
 * What a log line may hold: ids, codes and names of things in the shop, never what a customer
 * typed. Database errors are where personal data slips in: Drizzle's query errors carry the
 * query's parameters (in `params` and in the message), and PostgreSQL's (and PGlite's) carry
 * the failing row in `detail` ("Failing row contains (…, Ama Mensah, ama@example.com, …)").
 * The logger (server/logger.ts) serializes every error through `safeError`, and redacts the
 * fields below wherever they appear in a log object.
 */

/** Error fields kept as they are: they name a constraint, a table, a code… never a value. */
const SAFE_ERROR_STRINGS = new Set([
  "code",
  "severity",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "routine",
  "status",
  "reason",
  "kind",
]);

/** Log-object keys whose values are personal (or secret) wherever they appear, one level deep too. */
export const REDACTED_KEYS = [
  "email",
  "to",
  "phone",
  "address",
  "customerName",
  "customerEmail",
  "customerPhone",
  "customerAddress",
  "password",
  "params",
  "detail",
  "cookie",
];

export const redactPaths = [...REDACTED_KEYS, ...REDACTED_KEYS.map((key) => `*.${key}`)];

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/** Masks email addresses in free text (error messages, log messages). */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, "[email]");
}

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  cause?: unknown;
  errors?: unknown;
  body?: unknown;
  [key: string]: unknown;
}

const isErrorLike = (value: unknown): value is ErrorLike =>
  value instanceof Error || (typeof value === "object" && value !== null && typeof (value as ErrorLike).message === "string");

/**
 * An error's message without the values it quotes: Drizzle appends "params: …" (cut), and
 * PostgreSQL's data exceptions (SQLSTATE class 22: `invalid input syntax for type integer:
 * "…"`, `value "…" is out of range…`) quote the value (masked). Email addresses are masked
 * in any message.
 */
function safeMessage(error: ErrorLike): string {
  let message = typeof error.message === "string" ? error.message : String(error.message);
  message = message.replace(/\nparams: [\s\S]*$/, "\nparams: [redacted]");
  if (typeof error.code === "string" && error.code.startsWith("22")) message = message.replace(/"[^"]*"/g, '"[redacted]"');
  return maskEmails(message);
}

/** The stack's frames under the safe message (the first line of a stack repeats the message). */
function safeStack(error: ErrorLike, type: string, message: string): string | undefined {
  if (typeof error.stack !== "string") return undefined;
  const frames = error.stack.split("\n").filter((line) => /^\s+at /.test(line));
  return [`${type}: ${message}`, ...frames].join("\n");
}

/**
 * An error as a log line may show it: type, safe message and stack, the fields that name
 * things (SQLSTATE code, constraint, table, column…), numbers and booleans (ids, counts), the
 * SQL text of a failed query (placeholders, never values), and its causes the same way.
 * Everything else an error carries (params, detail, where, hint, request bodies…) is left out.
 */
export function safeError(value: unknown, depth = 0, parentQuery?: string): unknown {
  if (!isErrorLike(value)) return typeof value === "string" ? maskEmails(value) : value;
  const isDatabaseError = typeof value.code === "string" && /^[0-9A-Z]{5}$/.test(value.code);
  const constructorName = value instanceof Error ? value.constructor.name : "";
  // PGlite's error class has a minified name ("O"); say what it is instead.
  const type = constructorName.length > 2 ? constructorName : isDatabaseError ? "DatabaseError" : "Error";
  const message = safeMessage(value);
  const out: Record<string, unknown> = { type, message, stack: safeStack(value, type, message) };
  for (const key of Object.keys(value)) {
    const field = value[key];
    if (key === "cause" || key === "errors" || key === "stack" || key === "message") continue;
    if (typeof field === "number" || typeof field === "boolean") out[key] = field;
    else if (typeof field === "string" && SAFE_ERROR_STRINGS.has(key)) out[key] = maskEmails(field);
    else if (key === "query" && typeof field === "string" && field !== parentQuery) out.query = field.slice(0, 2_000);
  }
  // better-auth's APIError says what went wrong in body.code.
  const bodyCode = (value.body as { code?: unknown } | undefined)?.code;
  if (out.code === undefined && typeof bodyCode === "string") out.code = bodyCode;
  if (depth < 5) {
    const query = typeof value.query === "string" ? value.query : parentQuery;
    if (value.cause !== undefined) out.cause = safeError(value.cause, depth + 1, query);
    if (Array.isArray(value.errors)) out.errors = value.errors.map((e) => safeError(e, depth + 1));
  }
  return out;
}

/**
 * Arguments a library handed its logger (better-auth's `logger.log(level, message, ...args)`),
 * made loggable: the first error goes under `err` (serialized by safeError), other errors,
 * strings and numbers are kept safely, objects only by the names of their keys (a user or a
 * request body must not reach the log).
 */
export function safeLogArgs(args: unknown[]): { err?: unknown; args?: unknown[] } {
  const err = args.find(isErrorLike);
  const rest = args
    .filter((arg) => arg !== err)
    .map((arg) => {
      if (isErrorLike(arg)) return safeError(arg);
      if (typeof arg === "string") return maskEmails(arg);
      if (typeof arg === "number" || typeof arg === "boolean" || arg === null || arg === undefined) return arg;
      if (typeof arg === "object") return { keys: Object.keys(arg) };
      return typeof arg;
    });
  return { ...(err ? { err } : {}), ...(rest.length ? { args: rest } : {}) };
}
