import { KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { data, Link, redirect, useFetcher } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { FormAlert, FormField } from "~/components/auth/form-field";
import { PasswordInput } from "~/components/auth/password-input";
import { useFormFeedback } from "~/components/auth/use-form-feedback";
import { Button } from "~/components/ui/button";
import { brand } from "~/lib/brand";
import { guardAction } from "~/modules/auth/action-guard.server";
import { resetPassword, UNEXPECTED_AUTH_ERROR } from "~/modules/auth/auth-actions.server";
import { formMessageOf, newPasswordSchema, validateNewPassword, type FormMessage } from "~/modules/auth/auth.schema";
import { headersForAuth } from "~/modules/auth/session.server";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [{ title: `Choose a New Password | ${brand.name}` }, { name: "robots", content: "noindex" }];

/** The reset link (via /api/auth/reset-password/:token) lands here with ?token= or ?error=. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get("token") ?? "", linkError: url.searchParams.has("error") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const guarded = await guardAction(
    { request, context },
    {
      access: "anyone",
      schema: newPasswordSchema,
      reply: (refused) =>
        refused.reason === "origin"
          ? { ok: false as const, title: "Request refused", description: refused.message ?? "" }
          : { ok: false as const, ...formMessageOf(refused.result.error?.[""] ?? undefined)! },
    },
  );
  if (!guarded.ok) return guarded.response;
  try {
    const outcome = await resetPassword(context.auth, headersForAuth(request, context), guarded.value);
    if (!outcome.ok) return data({ ok: false as const, ...outcome.message }, { status: outcome.status });
    return redirect("/auth?reset=1");
  } catch (error) {
    context.log.error({ err: error }, "password reset failed");
    return data({ ok: false as const, ...UNEXPECTED_AUTH_ERROR }, { status: 500 });
  }
}

export default function ResetPassword({ loaderData: { token, linkError } }: Route.ComponentProps) {
  const fetcher = useFetcher<FormMessage & { ok: false }>();
  const [visible, setVisible] = useState(false);
  const busy = fetcher.state !== "idle";
  const feedback = useFormFeedback(fetcher);
  const problem = feedback.shown;

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

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const checked = validateNewPassword(Object.fromEntries(new FormData(event.currentTarget)));
    if (checked.ok) return feedback.accept();
    event.preventDefault();
    feedback.reject(checked.message);
  }

  return (
    <AuthShell title="Choose a new password" intro="At least 6 characters. You will be signed out on your other devices.">
      <fetcher.Form method="post" noValidate onSubmit={onSubmit} className="grid gap-5">
        <input type="hidden" name="token" value={token} />
        <FormField id="reset-password" label="New password">
          <PasswordInput
            id="reset-password"
            name="password"
            autoComplete="new-password"
            maxLength={128}
            visible={visible}
            onToggle={() => setVisible((v) => !v)}
          />
        </FormField>
        <FormField id="reset-confirm" label="Confirm new password">
          <PasswordInput
            id="reset-confirm"
            name="confirmPassword"
            autoComplete="new-password"
            maxLength={128}
            visible={visible}
            onToggle={() => setVisible((v) => !v)}
          />
        </FormField>
        {problem && <FormAlert title={problem.title} description={problem.description} />}
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          <KeyRound aria-hidden /> {busy ? "Saving..." : "Save new password"}
        </Button>
      </fetcher.Form>
    </AuthShell>
  );
}
