import { data, redirect, type AppLoadContext } from "react-router";
import type { AuthFormResult } from "~/components/auth/use-auth-form";
import { guardAction } from "~/modules/auth/action-guard.server";
import { resetPassword, UNEXPECTED_AUTH_ERROR } from "~/modules/auth/auth-actions.server";
import { AUTH_MESSAGES, formMessageErrors, formMessageOf, newPasswordSchema, type FormMessage } from "~/modules/auth/auth.schema";
import { headersForAuth } from "~/modules/auth/session.server";

/*
 * /auth/reset-password's action (routes/auth/reset-password.tsx), also answered in JSON at
 * /api/reset-password for the page's island (decision 038).
 */

export type ResetPasswordResult = AuthFormResult & { ok: false };

export async function resetPasswordAction({ request, context }: { request: Request; context: AppLoadContext }) {
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
