import { getFormProps } from "@conform-to/react";
import { ArrowLeft, Mail } from "lucide";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { Icon } from "~/components/ui/icon";
import { Field, FormAlert, TextInput } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { emailOnlySchema } from "~/modules/auth/auth.schema";
import { AUTH_UNREACHABLE, type AuthActionResult } from "./auth-result";
import { useAuthForm } from "./use-auth-form";

const UNREACHABLE: AuthActionResult = { ...AUTH_UNREACHABLE, intent: "forgot", ok: false };

/** "Forgot password?": asks for the email and sends a one-hour reset link. */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const fetcher = useActionFetcher<AuthActionResult>("/api/auth-forms", { unreachable: UNREACHABLE, key: "forgot-password" });
  const { form, fields, problem, success, busy } = useAuthForm({
    id: "forgot-password",
    fetcher,
    schema: emailOnlySchema,
    defaultValue: { email: initialEmail },
  });
  const message = problem ?? success;

  return (
    <fetcher.Form method="post" action="/auth" {...getFormProps(form)} className="grid gap-5">
      <input type="hidden" name="intent" value="forgot" />
      <div>
        <h2 className="text-2xl font-semibold">Reset your password</h2>
        <p className="mt-1 text-sm text-stone">Enter the email of your account and we will send you a link to choose a new password.</p>
      </div>
      <Field field={fields.email} label="Email">
        <TextInput
          field={fields.email}
          type="email"
          autoComplete="email"
          maxLength={254}
          {...(problem ? { "aria-invalid": true, "aria-describedby": form.errorId } : {})}
        />
      </Field>
      {message && (
        <FormAlert id={form.errorId} title={message.title} description={message.description} tone={problem ? "error" : "success"} />
      )}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        <Icon of={Mail} /> {busy ? "Sending..." : "Send reset link"}
      </Button>
      <Button type="button" variant="link" className="justify-self-start" onClick={onBack}>
        <Icon of={ArrowLeft} /> Back to sign in
      </Button>
    </fetcher.Form>
  );
}
