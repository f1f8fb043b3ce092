import { ArrowLeft, Mail } from "lucide-react";
import type { FormEvent } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { validateEmailOnly } from "~/modules/auth/auth.schema";
import type { AuthActionResult } from "./auth-result";
import { FormAlert, FormField } from "./form-field";
import { useFormFeedback } from "./use-form-feedback";

/** "Forgot password?": asks for the email and sends a one-hour reset link. */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const fetcher = useFetcher<AuthActionResult>({ key: "forgot-password" });
  const busy = fetcher.state !== "idle";
  const feedback = useFormFeedback(fetcher);
  const message = feedback.shown;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const checked = validateEmailOnly(Object.fromEntries(new FormData(event.currentTarget)));
    if (checked.ok) return feedback.accept();
    event.preventDefault();
    feedback.reject(checked.message);
  }

  return (
    <fetcher.Form method="post" action="/auth" noValidate onSubmit={onSubmit} className="grid gap-5">
      <input type="hidden" name="intent" value="forgot" />
      <div>
        <h2 className="text-2xl font-semibold">Reset your password</h2>
        <p className="mt-1 text-sm text-stone">Enter the email of your account and we will send you a link to choose a new password.</p>
      </div>
      <FormField id="forgot-email" label="Email">
        <Input id="forgot-email" name="email" type="email" autoComplete="email" defaultValue={initialEmail} maxLength={254} />
      </FormField>
      {message && <FormAlert title={message.title} description={message.description} tone={message.ok ? "success" : "error"} />}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        <Mail aria-hidden /> {busy ? "Sending..." : "Send reset link"}
      </Button>
      <Button type="button" variant="link" className="justify-self-start" onClick={onBack}>
        <ArrowLeft aria-hidden /> Back to sign in
      </Button>
    </fetcher.Form>
  );
}
