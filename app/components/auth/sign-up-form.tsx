import { UserPlus } from "lucide-react";
import { useEffect, useRef, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { validateSignUp } from "~/modules/auth/auth.schema";
import type { AuthActionResult } from "./auth-result";
import { FormAlert, FormField } from "./form-field";
import { PasswordInput } from "./password-input";
import { useFormFeedback } from "./use-form-feedback";

export function SignUpForm({ showPasswords, onTogglePasswords }: { showPasswords: boolean; onTogglePasswords: () => void }) {
  const fetcher = useFetcher<AuthActionResult>({ key: "sign-up" });
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const feedback = useFormFeedback(fetcher);
  const message = feedback.shown;

  // docs/product-rules.md: the sign-up form is cleared after a successful sign-up.
  useEffect(() => {
    if (feedback.server?.ok) formRef.current?.reset();
  }, [feedback.server]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const checked = validateSignUp(Object.fromEntries(new FormData(event.currentTarget)));
    if (checked.ok) return feedback.accept();
    event.preventDefault();
    feedback.reject(checked.message);
  }

  const invalid = message && !message.ok ? true : undefined;
  return (
    <fetcher.Form ref={formRef} method="post" action="/auth" noValidate onSubmit={onSubmit} className="grid gap-5">
      <input type="hidden" name="intent" value="signUp" />
      <FormField id="signup-email" label="Email">
        <Input id="signup-email" name="email" type="email" autoComplete="email" inputMode="email" maxLength={254} aria-invalid={invalid} />
      </FormField>
      <FormField id="signup-password" label="Password">
        <PasswordInput
          id="signup-password"
          name="password"
          autoComplete="new-password"
          maxLength={128}
          visible={showPasswords}
          onToggle={onTogglePasswords}
          aria-invalid={invalid}
          aria-describedby="signup-password-rule"
        />
      </FormField>
      <p id="signup-password-rule" className="-mt-3 text-xs text-stone">
        At least 6 characters.
      </p>
      <FormField id="signup-confirm" label="Confirm password">
        <PasswordInput
          id="signup-confirm"
          name="confirmPassword"
          autoComplete="new-password"
          maxLength={128}
          visible={showPasswords}
          onToggle={onTogglePasswords}
          aria-invalid={invalid}
        />
      </FormField>
      {message && <FormAlert title={message.title} description={message.description} tone={message.ok ? "success" : "error"} />}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        <UserPlus aria-hidden /> {busy ? "Creating Account..." : "Create Account"}
      </Button>
    </fetcher.Form>
  );
}
