import type { SubmissionResult } from "@conform-to/react";

/** The forms of the Settings page, told apart by the `intent` field they post. */
export const settingsIntents = [
  "general",
  "payments",
  "currencies",
  "notifications",
  "add-admin",
  "remove-admin",
  "backup-schedule",
  "back-up-now",
] as const;
export type SettingsIntent = (typeof settingsIntents)[number];

/** What the Settings action answers to every form. */
export type SettingsActionResult =
  | { intent: SettingsIntent; ok: true; message: string }
  | { intent: SettingsIntent; ok: false; message: string; result?: SubmissionResult<string[]> };

/** The tabs, as they appear in the URL (?tab=). */
export const settingsTabs = ["general", "payments", "currencies", "admins", "notifications", "system"] as const;
export type SettingsTab = (typeof settingsTabs)[number];

export function tabFromSearch(search: URLSearchParams): SettingsTab {
  const tab = search.get("tab");
  return settingsTabs.find((t) => t === tab) ?? "general";
}
