import { data, type AppLoadContext } from "react-router";
import type { AuthActionResult } from "~/components/auth/auth-result";
import { guardAction, type GuardFailure } from "~/modules/auth/action-guard.server";
import {
  requestPasswordReset,
  resendVerification,
  signIn,
  signInSecondStep,
  signUp,
  UNEXPECTED_AUTH_ERROR,
  type AuthOutcome,
} from "~/modules/auth/auth-actions.server";
import {
  emailOnlySchema,
  formMessageErrors,
  formMessageOf,
  secondStepSchema,
  signInSchema,
  signUpSchema,
  type FormMessage,
} from "~/modules/auth/auth.schema";
import { headersForAuth } from "~/modules/auth/session.server";

/*
 * /auth's forms (sign in, sign up, resend the verification email, forgot password): the action
 * of routes/auth/auth.tsx, where the browser posts them without JavaScript, and of
 * /api/auth-forms, which answers the same in JSON for the page's island (decision 038).
 */

type Intent = AuthActionResult["intent"];

/** The forms of the page, told apart by their `intent`; each rule is one schema, also run in the browser. */
const authForms = {
  signIn: signInSchema,
  secondStep: secondStepSchema,
  signUp: signUpSchema,
  resend: emailOnlySchema,
  forgot: emailOnlySchema,
};

/** The guard's refusal as the page shows it: a title and an explanation (and Conform's result for the form). */
function refusal(refused: GuardFailure): AuthActionResult {
  const intent = (refused.intent ?? "signIn") as Intent;
  if (refused.reason === "origin" || refused.reason === "unreadable") {
    const message = { title: "Request refused", description: refused.message ?? "" };
    return { intent, ok: false, ...message, result: { status: "error", error: { "": formMessageErrors(message) } } };
  }
  const message = formMessageOf(refused.result.error?.[""] ?? undefined) ?? { title: "Unknown form", description: "" };
  return { intent, ok: false, ...message, result: refused.result };
}

export async function authPageAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const guarded = await guardAction(
    { request, context },
    {
      access: "anyone",
      intents: authForms,
      reply: (refused) => {
        if (refused.reason === "intent") throw data("Unknown form", { status: 400 });
        return refusal(refused);
      },
    },
  );
  if (!guarded.ok) return guarded.response;
  const { intent } = guarded;
  const reply = (outcome: AuthOutcome) => {
    if (outcome.ok) {
      // Sign-up clears its form (docs/product-rules.md); the others keep what was typed.
      const result = guarded.reply(intent === "signUp" ? { resetForm: true } : {});
      const secondStep = outcome.secondStep ? { secondStep: true } : {};
      return data<AuthActionResult>({ intent, ok: true, ...outcome.message, ...secondStep, result }, { headers: outcome.headers });
    }
    const result = guarded.reply({ formErrors: formMessageErrors(outcome.message) });
    return data<AuthActionResult>({ intent, ok: false, ...outcome.message, code: outcome.code, result }, { status: outcome.status });
  };
  const refuse = (status: number, message: FormMessage) => reply({ ok: false, status, message });

  const headers = headersForAuth(request, context);
  try {
    let outcome: AuthOutcome;
    if (guarded.intent === "secondStep") {
      outcome = await signInSecondStep(context.auth, headers, guarded.value, context.database.db);
    } else if (guarded.intent === "signIn" || guarded.intent === "signUp") {
      outcome = await (guarded.intent === "signIn" ? signIn : signUp)(context.auth, headers, guarded.value);
    } else {
      const send = guarded.intent === "resend" ? resendVerification : requestPasswordReset;
      outcome = await send(context.auth, headers, guarded.value.email);
    }
    return reply(outcome);
  } catch (error) {
    context.log.error({ err: error, intent }, "auth form failed");
    return refuse(500, UNEXPECTED_AUTH_ERROR);
  }
}
