import { Tabs } from "radix-ui";
import { data, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "~/components/admin/page-header";
import { AdminUsersPanel } from "~/components/admin/settings/admin-users-panel";
import { GeneralSettingsForm } from "~/components/admin/settings/general-settings-form";
import { NotificationSettingsForm } from "~/components/admin/settings/notification-settings-form";
import {
  settingsIntents,
  tabFromSearch,
  type SettingsActionResult,
  type SettingsIntent,
  type SettingsTab,
} from "~/components/admin/settings/settings-result";
import { useSettingsToasts } from "~/components/admin/settings/settings-toasts";
import { SystemPanel } from "~/components/admin/settings/system-panel";
import { isSameOrigin } from "~/lib/http.server";
import { addAdminByEmail, AdminUserError, listAdmins, removeAdmin } from "~/modules/auth/staff.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { invalidateStorefront } from "~/modules/catalog/catalog-cache.server";
import { systemInfo } from "~/modules/diagnostics/system-info.server";
import { generalSettingsFormValues, generalSettingsSchema, notificationSettingsSchema } from "~/modules/settings/settings.schema";
import { getStoreSettings, InvalidSettingsError, saveStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Settings | Admin" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request, context);
  const db = context.database.db;
  const [settings, admins, system] = await Promise.all([
    getStoreSettings(db),
    listAdmins(db),
    systemInfo({ db, driver: context.database.driver, nodeEnv: context.config.nodeEnv, startedAt: context.startedAt }),
  ]);
  return {
    general: generalSettingsFormValues(settings),
    notifications: {
      emailNotifications: settings.emailNotifications,
      orderNotifications: settings.orderNotifications,
      customerNotifications: settings.customerNotifications,
    },
    timeZone: settings.timezone,
    admins,
    viewerId: viewer.id,
    system,
  };
}

/** Switching tabs changes only ?tab=: nothing to reload. Saving still reloads everything. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("tab");
    return `${url.pathname}?${params.toString()}`;
  };
  if (strip(currentUrl) === strip(nextUrl)) return false;
  return defaultShouldRevalidate;
}

const fail = (intent: SettingsIntent, message: string, status = 400, fieldErrors?: Record<string, string>) =>
  data<SettingsActionResult>({ intent, ok: false, message, ...(fieldErrors ? { fieldErrors } : {}) }, { status });

/** The first message of each field Zod refused, keyed by field name. */
function firstFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Every form of the page posts here with an `intent`: method, admin, origin, then the input. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw data({ message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  const viewer = await requireAdmin(request, context);
  if (!isSameOrigin(request)) throw data({ message: "This form must be sent from the shop's own pages." }, { status: 403 });
  const form = await request.formData();
  const intent = z.enum(settingsIntents).safeParse(form.get("intent"));
  if (!intent.success) return fail("general", "Unknown form. Reload the page and try again.");
  const db = context.database.db;
  const values = Object.fromEntries(form);

  try {
    switch (intent.data) {
      case "general": {
        const parsed = generalSettingsSchema.safeParse(values);
        if (!parsed.success) return fail("general", "Please correct the fields marked below.", 400, firstFieldErrors(parsed.error));
        await saveStoreSettings(db, parsed.data);
        // The storefront shows the store name and shipping rates: cached pages must go.
        invalidateStorefront(context);
        return { intent: "general", ok: true, message: "Settings saved" } satisfies SettingsActionResult;
      }
      case "notifications": {
        const parsed = notificationSettingsSchema.safeParse(values);
        if (!parsed.success) return fail("notifications", parsed.error.issues[0]?.message ?? "Invalid notification settings.");
        await saveStoreSettings(db, parsed.data);
        return { intent: "notifications", ok: true, message: "Settings saved" } satisfies SettingsActionResult;
      }
      case "add-admin": {
        const added = await addAdminByEmail(db, String(values.email ?? ""));
        return { intent: "add-admin", ok: true, message: `${added.email} is now an admin.` } satisfies SettingsActionResult;
      }
      case "remove-admin": {
        const targetUserId = z.string().trim().min(1).max(200).safeParse(values.userId);
        if (!targetUserId.success) return fail("remove-admin", "No admin chosen.");
        await removeAdmin(db, { actorUserId: viewer.id, targetUserId: targetUserId.data });
        return {
          intent: "remove-admin",
          ok: true,
          message: "They no longer have access to the admin panel.",
        } satisfies SettingsActionResult;
      }
    }
  } catch (error) {
    if (error instanceof AdminUserError) return fail(intent.data, error.message, error.code === "no-account" ? 404 : 409);
    if (error instanceof InvalidSettingsError) return fail(intent.data, error.message);
    context.log.error({ err: error, intent: intent.data }, "settings action failed");
    const generic = {
      general: "The settings could not be saved. Please try again.",
      notifications: "The settings could not be saved. Please try again.",
      "add-admin": "Failed to add admin user",
      "remove-admin": "Failed to remove admin user",
    } satisfies Record<SettingsIntent, string>;
    return fail(intent.data, generic[intent.data], 500);
  }
}

const tabLabels: Record<SettingsTab, string> = {
  general: "General",
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
      <AdminPageHeader title="Settings" description="Store details, shipping, admins, notifications and what is running." />
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
        <Tabs.List aria-label="Settings sections" className="mb-6 flex overflow-x-auto border-b border-border">
          {(Object.keys(tabLabels) as SettingsTab[]).map((value) => (
            <Tabs.Trigger key={value} value={value} className={tabTrigger}>
              {tabLabels[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="general">
          <GeneralSettingsForm values={loaderData.general} />
        </Tabs.Content>
        <Tabs.Content value="admins">
          <AdminUsersPanel admins={loaderData.admins} viewerId={loaderData.viewerId} timeZone={loaderData.timeZone} />
        </Tabs.Content>
        <Tabs.Content value="notifications">
          <NotificationSettingsForm values={loaderData.notifications} />
        </Tabs.Content>
        <Tabs.Content value="system">
          <SystemPanel system={loaderData.system} timeZone={loaderData.timeZone} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
