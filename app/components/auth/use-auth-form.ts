import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import { notify, notifySuccessOnNextPage } from "~/components/ui/toaster";
import { formMessageOf, type FormMessage } from "~/modules/auth/auth.schema";

/** What the account actions answer: the message (toasted) and Conform's result for the form. */
export interface AuthFormResult extends FormMessage {
  ok: boolean;
  /** A sign-in that continues with the authenticator app's code: nothing to say yet. */
  secondStep?: boolean;
  result?: SubmissionResult<string[]>;
}

/**
 * A Conform form of the account pages, posted through `fetcher`: the schema runs in the browser
 * on submit (and again in the action's guard); a refusal, either side's, is the form's alert
 * (`problem`) and a toast; a success message (`success`) stays under the form until the next try.
 */
export function useAuthForm<Schema extends z.ZodType<unknown, Record<string, unknown>>, Result extends AuthFormResult>(options: {
  id: string;
  fetcher: { state: string; data?: Result };
  schema: Schema;
  defaultValue?: Partial<Record<keyof z.input<Schema>, string>>;
  /** A success is said on the next page (the form then leaves this one: signing in). */
  successOnNextPage?: boolean;
}) {
  const { fetcher, schema } = options;
  useFetcherResult(fetcher, (r) => {
    if (r.ok && r.secondStep) return;
    if (r.ok && options.successOnNextPage) notifySuccessOnNextPage(r.title, { description: r.description });
    else (r.ok ? notify.success : notify.error)(r.title, { description: r.description });
  });
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    defaultValue: options.defaultValue as DefaultValue<z.input<Schema>> | undefined,
    lastResult: fetcher.data?.result,
    onValidate({ formData }) {
      const submission = parseWithZod(formData, { schema, disableAutoCoercion: true });
      const message = formMessageOf(submission.status === "error" ? (submission.error?.[""] ?? undefined) : undefined);
      if (message) notify.error(message.title, { description: message.description });
      return submission;
    },
  });
  const problem = formMessageOf(form.errors);
  const server = fetcher.state === "idle" ? fetcher.data : undefined;
  return { form, fields, problem, success: !problem && server?.ok ? server : null, busy: fetcher.state !== "idle", server };
}
