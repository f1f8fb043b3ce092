import { formatDateTime } from "~/lib/dates";
import { DashboardPanel } from "~/components/admin/dashboard/dashboard-panel";
import { CheckStatus, ResultRow } from "./check-status";
import { tableError, type DiagnosticReport } from "./diagnostic-types";

const count = (n: number) => n.toLocaleString("en-GB");

/** Who is asking: email, role (from its own lookup) and whether the admin check passes. */
export function UserCard({ user }: { user: DiagnosticReport["user"] }) {
  return (
    <DashboardPanel title="Current user" description="The signed-in account and what the role check says.">
      <dl className="divide-y divide-border">
        <ResultRow label="User">
          <span className="font-medium" data-testid="diagnostic-email">
            {user.email}
          </span>
        </ResultRow>
        <ResultRow label="Role">
          {user.role.ok ? (
            <span data-testid="diagnostic-role">
              <span className="font-semibold">{user.role.value.role}</span>
              {!user.role.value.row && <span className="text-stone"> (no role record: treated as customer)</span>}
            </span>
          ) : (
            <CheckStatus tone="fail">Role check failed: {user.role.error}</CheckStatus>
          )}
        </ResultRow>
        <ResultRow label="Admin access">
          {user.adminAccess ? (
            <CheckStatus tone="ok">Granted: every admin page and action is open to this account</CheckStatus>
          ) : (
            <CheckStatus tone="fail">Denied: this account is not an admin</CheckStatus>
          )}
        </ResultRow>
      </dl>
    </DashboardPanel>
  );
}

/** Driver, server version and how far the migrations have got. */
export function DatabaseCard({ database, migrations }: Pick<DiagnosticReport, "database" | "migrations">) {
  return (
    <DashboardPanel title="Database" description="Which database the shop talks to, and its schema level.">
      <dl className="divide-y divide-border">
        <ResultRow label="Driver">
          {database.ok ? (
            <code className="rounded-sm bg-sand px-1.5 py-0.5 font-mono text-[0.8rem]" data-testid="diagnostic-driver">
              {database.value.driver}
            </code>
          ) : (
            <CheckStatus tone="fail">Database: {database.error}</CheckStatus>
          )}
        </ResultRow>
        {database.ok && (
          <ResultRow label="Server">
            <span title={database.value.fullVersion}>{database.value.version}</span>
          </ResultRow>
        )}
        <ResultRow label="Migrations">
          {!migrations.ok ? (
            <CheckStatus tone="fail">Migrations: {migrations.error}</CheckStatus>
          ) : (
            <div className="space-y-1">
              <p>
                {migrations.value.applied} of {migrations.value.known} applied
                {migrations.value.latest?.tag && (
                  <>
                    , latest <code className="font-mono text-[0.8rem]">{migrations.value.latest.tag}</code>
                  </>
                )}
              </p>
              {migrations.value.upToDate ? (
                <CheckStatus tone="ok">Up to date</CheckStatus>
              ) : (
                <CheckStatus tone="warn">
                  {migrations.value.pending.length > 0 &&
                    `Pending: ${migrations.value.pending.join(", ")}. They are applied at the next start. `}
                  {migrations.value.latestChanged && "The latest applied migration file was edited after it ran."}
                </CheckStatus>
              )}
            </div>
          )}
        </ResultRow>
      </dl>
    </DashboardPanel>
  );
}

/** Row counts of every table (an estimate above the exact-count limit). */
export function TablesCard({ tables }: Pick<DiagnosticReport, "tables">) {
  return (
    <DashboardPanel title="Tables" description="Rows in every table of the database.">
      {!tables.ok ? (
        <CheckStatus tone="fail">Tables: {tables.error}</CheckStatus>
      ) : (
        <div className="relative -mx-5 overflow-x-auto md:mx-0">
          <table className="w-full min-w-[18rem] text-sm">
            <caption className="sr-only">Row counts per table</caption>
            <thead>
              <tr className="border-b border-border text-left text-xs tracking-[0.12em] text-stone uppercase">
                <th scope="col" className="px-5 py-2 font-semibold md:px-2">
                  Table
                </th>
                <th scope="col" className="px-5 py-2 text-right font-semibold md:px-2">
                  Rows
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {tables.value.map((t) => (
                <tr key={t.name}>
                  <th scope="row" className="px-5 py-2 text-left font-mono text-[0.8rem] font-normal md:px-2">
                    {t.name}
                  </th>
                  <td className="px-5 py-2 text-right tabular-nums md:px-2">
                    {t.error ? (
                      <CheckStatus tone="fail">{tableError(t.name, t.error)}</CheckStatus>
                    ) : t.rows === null ? (
                      "—"
                    ) : (
                      <span title={t.exact ? undefined : "Estimate from the database's statistics (large table)"}>
                        {t.exact ? "" : "≈ "}
                        {count(t.rows)}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </DashboardPanel>
  );
}

const outboxTone: Record<string, string> = {
  sent: "bg-green-100 text-green-900 ring-green-300",
  pending: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  retrying: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  failed: "bg-red-100 text-red-900 ring-red-300",
};

/** Where emails go, and the newest messages of the outbox with their status. */
export function EmailCard({
  email,
  outbox,
  timeZone,
  className,
}: Pick<DiagnosticReport, "email" | "outbox"> & { timeZone: string; className?: string }) {
  return (
    <DashboardPanel
      title="Email"
      description="Emails are queued in the database and sent by a background worker, with retries."
      className={className}
    >
      <dl className="divide-y divide-border">
        <ResultRow label="Transport">
          {email === null ? (
            "Not reported"
          ) : email.ok ? (
            <span data-testid="diagnostic-transport">
              {email.value.transport}
              {email.value.kind === "files" && (
                <span className="block text-xs text-stone">
                  No SMTP server configured: emails are written as files instead of being sent.
                </span>
              )}
            </span>
          ) : (
            <CheckStatus tone="fail">Email: {email.error}</CheckStatus>
          )}
        </ResultRow>
      </dl>
      <h3 className="mt-4 mb-2 font-sans text-sm font-semibold">Outbox, newest first (at most 20)</h3>
      {!outbox.ok ? (
        <CheckStatus tone="fail">{tableError("email_outbox", outbox.error)}</CheckStatus>
      ) : outbox.value.length === 0 ? (
        <p className="text-sm text-stone">No emails yet.</p>
      ) : (
        <div className="relative -mx-5 overflow-x-auto md:mx-0">
          <table className="w-full min-w-[44rem] text-sm">
            <caption className="sr-only">Newest outbox messages</caption>
            <thead>
              <tr className="border-b border-border text-left text-xs tracking-[0.12em] text-stone uppercase">
                <th scope="col" className="px-5 py-2 font-semibold md:px-2">
                  Date
                </th>
                <th scope="col" className="px-2 py-2 font-semibold">
                  Recipient
                </th>
                <th scope="col" className="px-2 py-2 font-semibold">
                  Subject
                </th>
                <th scope="col" className="px-2 py-2 font-semibold">
                  Status
                </th>
                <th scope="col" className="px-2 py-2 text-right font-semibold">
                  Attempts
                </th>
                <th scope="col" className="px-5 py-2 font-semibold md:px-2">
                  Error
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {outbox.value.map((m) => (
                <tr key={m.id} className="align-top">
                  <td className="px-5 py-2 whitespace-nowrap tabular-nums md:px-2">
                    <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, timeZone)}</time>
                  </td>
                  <td className="px-2 py-2 break-all">{m.to}</td>
                  <td className="px-2 py-2">{m.subject}</td>
                  <td className="px-2 py-2">
                    <span
                      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${outboxTone[m.status] ?? "bg-sand text-charcoal ring-sand-deep"}`}
                    >
                      {m.status}
                    </span>
                  </td>
                  <td className="px-2 py-2 text-right tabular-nums">{m.attempts}</td>
                  <td className="px-5 py-2 text-xs text-destructive md:px-2">{m.lastError ?? <span className="text-stone">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </DashboardPanel>
  );
}
