import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import type { FetcherWithComponents } from "react-router";
import type { z } from "zod";
import { notify } from "~/components/ui/toaster";

/** What an admin dialog's action answers: done, or refused with a line and Conform's field errors. */
export type FetcherFormAnswer = { ok: true } | { ok: false; message: string; result?: SubmissionResult<string[]> };

/**
 * A Conform form posted through an admin dialog's fetcher (a product, a shipping zone): the schema
 * checks it in the browser on submit (a refusal toasts `refusedTitle` with `correctFields`) and
 * again in the action; the server's field errors come back as Conform's result. `busy` stays true
 * after a successful save until the dialog closes, so a second click cannot save twice; `message`
 * is the line for the form's alert, from whichever side refused last.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Conform's own constraint on form values
export function useFetcherForm<Values extends Record<string, any>, Output>({
  id,
  defaultValue,
  schema,
  fetcher,
  refusedTitle,
  correctFields,
}: {
  id: string;
  defaultValue: DefaultValue<Values>;
  schema: z.ZodType<Output>;
  fetcher: FetcherWithComponents<FetcherFormAnswer>;
  refusedTitle: string;
  correctFields: string;
}) {
  // Set when the browser's check refused the last submit; the server's message shows otherwise.
  const [refusedHere, setRefusedHere] = useState(false);
  const answer = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const [form, fields] = useForm<Values, Output>({
    id,
    defaultValue,
    lastResult: fetcher.data && !fetcher.data.ok ? fetcher.data.result : undefined,
    onValidate({ formData }) {
      const submission = parseWithZod(formData, { schema, disableAutoCoercion: true });
      // Only a real submit has a status; adding or removing a list item does not.
      if (submission.status) setRefusedHere(submission.status === "error");
      if (submission.status === "error") notify.error(refusedTitle, { description: correctFields });
      return submission;
    },
  });
  const busy = fetcher.state !== "idle" || fetcher.data?.ok === true;
  const message = refusedHere ? correctFields : (answer?.message ?? null);
  return { form, fields, busy, message, answer };
}
