import { storeNameOf } from "~/lib/store-meta";
import { data, redirect } from "react-router";
import { AuthPage, type AuthActionResult } from "~/components/auth/auth-page";
import { guardAction, type GuardFailure } from "~/modules/auth/action-guard.server";
import {
  requestPasswordReset,
  resendVerification,
  signIn,
  signUp,
  UNEXPECTED_AUTH_ERROR,
  type AuthOutcome,
} from "~/modules/auth/auth-actions.server";
import {
  emailOnlySchema,
  formMessageErrors,
  formMessageOf,
  safeRedirect,
  signInSchema,
  signUpSchema,
  type FormMessage,
} from "~/modules/auth/auth.schema";
import { getViewer, headersForAuth } from "~/modules/auth/session.server";
import { privatePageHeaders } from "~/lib/cache-control";
import type { Route } from "./+types/auth";

// Private: sign-in pages; never stored (app/lib/cache-control.ts).
export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Sign In or Create an Account | ${storeNameOf(matches)}` },
  { name: "description", content: `Sign in to ${storeNameOf(matches)} to follow your orders, or create an account in a minute.` },
  { name: "robots", content: "noindex" },
];

/** Where a signed-in shopper who opens /auth goes instead (without a safe redirectTo): My Orders. */
export const SIGNED_IN_HOME = "/track-order";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  // Signed in already: no sign-in form; on to where they were going (only a page of the shop), else My Orders.
  if (viewer) throw redirect(safeRedirect(url.searchParams.get("redirectTo"), SIGNED_IN_HOME));
  return {
    redirectTo: safeRedirect(url.searchParams.get("redirectTo")),
    notice: url.searchParams.get("reset") === "1" ? ("password-reset" as const) : null,
  };
}

type Intent = AuthActionResult["intent"];

/** The forms of the page, told apart by their `intent`; each rule is one schema, also run in the browser. */
const authForms = { signIn: signInSchema, signUp: signUpSchema, resend: emailOnlySchema, forgot: emailOnlySchema };

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

export async function action({ request, context }: Route.ActionArgs) {
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
      return data<AuthActionResult>({ intent, ok: true, ...outcome.message, result }, { headers: outcome.headers });
    }
    const result = guarded.reply({ formErrors: formMessageErrors(outcome.message) });
    return data<AuthActionResult>({ intent, ok: false, ...outcome.message, code: outcome.code, result }, { status: outcome.status });
  };
  const refuse = (status: number, message: FormMessage) => reply({ ok: false, status, message });

  const headers = headersForAuth(request, context);
  try {
    let outcome: AuthOutcome;
    if (guarded.intent === "signIn" || guarded.intent === "signUp") {
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

export default function Auth({ loaderData }: Route.ComponentProps) {
  return <AuthPage {...loaderData} />;
}

// After signing in, the page navigates on; a redirect here would lose the welcome toast.
export function shouldRevalidate() {
  return false;
}
