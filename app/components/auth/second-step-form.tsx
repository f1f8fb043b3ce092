import { getFormProps } from "@conform-to/react";
import { ArrowLeft, ShieldCheck } from "lucide";
import { useEffect, useState } from "react";
import { Field, FormAlert, TextInput } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { navigateTo } from "~/lib/navigation";
import { secondStepSchema, type FormMessage } from "~/modules/auth/auth.schema";
import { AUTH_UNREACHABLE, type AuthActionResult } from "./auth-result";
import { useAuthForm } from "./use-auth-form";

const UNREACHABLE: AuthActionResult = { ...AUTH_UNREACHABLE, intent: "secondStep", ok: false };
/** What the server answers when the password must be given again (auth-actions.server.ts). */
const SIGN_IN_AGAIN = "SIGN_IN_AGAIN";

/**
 * The second step of a sign-in for an account with an authenticator app (decision 048): the app's
 * six digits, or one of the recovery codes given at set-up. Back to the first step when the
 * server says the ten minutes are over or the tries are used up.
 */
export function SecondStepForm({ redirectTo, onRestart }: { redirectTo: string; onRestart: (why: FormMessage | null) => void }) {
  const fetcher = useActionFetcher<AuthActionResult>("/api/auth-forms", { unreachable: UNREACHABLE, key: "sign-in-second-step" });
  const [method, setMethod] = useState<"app" | "recovery">("app");
  const { form, fields, problem, busy, server } = useAuthForm({
    id: "second-step",
    fetcher,
    schema: secondStepSchema,
    successOnNextPage: true,
  });

  useEffect(() => {
    if (server?.ok) navigateTo(redirectTo, { replace: true });
    else if (server?.code === SIGN_IN_AGAIN) onRestart({ title: server.title, description: server.description });
  }, [server, redirectTo, onRestart]);

  const app = method === "app";
  return (
    <fetcher.Form method="post" action="/auth" {...getFormProps(form)} className="grid gap-5">
      <input type="hidden" name="intent" value="secondStep" />
      <input type="hidden" name="method" value={method} />
      <div>
        <h2 className="text-2xl font-semibold">Two-step sign-in</h2>
        <p className="mt-1 text-sm text-stone">
          {app
            ? "Open your authenticator app and enter the 6-digit code it shows for this shop."
            : "Enter one of the recovery codes you saved when you set up the app. Each works once."}
        </p>
      </div>
      <Field field={fields.code} label={app ? "Code from your app" : "Recovery code"}>
        <TextInput
          key={method}
          field={fields.code}
          autoComplete="one-time-code"
          inputMode={app ? "numeric" : "text"}
          autoCapitalize="off"
          spellCheck={false}
          maxLength={app ? 7 : 11}
          autoFocus
          className="font-mono text-lg tracking-[0.3em]"
          {...(problem ? { "aria-invalid": true, "aria-describedby": form.errorId } : {})}
        />
      </Field>
      {problem && <FormAlert id={form.errorId} title={problem.title} description={problem.description} />}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        <Icon of={ShieldCheck} /> {busy ? "Checking..." : "Verify and sign in"}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="link" className="px-0" onClick={() => onRestart(null)}>
          <Icon of={ArrowLeft} /> Back to sign in
        </Button>
        <Button type="button" variant="link" className="px-0" onClick={() => setMethod(app ? "recovery" : "app")}>
          {app ? "Use a recovery code" : "Use the code from my app"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
