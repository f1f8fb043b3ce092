import { useForm, type DefaultValue } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { notify } from "~/components/ui/toaster";
import type { SettingsActionResult, SettingsIntent } from "./settings-result";
import { settingsFetcherKeys } from "./settings-toasts";

/**
 * A Settings form on Conform, posted through the page's fetcher for its intent (whose answers
 * the page toasts): the schema checks in the browser on submit and again in the action.
 */
export function useSettingsForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>(options: {
  intent: SettingsIntent;
  schema: Schema;
  defaultValue?: DefaultValue<z.input<Schema>>;
}) {
  const fetcher = useFetcher<SettingsActionResult>({ key: settingsFetcherKeys[options.intent] });
  const result = fetcher.data?.intent === options.intent ? fetcher.data : undefined;
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: `settings-${options.intent}`,
    defaultValue: options.defaultValue,
    lastResult: result?.ok === false ? result.result : undefined,
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      const submission = parseWithZod(formData, { schema: options.schema, disableAutoCoercion: true });
      if (submission.status === "error") notify.error("Settings not saved", { description: CORRECT_FIELDS });
      return submission;
    },
  });
  const invalid = Object.keys(form.allErrors).length > 0;
  const message = result && !result.ok ? result.message : invalid ? CORRECT_FIELDS : null;
  return { fetcher, form, fields, busy: fetcher.state !== "idle", message };
}

export const CORRECT_FIELDS = "Please correct the fields marked below.";
