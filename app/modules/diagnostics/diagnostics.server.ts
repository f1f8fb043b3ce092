import { databaseVersion, type Db, type DriverName } from "~db/client";
import { recentEmails } from "~/modules/email/email-outbox.server";
import type { EmailTransport } from "~/modules/email/email-transport.server";
import { migrationLevel, type MigrationLevel } from "./migrations.server";
import { errorMessage, tableRowCounts, type TableRowCount } from "./table-counts.server";

/**
 * The admin Diagnostic page's "Run Diagnostics": database, migration level, row counts of every
 * table, email transport and the newest outbox messages. Each check runs on its own and reports
 * its error message instead of throwing, so one failure (a missing table, a database that went
 * away) still shows the rest.
 */
export { type TableRowCount } from "./table-counts.server";
export type { MigrationLevel } from "./migrations.server";

export type Check<T> = { ok: true; value: T } | { ok: false; error: string };

export type RecentEmail = Awaited<ReturnType<typeof recentEmails>>[number];

export interface Diagnostics {
  ranAt: string;
  durationMs: number;
  database: Check<{ driver: DriverName; version: string }>;
  migrations: Check<MigrationLevel>;
  tables: Check<TableRowCount[]>;
  email: Check<{ transport: string; kind: EmailTransport["kind"] }> | null;
  /** The newest outbox messages with status and last error. */
  outbox: Check<RecentEmail[]>;
}

export interface DiagnosticsOptions {
  driver: DriverName;
  /** The running email transport, to say where emails go; omitted → email is null. */
  emailTransport?: Pick<EmailTransport, "kind" | "describe">;
  /** How many outbox messages to list (default 20). */
  outboxLimit?: number;
  /** Another migrations folder (tests). */
  migrationsFolder?: string;
}

async function check<T>(run: () => Promise<T> | T): Promise<Check<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, error: errorMessage(error) };
  }
}

export async function runDiagnostics(db: Db, options: DiagnosticsOptions): Promise<Diagnostics> {
  const started = Date.now();
  const database = await check(async () => ({ driver: options.driver, version: await databaseVersion(db) }));
  const migrations = await check(() => migrationLevel(db, options.migrationsFolder));
  const tables = await check(() => tableRowCounts(db));
  const transport = options.emailTransport;
  const email = transport ? await check(() => ({ transport: transport.describe(), kind: transport.kind })) : null;
  const outbox = await check(() => recentEmails(db, options.outboxLimit ?? 20));
  return { ranAt: new Date(started).toISOString(), durationMs: Date.now() - started, database, migrations, tables, email, outbox };
}
