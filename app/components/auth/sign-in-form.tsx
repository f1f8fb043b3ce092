import { getFormProps, getInputProps } from "@conform-to/react";
import { LogIn } from "lucide";
import { useCallback, useEffect, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { Field, FormAlert, withId } from "~/components/forms/field";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { navigateTo } from "~/lib/navigation";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { notify } from "~/components/ui/toaster";
import { signInSchema, type FormMessage } from "~/modules/auth/auth.schema";
import { AUTH_UNREACHABLE, type AuthActionResult } from "./auth-result";
import { ForgotPasswordForm } from "./forgot-password-form";
import { SecondStepForm } from "./second-step-form";
import { PasswordInput } from "./password-input";
import { useAuthForm } from "./use-auth-form";

const SIGN_IN_UNREACHABLE: AuthActionResult = { ...AUTH_UNREACHABLE, intent: "signIn", ok: false };
const RESEND_UNREACHABLE: AuthActionResult = { ...AUTH_UNREACHABLE, intent: "resend", ok: false };

interface Props {
  redirectTo: string;
  showPasswords: boolean;
  onTogglePasswords: () => void;
}

export function SignInForm({ redirectTo, showPasswords, onTogglePasswords }: Props) {
  const fetcher = useActionFetcher<AuthActionResult>("/api/auth-forms", { unreachable: SIGN_IN_UNREACHABLE, key: "sign-in" });
  const resend = useActionFetcher<AuthActionResult>("/api/auth-forms", { unreachable: RESEND_UNREACHABLE, key: "resend-verification" });
  const [email, setEmail] = useState("");
  const [forgotOpen, setForgotOpen] = useState(false);
  // The password was right and the account asks for its app's code (decision 048).
  const [secondStep, setSecondStep] = useState(false);
  // Why the second step sent the shopper back here (its ten minutes ran out), shown above the form.
  const [restartedBecause, setRestartedBecause] = useState<FormMessage | null>(null);
  // Signed in, the welcome is said on the page the shopper goes on to.
  const { form, fields, problem, busy, server } = useAuthForm({ id: "sign-in", fetcher, schema: signInSchema, successOnNextPage: true });
  const [resendShown, setResendShown] = useState<AuthActionResult | null>(null);
  useFetcherResult(resend, (r) => {
    (r.ok ? notify.success : notify.error)(r.title, { description: r.description });
    setResendShown(r);
  });

  // Signed in: on to the page that sent the shopper here (the root data already reloaded).
  useEffect(() => {
    if (server?.ok && !server.secondStep) navigateTo(redirectTo, { replace: true });
  }, [server, redirectTo]);
  // The password was right and the account has an authenticator app: its code next.
  useFetcherResult(fetcher, (r) => {
    if (!r.ok || !r.secondStep) return;
    setRestartedBecause(null);
    setSecondStep(true);
  });
  const restart = useCallback((why: FormMessage | null) => {
    setRestartedBecause(why);
    setSecondStep(false);
  }, []);

  if (secondStep) return <SecondStepForm redirectTo={redirectTo} onRestart={restart} />;
  if (forgotOpen) return <ForgotPasswordForm initialEmail={email} onBack={() => setForgotOpen(false)} />;

  const unverified = problem && server && !server.ok && server.code === "EMAIL_NOT_VERIFIED";
  // The form's alert describes both boxes: a refused sign-in never says which one was wrong.
  const invalid = problem ? ({ "aria-invalid": true, "aria-describedby": form.errorId } as const) : {};
  const { key: emailKey, defaultValue: _typed, ...emailProps } = getInputProps(fields.email, { type: "email" });
  // Stable ids (scripts and tests find the sign-in boxes by them).
  const emailField = withId(fields.email, "signin-email");
  const passwordField = withId(fields.password, "signin-password");
  return (
    <fetcher.Form method="post" action="/auth" {...getFormProps(form)} className="grid gap-5">
      <input type="hidden" name="intent" value="signIn" />
      <Field field={emailField} label="Email">
        <Input
          key={emailKey}
          {...emailProps}
          id={emailField.id}
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          {...invalid}
        />
      </Field>
      <Field
        field={passwordField}
        label="Password"
        aside={
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
          field={passwordField}
          autoComplete="current-password"
          maxLength={128}
          visible={showPasswords}
          onToggle={onTogglePasswords}
          {...invalid}
        />
      </Field>
      {problem && <FormAlert id={form.errorId} title={problem.title} description={problem.description} />}
      {!problem && restartedBecause && <FormAlert title={restartedBecause.title} description={restartedBecause.description} />}
      {resendShown && resend.state === "idle" && (
        <FormAlert title={resendShown.title} description={resendShown.description} tone={resendShown.ok ? "success" : "error"} />
      )}
      {unverified && (
        // A button, not a form: a form nested in the sign-in form made the browser post the
        // whole page natively, losing the answer.
        <Button
          type="button"
          variant="outline"
          className="w-full"
          disabled={resend.state !== "idle"}
          onClick={() => resend.submit({ intent: "resend", email })}
        >
          {resend.state !== "idle" ? "Sending..." : "Resend verification email"}
        </Button>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        <Icon of={LogIn} /> {busy ? "Signing In..." : "Sign In"}
      </Button>
    </fetcher.Form>
  );
}
