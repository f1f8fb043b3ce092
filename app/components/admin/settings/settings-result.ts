import type { SubmissionResult } from "@conform-to/react";

/** The forms of the Settings page, told apart by the `intent` field they post. */
export const settingsIntents = [
  "general",
  "payments",
  "taxes",
  "currencies",
  "notifications",
  "invite-staff",
  "revoke-invitation",
  "change-role",
  "suspend-staff",
  "reactivate-staff",
  "remove-staff",
  "backup-schedule",
  "back-up-now",
] as const;
export type SettingsIntent = (typeof settingsIntents)[number];

/** What the Settings action answers to every form. */
export type SettingsActionResult =
  | { intent: SettingsIntent; ok: true; message: string }
  | { intent: SettingsIntent; ok: false; message: string; result?: SubmissionResult<string[]> };

/** The tabs, as they appear in the URL (?tab=). */
export const settingsTabs = ["general", "payments", "taxes", "currencies", "staff", "notifications", "system"] as const;
export type SettingsTab = (typeof settingsTabs)[number];

/** The tab the address asks for among those the viewer's role opens (admin-access.ts SETTINGS_TABS), else the first of them. */
export function tabFromSearch(search: URLSearchParams, open: readonly SettingsTab[] = settingsTabs): SettingsTab {
  const tab = search.get("tab");
  return open.find((t) => t === tab) ?? open[0] ?? "general";
}
