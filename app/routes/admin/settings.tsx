import { Tabs } from "radix-ui";
import { data, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { type z } from "zod";
import { AdminPageHeader } from "~/components/admin/page-header";
import { CurrencySettingsForm } from "~/components/admin/settings/currency-settings-form";
import { AdminUsersPanel } from "~/components/admin/settings/admin-users-panel";
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
import { StoreLogoForm } from "~/components/admin/settings/store-logo-form";
import { SystemPanel } from "~/components/admin/settings/system-panel";
import { CORRECT_FIELDS } from "~/components/admin/settings/use-settings-form";
import { exchangeRatesForAdmin, saveExchangeRates } from "~/modules/currency/exchange-rates.server";
import { exchangeRatesFormSchema } from "~/modules/currency/exchange-rates-form";
import { guardAction, type GuardFailure } from "~/modules/auth/action-guard.server";
import { addAdminByEmail, AdminUserError, listAdmins, removeAdmin } from "~/modules/auth/staff.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { backupOverview } from "~/modules/backups/backups-admin.server";
import { backupPlace } from "~/modules/backups/backup-place.server";
import { BackupInProgressError, takeBackup } from "~/modules/backups/take-backup.server";
import { systemInfo } from "~/modules/diagnostics/system-info.server";
import { paystackConnection } from "~/modules/payments/paystack-connection.server";
import {
  addAdminSchema,
  backUpNowSchema,
  backupSettingsSchema,
  generalSettingsFormValues,
  generalSettingsSchema,
  notificationSettingsSchema,
  paymentSettingsSchema,
  removeAdminSchema,
} from "~/modules/settings/settings.schema";
import { getStoreSettings, InvalidSettingsError, saveStoreSettings } from "~/modules/settings/settings.server";
import { formatFileSize } from "~/lib/numbers";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Settings | Admin" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request, context);
  const db = context.database.db;
  const [settings, admins, system, currencies, backups] = await Promise.all([
    getStoreSettings(db),
    listAdmins(db),
    systemInfo({ db, driver: context.database.driver, nodeEnv: context.config.nodeEnv, startedAt: context.startedAt }),
    exchangeRatesForAdmin(db),
    backupOverview(db, backupPlace(context.config, context.database.driver)),
  ]);
  return {
    general: generalSettingsFormValues(settings),
    logo: settings.logo,
    notifications: {
      emailNotifications: settings.emailNotifications,
      orderNotifications: settings.orderNotifications,
      customerNotifications: settings.customerNotifications,
      reviewInvitationDays: settings.reviewInvitationDays,
    },
    payments: {
      paystack: paystackConnection(context),
      holdMinutes: settings.paymentHoldMinutes,
      linkHours: settings.paymentLinkHours,
      storeCurrency: settings.currency,
    },
    currencies,
    timeZone: settings.timezone,
    admins,
    viewerId: viewer.id,
    system,
    backups,
    backupSettings: {
      backupTime: settings.backupTime,
      backupKeepDaily: settings.backupKeepDaily,
      backupKeepWeekly: settings.backupKeepWeekly,
      alertEmail: settings.alertEmail,
    },
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
  currencies: exchangeRatesFormSchema,
  notifications: notificationSettingsSchema,
  "add-admin": addAdminSchema,
  "remove-admin": removeAdminSchema,
  "backup-schedule": backupSettingsSchema,
  "back-up-now": backUpNowSchema,
} satisfies Record<SettingsIntent, z.ZodType>;

function refusal(refused: GuardFailure): SettingsActionResult {
  const intent = (refused.intent ?? "general") as SettingsIntent;
  if (refused.reason === "input" && (intent === "general" || intent === "currencies" || intent === "backup-schedule"))
    return { intent, ok: false, message: CORRECT_FIELDS, result: refused.result };
  return { intent, ok: false, message: refused.firstMessage ?? "Please check the form and try again.", result: refused.result };
}

/** Every form of the page posts here with an `intent`: method, admin, origin, then the input. */
export async function action({ request, context }: Route.ActionArgs) {
  const guarded = await guardAction({ request, context }, { access: "admin", intents: settingsForms, reply: refusal });
  if (!guarded.ok) return guarded.response;
  const { viewer } = guarded;
  const db = context.database.db;

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
      case "add-admin": {
        const added = await addAdminByEmail(db, guarded.value.email ?? "");
        return { intent: "add-admin", ok: true, message: `${added.email} is now an admin.` } satisfies SettingsActionResult;
      }
      case "remove-admin": {
        await removeAdmin(db, { actorUserId: viewer.id, targetUserId: guarded.value.userId });
        return {
          intent: "remove-admin",
          ok: true,
          message: "They no longer have access to the admin panel.",
        } satisfies SettingsActionResult;
      }
    }
  } catch (error) {
    const intent = guarded.intent;
    if (error instanceof AdminUserError) return fail(intent, error.message, error.code === "no-account" ? 404 : 409);
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
      currencies: "The exchange rates could not be saved. Please try again.",
      notifications: "The settings could not be saved. Please try again.",
      "add-admin": "Failed to add admin user",
      "remove-admin": "Failed to remove admin user",
      "backup-schedule": "The settings could not be saved. Please try again.",
      "back-up-now": "The backup failed. Please try again; the server's log says why.",
    } satisfies Record<SettingsIntent, string>;
    return fail(intent, generic[intent], 500);
  }
}

const tabLabels: Record<SettingsTab, string> = {
  general: "General",
  payments: "Payments",
  currencies: "Currencies",
  admins: "Admin Users",
  notifications: "Notifications",
  system: "System",
};

const tabTrigger =
  "relative -mb-px inline-flex h-11 cursor-pointer items-center border-b-2 border-transparent px-4 text-sm font-semibold whitespace-nowrap text-stone transition-colors hover:text-charcoal focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-gold data-[state=active]:border-gold data-[state=active]:text-forest";

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromSearch(searchParams);
  useSettingsToasts();

  return (
    <>
      <AdminPageHeader title="Settings" description="Store details, payments, admins, notifications, backups and what is running." />
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
          {(Object.keys(tabLabels) as SettingsTab[]).map((value) => (
            <Tabs.Trigger key={value} value={value} className={tabTrigger}>
              {tabLabels[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="general">
          <div className="grid gap-6">
            <StoreLogoForm logo={loaderData.logo} storeName={loaderData.general.storeName} />
            <GeneralSettingsForm values={loaderData.general} />
          </div>
        </Tabs.Content>
        <Tabs.Content value="payments">
          <PaymentSettingsPanel {...loaderData.payments} />
        </Tabs.Content>
        <Tabs.Content value="currencies">
          <CurrencySettingsForm {...loaderData.currencies} timeZone={loaderData.timeZone} />
        </Tabs.Content>
        <Tabs.Content value="admins">
          <AdminUsersPanel admins={loaderData.admins} viewerId={loaderData.viewerId} timeZone={loaderData.timeZone} />
        </Tabs.Content>
        <Tabs.Content value="notifications">
          <NotificationSettingsForm values={loaderData.notifications} />
        </Tabs.Content>
        <Tabs.Content value="system">
          <SystemPanel
            system={loaderData.system}
            timeZone={loaderData.timeZone}
            backups={loaderData.backups}
            backupSettings={loaderData.backupSettings}
            adminCount={loaderData.admins.length}
          />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
