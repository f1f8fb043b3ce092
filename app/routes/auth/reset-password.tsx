import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { storeNameOf } from "~/lib/store-meta";
import { KeyRound } from "lucide";
import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { data, redirect, useFetcher } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { PasswordInput } from "~/components/auth/password-input";
import { useAuthForm, type AuthFormResult } from "~/components/auth/use-auth-form";
import { Field, FormAlert } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { guardAction } from "~/modules/auth/action-guard.server";
import { resetPassword, UNEXPECTED_AUTH_ERROR } from "~/modules/auth/auth-actions.server";
import { AUTH_MESSAGES, formMessageErrors, formMessageOf, newPasswordSchema, type FormMessage } from "~/modules/auth/auth.schema";
import { headersForAuth } from "~/modules/auth/session.server";
import { privatePageHeaders } from "~/lib/cache-control";
import type { Route } from "./+types/reset-password";

// Private: sign-in pages; never stored (app/lib/cache-control.ts).
export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Choose a New Password | ${storeNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

/** The reset link (via /api/auth/reset-password/:token) lands here with ?token= or ?error=. */
export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "", linkError: url.searchParams.has("error") };
}

export type ResetPasswordResult = AuthFormResult & { ok: false };

export async function action({ request, context }: Route.ActionArgs) {
  const refused = (message: FormMessage, result?: AuthFormResult["result"]): ResetPasswordResult => ({
    ok: false,
    ...message,
    result: result ?? { status: "error", error: { "": formMessageErrors(message) } },
  });
  const guarded = await guardAction(
    { request, context },
    {
      access: "anyone",
      schema: newPasswordSchema,
      reply: (refusal) =>
        refusal.reason === "origin" || refusal.reason === "unreadable"
          ? refused({ title: "Request refused", description: refusal.message ?? "" })
          : refused(formMessageOf(refusal.result.error?.[""] ?? undefined) ?? AUTH_MESSAGES.missing, refusal.result),
    },
  );
  if (!guarded.ok) return guarded.response;
  try {
    const outcome = await resetPassword(context.auth, headersForAuth(request, context), guarded.value);
    if (!outcome.ok)
      return data(refused(outcome.message, guarded.reply({ formErrors: formMessageErrors(outcome.message) })), { status: outcome.status });
    return redirect("/auth?reset=1");
  } catch (error) {
    context.log.error({ err: error }, "password reset failed");
    return data(refused(UNEXPECTED_AUTH_ERROR, guarded.reply({ formErrors: formMessageErrors(UNEXPECTED_AUTH_ERROR) })), { status: 500 });
  }
}

export default function ResetPassword({ loaderData: { token, linkError } }: Route.ComponentProps) {
  const fetcher = useFetcher<ResetPasswordResult>();
  const [visible, setVisible] = useState(false);
  const { form, fields, problem, busy } = useAuthForm({ id: "reset-password", fetcher, schema: newPasswordSchema });

  if (linkError || !token)
    return (
      <AuthShell title="Link not valid">
        <FormAlert
          title="This reset link has expired or was already used"
          description="Ask for a new one from “Forgot password?” on the sign-in page."
        />
        <Button asChild size="lg" className="mt-6 w-full">
          <Link to="/auth">Go to Sign In</Link>
        </Button>
      </AuthShell>
    );

  const invalid = problem ? ({ "aria-invalid": true, "aria-describedby": form.errorId } as const) : {};
  return (
    <AuthShell title="Choose a new password" intro="At least 6 characters. You will be signed out on your other devices.">
      <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-5">
        <input type="hidden" name="token" value={token} />
        <Field field={fields.password} label="New password">
          <PasswordInput
            field={fields.password}
            autoComplete="new-password"
            maxLength={128}
            visible={visible}
            onToggle={() => setVisible((v) => !v)}
            {...invalid}
          />
        </Field>
        <Field field={fields.confirmPassword} label="Confirm new password">
          <PasswordInput
            field={fields.confirmPassword}
            autoComplete="new-password"
            maxLength={128}
            visible={visible}
            onToggle={() => setVisible((v) => !v)}
            {...invalid}
          />
        </Field>
        {problem && <FormAlert id={form.errorId} title={problem.title} description={problem.description} />}
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          <Icon of={KeyRound} /> {busy ? "Saving..." : "Save new password"}
        </Button>
      </fetcher.Form>
    </AuthShell>
  );
}
