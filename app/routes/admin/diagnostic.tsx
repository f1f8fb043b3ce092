import { actAsStaff } from "~/modules/activity/activity-actor.server";
import { Activity, PlayCircle } from "lucide";
import { data, Form, useNavigation } from "react-router";
import { Icon } from "~/components/ui/icon";
import { formatDateTime } from "~/lib/dates";
import { ClaimAdminButton, ClaimAdminHint } from "~/components/admin/diagnostic/claim-admin";
import type { ClaimAdminResult, DiagnosticReport } from "~/components/admin/diagnostic/diagnostic-types";
import { DatabaseCard, EmailCard, TablesCard, UserCard } from "~/components/admin/diagnostic/report-cards";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { diagnosticForms } from "~/modules/diagnostics/diagnostic-forms";
import { guardAction } from "~/modules/auth/action-guard.server";
import { ADMIN_ROUTES } from "~/modules/auth/admin-access";
import { isStaffRole } from "~/modules/auth/capabilities";
import { claimFirstOwner, countOwners, StaffChangeError } from "~/modules/auth/staff.server";
import { requireStaff, requireStaffPage, requireUser } from "~/modules/auth/session.server";
import { checkUserRole } from "~/modules/diagnostics/role-check.server";
import { runDiagnostics } from "~/modules/diagnostics/diagnostics.server";
import { shortDatabaseVersion } from "~/modules/diagnostics/system-info.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/diagnostic";

export const meta: Route.MetaFunction = () => [{ title: "Diagnostic | Admin" }];

/** The page; with ?run=1 (the Run Diagnostics form) it also runs every check. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const viewer = await requireStaffPage(request, context, "admin/diagnostic");
  const db = context.database.db;
  const run = url.searchParams.has("run");
  const [settings, adminCount] = await Promise.all([getStoreSettings(db), countOwners(db)]);
  let report: DiagnosticReport | null = null;
  if (run) {
    const transport = context.email.transport;
    const [diagnostics, role] = await Promise.all([
      runDiagnostics(db, {
        driver: context.database.driver,
        // The context carries the transport's description; "SMTP host:port" or "files in …".
        emailTransport: { kind: transport.startsWith("SMTP") ? "smtp" : "files", describe: () => transport },
        outboxLimit: 20,
      }),
      checkUserRole(db, viewer.id),
    ]);
    report = {
      ranAt: diagnostics.ranAt,
      durationMs: diagnostics.durationMs,
      user: { email: viewer.email, role, adminAccess: role.ok && isStaffRole(role.value.role) },
      // "PostgreSQL 17.4" on the page; the whole version() string stays in a tooltip.
      database: diagnostics.database.ok
        ? {
            ok: true,
            value: {
              ...diagnostics.database.value,
              version: shortDatabaseVersion(diagnostics.database.value.version),
              fullVersion: diagnostics.database.value.version,
            },
          }
        : diagnostics.database,
      migrations: diagnostics.migrations,
      tables: diagnostics.tables,
      email: diagnostics.email,
      outbox: diagnostics.outbox.ok
        ? {
            ok: true,
            value: diagnostics.outbox.value.map((m) => ({
              ...m,
              createdAt: m.createdAt.toISOString(),
              sentAt: m.sentAt ? m.sentAt.toISOString() : null,
            })),
          }
        : diagnostics.outbox,
    };
  }
  return { viewer: { email: viewer.email, role: viewer.role }, adminCount, timeZone: settings.timezone, report };
}

/**
 * "Make Current User Admin". The one admin-area action a signed-in non-staff may post, and only
 * while the shop has no owner at all (it makes them the Owner): otherwise it is refused as
 * admin-access.ts says (403). claimFirstOwner checks again under a table lock, so two claims at
 * once make one owner.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const db = context.database.db;
  const guarded = await guardAction(
    { request, context },
    {
      // Any signed-in person while the shop has no owner; otherwise as admin-access.ts says.
      access: async (request, context) => {
        const viewer = await requireUser(request, context);
        if ((await countOwners(db)) > 0) return requireStaff(request, context, ADMIN_ROUTES["admin/diagnostic"].forms["claim-admin"]);
        return viewer;
      },
      intents: diagnosticForms,
      unknownIntent: "Unknown action.",
      reply: (refused): ClaimAdminResult => ({ ok: false, message: refused.firstMessage ?? "Unknown action." }),
    },
  );
  if (!guarded.ok) return guarded.response;
  const { viewer } = guarded;
  // The claim is a staff change like any other: the activity log names who made it (decision 049).
  actAsStaff(viewer, context, "admin/diagnostic#claim-admin");
  try {
    await claimFirstOwner(db, viewer.id);
    context.log.info({ userId: viewer.id }, "first admin claimed from the Diagnostic page");
    return { ok: true, message: "Successfully made user admin. Please refresh the page." } satisfies ClaimAdminResult;
  } catch (error) {
    if (error instanceof StaffChangeError)
      return data<ClaimAdminResult>(
        { ok: false, message: `Failed to make user admin: ${error.message}` },
        { status: error.code === "owner-exists" ? 403 : 409 },
      );
    context.log.error({ err: error }, "first-admin claim failed");
    return data<ClaimAdminResult>(
      { ok: false, message: "Failed to make user admin: something went wrong on our side. Please try again." },
      { status: 500 },
    );
  }
}

export default function AdminDiagnostic({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const running =
    navigation.state !== "idle" && navigation.location?.pathname === "/admin/diagnostic" && navigation.location.search.includes("run");
  const { report, viewer, timeZone } = loaderData;

  return (
    <>
      <AdminPageHeader
        title="Diagnostic"
        description="Check the account, the database, migrations, tables and email in one go."
        actions={
          <>
            <Form method="get" preventScrollReset>
              <input type="hidden" name="run" value="1" />
              <Button type="submit" disabled={running}>
                <Icon of={PlayCircle} className={running ? "animate-pulse" : undefined} />
                {running ? "Running…" : "Run Diagnostics"}
              </Button>
            </Form>
            <ClaimAdminButton />
          </>
        }
      />
      <div className="mb-6">
        <ClaimAdminHint adminCount={loaderData.adminCount} />
      </div>
      {report === null ? (
        <div className="rounded-md border border-dashed border-sand-deep bg-ivory px-6 py-12 text-center">
          <Icon of={Activity} className="mx-auto size-8 text-forest" />
          <p className="mt-3 font-display text-2xl">Signed in as {viewer.email}</p>
          <p className="mt-1 text-sm text-stone">
            Role {viewer.role}. Press Run Diagnostics to check the role, the database, migrations, every table and the email outbox.
          </p>
        </div>
      ) : (
        <div aria-live="polite">
          <p className="mb-4 text-sm text-stone">
            Ran <time dateTime={report.ranAt}>{formatDateTime(report.ranAt, timeZone)}</time> in {report.durationMs} ms.
          </p>
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
            <div className="grid grid-cols-1 gap-6">
              <UserCard user={report.user} />
              <DatabaseCard database={report.database} migrations={report.migrations} />
            </div>
            <TablesCard tables={report.tables} />
            <EmailCard email={report.email} outbox={report.outbox} timeZone={timeZone} className="lg:col-span-2" />
          </div>
        </div>
      )}
    </>
  );
}
