import { useFetcher } from "react-router";
import { notify } from "~/components/ui/toaster";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import type { SettingsActionResult, SettingsIntent } from "./settings-result";

/** The fetcher keys of the Settings forms; the toasts below listen to the same fetchers. */
export const settingsFetcherKeys = {
  general: "settings-general",
  payments: "settings-payments",
  taxes: "settings-taxes",
  currencies: "settings-currencies",
  notifications: "settings-notifications",
  "invite-staff": "settings-invite-staff",
  "revoke-invitation": "settings-staff-change",
  "change-role": "settings-staff-change",
  "suspend-staff": "settings-staff-change",
  "reactivate-staff": "settings-staff-change",
  "remove-staff": "settings-staff-change",
  "backup-schedule": "settings-backup-schedule",
  "back-up-now": "settings-back-up-now",
} as const satisfies Record<SettingsIntent, string>;

/**
 * docs/product-rules.md §8's toasts for every Settings form. Called by the page itself, which stays mounted
 * while tabs change and rows disappear, so no answer goes unannounced.
 */
export function useSettingsToasts(): void {
  const general = useFetcher<SettingsActionResult>({ key: settingsFetcherKeys.general });
  const payments = useFetcher<SettingsActionResult>({ key: settingsFetcherKeys.payments });
  const currencies = useFetcher<SettingsActionResult>({ key: settingsFetcherKeys.currencies });
  const taxes = useFetcher<SettingsActionResult>({ key: settingsFetcherKeys.taxes });
  const notifications = useFetcher<SettingsActionResult>({ key: settingsFetcherKeys.notifications });
  const invite = useFetcher<SettingsActionResult>({ key: settingsFetcherKeys["invite-staff"] });
  const staffChange = useFetcher<SettingsActionResult>({ key: settingsFetcherKeys["change-role"] });
  const backupSchedule = useFetcher<SettingsActionResult>({ key: settingsFetcherKeys["backup-schedule"] });
  const backUpNow = useFetcher<SettingsActionResult>({ key: settingsFetcherKeys["back-up-now"] });

  const saved = (r: SettingsActionResult) => {
    if (r.ok) notify.success("Settings saved");
    else notify.error("Settings not saved", { description: r.message });
  };
  useFetcherResult(general, saved);
  useFetcherResult(payments, saved);
  useFetcherResult(currencies, saved);
  useFetcherResult(taxes, saved);
  useFetcherResult(notifications, saved);
  useFetcherResult(backupSchedule, saved);
  useFetcherResult(backUpNow, (r) => {
    if (r.ok) notify.success("Backup made", { description: r.message });
    else notify.error("No backup made", { description: r.message });
  });
  useFetcherResult(invite, (r) => {
    if (r.ok) notify.success("Invitation sent", { description: r.message });
    else notify.error("No invitation sent", { description: r.message });
  });
  useFetcherResult(staffChange, (r) => {
    if (r.ok) notify.success("Staff updated", { description: r.message });
    else notify.error("Nothing changed", { description: r.message });
  });
}
