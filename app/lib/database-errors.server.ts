/**
 * Reads PostgreSQL's error code and constraint name from a failed query, whichever driver
 * ran it (node-postgres and PGlite both report them; Drizzle wraps the error in `cause`).
 */
interface PostgresErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

function postgresError(error: unknown): { code: string; constraint: string | undefined } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const fields = current as PostgresErrorFields;
    if (typeof fields.code === "string" && /^[0-9A-Z]{5}$/.test(fields.code)) {
      return { code: fields.code, constraint: typeof fields.constraint === "string" ? fields.constraint : undefined };
    }
    current = fields.cause;
  }
  return null;
}

/** The name of the unique index a query ran into, or undefined if it failed otherwise. */
export function uniqueViolation(error: unknown): string | undefined {
  const found = postgresError(error);
  return found?.code === "23505" ? (found.constraint ?? "") : undefined;
}

/** True when a query failed on a foreign key (e.g. a category deleted meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  return postgresError(error)?.code === "23503";
}
