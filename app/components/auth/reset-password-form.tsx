import { getFormProps } from "@conform-to/react";
import { KeyRound } from "lucide";
import { useState } from "react";
import { Icon } from "~/components/ui/icon";
import { FormAlert } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { newPasswordSchema } from "~/modules/auth/auth.schema";
import type { ResetPasswordResult } from "~/modules/auth/reset-password-action.server";
import { AUTH_UNREACHABLE } from "./auth-result";
import { NewPasswordField } from "./password-input";
import { useAuthForm } from "./use-auth-form";

const UNREACHABLE: ResetPasswordResult = { ...AUTH_UNREACHABLE, ok: false };

/**
 * "Choose a new password": posted to /auth/reset-password without JavaScript, to
 * /api/reset-password from the page's island, which opens the sign-in page once it is saved.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const fetcher = useActionFetcher<ResetPasswordResult>("/api/reset-password", { unreachable: UNREACHABLE });
  const [visible, setVisible] = useState(false);
  const { form, fields, problem, busy } = useAuthForm({ id: "reset-password", fetcher, schema: newPasswordSchema });
  const invalid = problem ? ({ "aria-invalid": true, "aria-describedby": form.errorId } as const) : {};
  return (
    <fetcher.Form method="post" action="/auth/reset-password" {...getFormProps(form)} className="grid gap-5">
      <input type="hidden" name="token" value={token} />
      <NewPasswordField
        field={fields.password}
        label="New password"
        visible={visible}
        onToggle={() => setVisible((v) => !v)}
        {...invalid}
      />
      <NewPasswordField
        field={fields.confirmPassword}
        label="Confirm new password"
        visible={visible}
        onToggle={() => setVisible((v) => !v)}
        {...invalid}
      />
      {problem && <FormAlert id={form.errorId} title={problem.title} description={problem.description} />}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        <Icon of={KeyRound} /> {busy ? "Saving..." : "Save new password"}
      </Button>
    </fetcher.Form>
  );
}
