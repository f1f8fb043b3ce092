import { Tabs } from "radix-ui";
import { data, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { type z } from "zod";
import { AdminPageHeader } from "~/components/admin/page-header";
import { CurrencySettingsForm } from "~/components/admin/settings/currency-settings-form";
import { GeneralSettingsForm } from "~/components/admin/settings/general-settings-form";
import { NotificationSettingsForm } from "~/components/admin/settings/notification-settings-form";
import { PaymentSettingsPanel } from "~/components/admin/settings/payment-settings-panel";
import {
  tabFromSearch,
  type SettingsActionResult,
  type SettingsIntent,
  type SettingsTab,
} from "~/components/admin/settings/settings-result";
import { useSettingsToasts } from "~/components/admin/settings/settings-toasts";
import { StaffPanel } from "~/components/admin/settings/staff-panel";
import { StoreLogoForm } from "~/components/admin/settings/store-logo-form";
import { SystemPanel } from "~/components/admin/settings/system-panel";
import { TaxSettingsForm } from "~/components/admin/settings/tax-settings-form";
import { CORRECT_FIELDS } from "~/components/admin/settings/use-settings-form";
import { exchangeRatesForAdmin, saveExchangeRates } from "~/modules/currency/exchange-rates.server";
import { exchangeRatesFormSchema } from "~/modules/currency/exchange-rates-form";
import { guardAction, type GuardFailure } from "~/modules/auth/action-guard.server";
import { SETTINGS_TABS } from "~/modules/auth/admin-access";
import { requireStaffPage } from "~/modules/auth/session.server";
import { changeStaffMember, listStaff, StaffChangeError } from "~/modules/auth/staff.server";
import { InvitationError, inviteStaff, listOpenInvitations, revokeInvitation } from "~/modules/auth/staff-invitations.server";
import { siteOrigin } from "~/lib/http.server";
import { backupOverview } from "~/modules/backups/backups-admin.server";
import { backupPlace } from "~/modules/backups/backup-place.server";
import { BackupInProgressError, takeBackup } from "~/modules/backups/take-backup.server";
import { systemInfo } from "~/modules/diagnostics/system-info.server";
import { paystackConnection } from "~/modules/payments/paystack-connection.server";
import {
  backUpNowSchema,
  backupSettingsSchema,
  changeRoleSchema,
  generalSettingsFormValues,
  generalSettingsSchema,
  notificationSettingsSchema,
  inviteStaffSchema,
  paymentSettingsSchema,
  revokeInvitationSchema,
  staffMemberSchema,
} from "~/modules/settings/settings.schema";
import { getStoreSettings, InvalidSettingsError, saveStoreSettings } from "~/modules/settings/settings.server";
import { listShippingZones } from "~/modules/shipping/shipping-zones.server";
import { taxSettingsFormSchema } from "~/modules/taxes/tax-settings.schema";
import { getTaxSettings, saveTaxSettings } from "~/modules/taxes/tax-settings.server";
import { formatFileSize } from "~/lib/numbers";
import { can, ROLE_LABELS, type StaffRole } from "~/modules/auth/capabilities";
import { confirmationNeeded } from "~/modules/auth/identity-confirmation.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Settings | Admin" }];

/** Payment settings and staff changes need a sign-in confirmed in the last 15 minutes (decision 048). */
const CONFIRMED_INTENTS = new Set<SettingsIntent>([
  "payments",
  "invite-staff",
  "revoke-invitation",
  "change-role",
  "suspend-staff",
  "reactivate-staff",
  "remove-staff",
]);

/**
 * The tabs the viewer's role opens (admin-access.ts SETTINGS_TABS) and only their data: a
 * manager's page never carries the staff list, payment settings or backups.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireStaffPage(request, context, "admin/settings");
  const db = context.database.db;
  const tabs = (Object.keys(SETTINGS_TABS) as SettingsTab[]).filter((tab) => can(viewer.role, SETTINGS_TABS[tab]));
  const opens = (tab: SettingsTab) => tabs.includes(tab);
  const [settings, staff, invitations, system, currencies, backups, taxes, zones] = await Promise.all([
    getStoreSettings(db),
    opens("staff") ? listStaff(db) : [],
    opens("staff") ? listOpenInvitations(db) : [],
    opens("system")
      ? systemInfo({ db, driver: context.database.driver, nodeEnv: context.config.nodeEnv, startedAt: context.startedAt })
      : null,
    opens("currencies") ? exchangeRatesForAdmin(db) : null,
    opens("system") ? backupOverview(db, backupPlace(context.config, context.database.driver)) : null,
    opens("taxes") ? getTaxSettings(db) : null,
    opens("taxes") ? listShippingZones(db) : [],
  ]);
  return {
    tabs,
    general: opens("general") ? generalSettingsFormValues(settings) : null,
    logo: settings.logo,
    notifications: opens("notifications")
      ? {
          emailNotifications: settings.emailNotifications,
          orderNotifications: settings.orderNotifications,
          customerNotifications: settings.customerNotifications,
          reviewInvitationDays: settings.reviewInvitationDays,
        }
      : null,
    payments: opens("payments")
      ? {
          paystack: paystackConnection(context),
          holdMinutes: settings.paymentHoldMinutes,
          linkHours: settings.paymentLinkHours,
          depositPercent: settings.depositPercent,
          storeCurrency: settings.currency,
        }
      : null,
    taxes: taxes ? { settings: taxes, zones: zones.map(({ id, name }) => ({ id, name })), storeCurrency: settings.currency } : null,
    currencies,
    timeZone: settings.timezone,
    staff,
    invitations,
    viewerId: viewer.id,
    system,
    backups,
    backupSettings: opens("system")
      ? {
          backupTime: settings.backupTime,
          backupKeepDaily: settings.backupKeepDaily,
          backupKeepWeekly: settings.backupKeepWeekly,
          alertEmail: settings.alertEmail,
        }
      : null,
  };
}

/**
 * Switching tabs changes only ?tab=: nothing to reload. Saving still reloads everything, and so
 * does a revalidation asked for on the same URL (the System tab's, while a backup runs).
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("tab");
    return `${url.pathname}?${params.toString()}`;
  };
  if (strip(currentUrl) === strip(nextUrl)) return false;
  return defaultShouldRevalidate;
}

const fail = (intent: SettingsIntent, message: string, status = 400) =>
  data<SettingsActionResult>({ intent, ok: false, message }, { status });

/** The forms of the page, told apart by the `intent` they post. */
const settingsForms = {
  general: generalSettingsSchema,
  payments: paymentSettingsSchema,
  taxes: taxSettingsFormSchema,
  currencies: exchangeRatesFormSchema,
  notifications: notificationSettingsSchema,
  "invite-staff": inviteStaffSchema,
  "revoke-invitation": revokeInvitationSchema,
  "change-role": changeRoleSchema,
  "suspend-staff": staffMemberSchema,
  "reactivate-staff": staffMemberSchema,
  "remove-staff": staffMemberSchema,
  "backup-schedule": backupSettingsSchema,
  "back-up-now": backUpNowSchema,
} satisfies Record<SettingsIntent, z.ZodType>;

function refusal(refused: GuardFailure): SettingsActionResult {
  const intent = (refused.intent ?? "general") as SettingsIntent;
  if (refused.reason === "input" && (intent === "general" || intent === "taxes" || intent === "currencies" || intent === "backup-schedule"))
    return { intent, ok: false, message: CORRECT_FIELDS, result: refused.result };
  return { intent, ok: false, message: refused.firstMessage ?? "Please check the form and try again.", result: refused.result };
}

/** Every form of the page posts here with an `intent`: method, session, origin, the intent's capability (admin-access.ts), then the input. */
export async function action({ request, context }: Route.ActionArgs) {
  const guarded = await guardAction({ request, context }, { access: { route: "admin/settings" }, intents: settingsForms, reply: refusal });
  if (!guarded.ok) return guarded.response;
  const { viewer } = guarded;
  const db = context.database.db;
  // Payment settings and staff changes need a sign-in confirmed in the last 15 minutes (decision 048).
  if (CONFIRMED_INTENTS.has(guarded.intent)) {
    const needed = await confirmationNeeded(request, context);
    if (needed) return fail(guarded.intent, needed, 403);
  }

  try {
    switch (guarded.intent) {
      case "general": {
        await saveStoreSettings(db, guarded.value);
        return { intent: "general", ok: true, message: "Settings saved" } satisfies SettingsActionResult;
      }
      case "payments": {
        await saveStoreSettings(db, guarded.value);
        return { intent: "payments", ok: true, message: "Settings saved" } satisfies SettingsActionResult;
      }
      case "taxes": {
        await saveTaxSettings(db, guarded.value);
        return { intent: "taxes", ok: true, message: "Settings saved" } satisfies SettingsActionResult;
      }
      case "currencies": {
        await saveExchangeRates(db, guarded.value);
        return { intent: "currencies", ok: true, message: "Settings saved" } satisfies SettingsActionResult;
      }
      case "notifications": {
        await saveStoreSettings(db, guarded.value);
        return { intent: "notifications", ok: true, message: "Settings saved" } satisfies SettingsActionResult;
      }
      case "backup-schedule": {
        await saveStoreSettings(db, guarded.value);
        return { intent: "backup-schedule", ok: true, message: "Settings saved" } satisfies SettingsActionResult;
      }
      case "back-up-now": {
        // Made while the request waits (seconds for thousands of orders: docs/performance.md), so the answer says how it went.
        const made = await takeBackup(db, backupPlace(context.config, context.database.driver), { kind: "manual" });
        if (!made) return fail("back-up-now", "A backup is already being made; wait for it to finish.", 409);
        const size = made.sizeBytes === null ? "" : `${formatFileSize(made.sizeBytes)}, `;
        const where = made.s3Key
          ? "on this server and in the bucket"
          : made.s3Error
            ? `on this server; the bucket copy failed: ${made.s3Error}`
            : "on this server";
        return { intent: "back-up-now", ok: true, message: `${size}kept ${where}.` } satisfies SettingsActionResult;
      }
      case "invite-staff": {
        const settings = await getStoreSettings(db);
        const sent = await inviteStaff(db, {
          email: guarded.value.email,
          role: guarded.value.role,
          invitedBy: { id: viewer.id, name: viewer.name, email: viewer.email },
          origin: siteOrigin(context),
          storeName: settings.storeName,
        });
        context.email.nudge();
        return {
          intent: "invite-staff",
          ok: true,
          message: `${sent.email} is invited as ${ROLE_LABELS[guarded.value.role]}. The link works for 72 hours.`,
        } satisfies SettingsActionResult;
      }
      case "revoke-invitation": {
        const { revoked, email } = await revokeInvitation(db, guarded.value.invitationId);
        return {
          intent: "revoke-invitation",
          ok: true,
          message: revoked ? `The invitation of ${email} no longer works.` : `The invitation of ${email} was already closed.`,
        } satisfies SettingsActionResult;
      }
      case "change-role":
      case "suspend-staff":
      case "reactivate-staff":
      case "remove-staff": {
        const intent = guarded.intent;
        const change =
          intent === "change-role"
            ? ({ kind: "role", role: (guarded.value as { role: StaffRole }).role } as const)
            : intent === "suspend-staff"
              ? ({ kind: "suspend" } as const)
              : intent === "reactivate-staff"
                ? ({ kind: "reactivate" } as const)
                : ({ kind: "remove" } as const);
        const done = await changeStaffMember(db, { actorUserId: viewer.id, targetUserId: guarded.value.userId, change });
        const message =
          change.kind === "role"
            ? `${done.email} is now ${ROLE_LABELS[change.role]}, and signed out everywhere.`
            : change.kind === "suspend"
              ? `${done.email} is suspended and signed out everywhere.`
              : change.kind === "reactivate"
                ? `${done.email} can sign in to the admin again.`
                : `${done.email} is no longer on the staff, and signed out everywhere.`;
        return { intent, ok: true, message } satisfies SettingsActionResult;
      }
    }
  } catch (error) {
    const intent = guarded.intent;
    if (error instanceof StaffChangeError) return fail(intent, error.message, error.code === "actor-not-owner" ? 403 : 409);
    if (error instanceof InvitationError)
      return fail(
        intent,
        error.message,
        error.code === "rate-limited" ? 429 : error.code === "not-found" ? 404 : error.code === "invalid-email" ? 400 : 409,
      );
    if (error instanceof InvalidSettingsError) return fail(intent, error.message);
    if (error instanceof BackupInProgressError) return fail(intent, error.message, 409);
    if (intent === "back-up-now") {
      // Recorded as failed and raised to the owner by takeBackup; the admin who asked hears why.
      context.log.error({ err: error }, "manual backup failed");
      return fail(intent, `The backup failed: ${(error as Error).message}`, 500);
    }
    context.log.error({ err: error, intent }, "settings action failed");
    const generic = {
      general: "The settings could not be saved. Please try again.",
      payments: "The settings could not be saved. Please try again.",
      taxes: "The tax settings could not be saved. Please try again.",
      currencies: "The exchange rates could not be saved. Please try again.",
      notifications: "The settings could not be saved. Please try again.",
      "invite-staff": "The invitation could not be sent. Please try again.",
      "revoke-invitation": "The invitation could not be revoked. Please try again.",
      "change-role": "The role could not be changed. Please try again.",
      "suspend-staff": "The member could not be suspended. Please try again.",
      "reactivate-staff": "The member could not be reactivated. Please try again.",
      "remove-staff": "The member could not be removed. Please try again.",
      "backup-schedule": "The settings could not be saved. Please try again.",
      "back-up-now": "The backup failed. Please try again; the server's log says why.",
    } satisfies Record<SettingsIntent, string>;
    return fail(intent, generic[intent], 500);
  }
}

const tabLabels: Record<SettingsTab, string> = {
  general: "General",
  payments: "Payments",
  taxes: "Taxes",
  currencies: "Currencies",
  staff: "Staff",
  notifications: "Notifications",
  system: "System",
};

const tabTrigger =
  "relative -mb-px inline-flex h-11 cursor-pointer items-center border-b-2 border-transparent px-4 text-sm font-semibold whitespace-nowrap text-stone transition-colors hover:text-charcoal focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-gold data-[state=active]:border-gold data-[state=active]:text-forest";

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromSearch(searchParams, loaderData.tabs);
  useSettingsToasts();

  return (
    <>
      <AdminPageHeader title="Settings" description="Store details, payments, taxes, staff, notifications, backups and what is running." />
      <Tabs.Root
        value={tab}
        onValueChange={(next) =>
          setSearchParams(
            (params) => {
              if (next === "general") params.delete("tab");
              else params.set("tab", next);
              return params;
            },
            { replace: true, preventScrollReset: true },
          )
        }
      >
        <Tabs.List aria-label="Settings sections" className="mb-6 flex flex-wrap border-b border-border">
          {loaderData.tabs.map((value) => (
            <Tabs.Trigger key={value} value={value} className={tabTrigger}>
              {tabLabels[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {loaderData.general && (
          <Tabs.Content value="general">
            <div className="grid gap-6">
              <StoreLogoForm logo={loaderData.logo} storeName={loaderData.general.storeName} />
              <GeneralSettingsForm values={loaderData.general} />
            </div>
          </Tabs.Content>
        )}
        {loaderData.payments && (
          <Tabs.Content value="payments">
            <PaymentSettingsPanel {...loaderData.payments} />
          </Tabs.Content>
        )}
        {loaderData.taxes && (
          <Tabs.Content value="taxes">
            <TaxSettingsForm {...loaderData.taxes} />
          </Tabs.Content>
        )}
        {loaderData.currencies && (
          <Tabs.Content value="currencies">
            <CurrencySettingsForm {...loaderData.currencies} timeZone={loaderData.timeZone} />
          </Tabs.Content>
        )}
        {loaderData.tabs.includes("staff") && (
          <Tabs.Content value="staff">
            <StaffPanel
              staff={loaderData.staff}
              invitations={loaderData.invitations}
              viewerId={loaderData.viewerId}
              timeZone={loaderData.timeZone}
            />
          </Tabs.Content>
        )}
        {loaderData.notifications && (
          <Tabs.Content value="notifications">
            <NotificationSettingsForm values={loaderData.notifications} />
          </Tabs.Content>
        )}
        {loaderData.system && loaderData.backups && loaderData.backupSettings && (
          <Tabs.Content value="system">
            <SystemPanel
              system={loaderData.system}
              timeZone={loaderData.timeZone}
              backups={loaderData.backups}
              backupSettings={loaderData.backupSettings}
              adminCount={loaderData.staff.length}
            />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </>
  );
}
