import type { Check, MigrationLevel, TableRowCount } from "~/modules/diagnostics/diagnostics.server";

/** One outbox message as the page shows it (dates as ISO strings). */
export interface OutboxRow {
  id: number;
  to: string;
  subject: string;
  kind: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** What "Run Diagnostics" reports (the loader's answer to ?run=1). */
export interface DiagnosticReport {
  ranAt: string;
  durationMs: number;
  user: { email: string; role: Check<{ role: string; row: boolean }>; adminAccess: boolean };
  database: Check<{ driver: string; version: string; fullVersion: string }>;
  migrations: Check<MigrationLevel>;
  tables: Check<TableRowCount[]>;
  email: Check<{ transport: string; kind: string }> | null;
  outbox: Check<OutboxRow[]>;
}

/** The answer to "Make Current User Admin". */
export type ClaimAdminResult = { ok: true; message: string } | { ok: false; message: string };

/** "user_roles" → "User roles table: {message}" (docs/product-rules.md §8's "Products table: {message}"). */
export function tableError(table: string, message: string): string {
  const words = table.replace(/_/g, " ");
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} table: ${message}`;
}
