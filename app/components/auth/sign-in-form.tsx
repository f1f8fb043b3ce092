import { LogIn } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { useFetcher, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { validateSignIn } from "~/modules/auth/auth.schema";
import type { AuthActionResult } from "./auth-result";
import { FormAlert, FormField } from "./form-field";
import { ForgotPasswordForm } from "./forgot-password-form";
import { PasswordInput } from "./password-input";
import { useFormFeedback } from "./use-form-feedback";

interface Props {
  redirectTo: string;
  showPasswords: boolean;
  onTogglePasswords: () => void;
}

export function SignInForm({ redirectTo, showPasswords, onTogglePasswords }: Props) {
  const fetcher = useFetcher<AuthActionResult>({ key: "sign-in" });
  const resend = useFetcher<AuthActionResult>({ key: "resend-verification" });
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [forgotOpen, setForgotOpen] = useState(false);
  const busy = fetcher.state !== "idle";
  const feedback = useFormFeedback(fetcher);
  const resendFeedback = useFormFeedback(resend);
  const result = feedback.server;

  // Signed in: on to the page that sent the shopper here (the root data already reloaded).
  useEffect(() => {
    if (result?.ok) void navigate(redirectTo, { replace: true });
  }, [result, navigate, redirectTo]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const checked = validateSignIn(Object.fromEntries(new FormData(event.currentTarget)));
    if (checked.ok) return feedback.accept();
    event.preventDefault();
    feedback.reject(checked.message);
  }

  if (forgotOpen) return <ForgotPasswordForm initialEmail={email} onBack={() => setForgotOpen(false)} />;

  const problem = feedback.shown && !feedback.shown.ok ? feedback.shown : null;
  const unverified = problem === result && result?.code === "EMAIL_NOT_VERIFIED";
  return (
    <fetcher.Form method="post" action="/auth" noValidate onSubmit={onSubmit} className="grid gap-5">
      <input type="hidden" name="intent" value="signIn" />
      <FormField id="signin-email" label="Email">
        <Input
          id="signin-email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={problem ? true : undefined}
        />
      </FormField>
      <FormField
        id="signin-password"
        label="Password"
        hint={
          <button
            type="button"
            className="cursor-pointer text-xs font-semibold text-forest underline-offset-4 hover:underline"
            onClick={() => setForgotOpen(true)}
          >
            Forgot password?
          </button>
        }
      >
        <PasswordInput
          id="signin-password"
          name="password"
          autoComplete="current-password"
          maxLength={128}
          visible={showPasswords}
          onToggle={onTogglePasswords}
          aria-invalid={problem ? true : undefined}
        />
      </FormField>
      {problem && <FormAlert title={problem.title} description={problem.description} />}
      {resendFeedback.shown && (
        <FormAlert
          title={resendFeedback.shown.title}
          description={resendFeedback.shown.description}
          tone={resendFeedback.shown.ok ? "success" : "error"}
        />
      )}
      {unverified && (
        // A button, not a form: a form nested in the sign-in form made the browser post the
        // whole page natively, losing the answer.
        <Button
          type="button"
          variant="outline"
          className="w-full"
          disabled={resend.state !== "idle"}
          onClick={() => void resend.submit({ intent: "resend", email }, { method: "post", action: "/auth" })}
        >
          {resend.state !== "idle" ? "Sending..." : "Resend verification email"}
        </Button>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        <LogIn aria-hidden /> {busy ? "Signing In..." : "Sign In"}
      </Button>
    </fetcher.Form>
  );
}
