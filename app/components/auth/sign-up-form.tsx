import { getFormProps } from "@conform-to/react";
import { UserPlus } from "lucide";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { Icon } from "~/components/ui/icon";
import { Field, FormAlert, TextInput } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { signUpSchema } from "~/modules/auth/auth.schema";
import { AUTH_UNREACHABLE, type AuthActionResult } from "./auth-result";
import { NewPasswordField } from "./password-input";
import { useAuthForm } from "./use-auth-form";

const UNREACHABLE: AuthActionResult = { ...AUTH_UNREACHABLE, intent: "signUp", ok: false };

export function SignUpForm({ showPasswords, onTogglePasswords }: { showPasswords: boolean; onTogglePasswords: () => void }) {
  const fetcher = useActionFetcher<AuthActionResult>("/api/auth-forms", { unreachable: UNREACHABLE, key: "sign-up" });
  // docs/product-rules.md: the sign-up form is cleared after a successful sign-up (the action's reply resets it).
  const { form, fields, problem, success, busy } = useAuthForm({ id: "sign-up", fetcher, schema: signUpSchema });
  const invalid = problem ? ({ "aria-invalid": true, "aria-describedby": form.errorId } as const) : {};
  const message = problem ?? success;

  return (
    <fetcher.Form method="post" action="/auth" {...getFormProps(form)} className="grid gap-5">
      <input type="hidden" name="intent" value="signUp" />
      <Field field={fields.email} label="Email">
        <TextInput field={fields.email} type="email" autoComplete="email" inputMode="email" maxLength={254} {...invalid} />
      </Field>
      <NewPasswordField
        field={fields.password}
        label="Password"
        visible={showPasswords}
        onToggle={onTogglePasswords}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `signup-password-rule ${form.errorId}` : "signup-password-rule"}
      />
      <p id="signup-password-rule" className="-mt-3 text-xs text-stone">
        At least 6 characters.
      </p>
      <NewPasswordField
        field={fields.confirmPassword}
        label="Confirm password"
        visible={showPasswords}
        onToggle={onTogglePasswords}
        {...invalid}
      />
      {message && (
        <FormAlert id={form.errorId} title={message.title} description={message.description} tone={problem ? "error" : "success"} />
      )}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        <Icon of={UserPlus} /> {busy ? "Creating Account..." : "Create Account"}
      </Button>
    </fetcher.Form>
  );
}
