import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";

/** The forms of the Settings page, told apart by the `intent` field they post. */
export const settingsIntents = ["general", "notifications", "add-admin", "remove-admin"] as const;
export type SettingsIntent = (typeof settingsIntents)[number];

/** What the Settings action answers to every form. */
export type SettingsActionResult =
  | { intent: SettingsIntent; ok: true; message: string }
  | { intent: SettingsIntent; ok: false; message: string; fieldErrors?: Record<string, string> };

/** The tabs, as they appear in the URL (?tab=). */
export const settingsTabs = ["general", "admins", "notifications", "system"] as const;
export type SettingsTab = (typeof settingsTabs)[number];

export function tabFromSearch(search: URLSearchParams): SettingsTab {
  const tab = search.get("tab");
  return settingsTabs.find((t) => t === tab) ?? "general";
}

/**
 * Calls `onResult` once for each answer a fetcher gets back (when it turns idle with new data),
 * e.g. to show docs/product-rules.md's toast.
 */
export function useFetcherResult<T>(fetcher: FetcherWithComponents<T>, onResult: (result: T) => void): void {
  const handled = useRef<T | undefined>(undefined);
  const callback = useRef(onResult);
  useEffect(() => {
    callback.current = onResult;
  });
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || fetcher.data === handled.current) return;
    handled.current = fetcher.data;
    callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}

/** Props for an input with a server error under it (aria-invalid and aria-describedby). */
export function fieldErrorProps(id: string, error: string | undefined) {
  return error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}
