import { data } from "react-router";
import { AuthPage, type AuthActionResult } from "~/components/auth/auth-page";
import { brand } from "~/lib/brand";
import { isSameOrigin } from "~/lib/http.server";
import {
  requestPasswordReset,
  resendVerification,
  signIn,
  signUp,
  UNEXPECTED_AUTH_ERROR,
  type AuthOutcome,
} from "~/modules/auth/auth-actions.server";
import { safeRedirect, type FormMessage, validateEmailOnly, validateSignIn, validateSignUp } from "~/modules/auth/auth.schema";
import { getViewer, headersForAuth } from "~/modules/auth/session.server";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = () => [
  { title: `Sign In or Create an Account | ${brand.name}` },
  { name: "description", content: `Sign in to ${brand.name} to follow your orders, or create an account in a minute.` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const viewer = await getViewer(request, context);
  return {
    signedInAs: viewer?.email ?? null,
    redirectTo: safeRedirect(url.searchParams.get("redirectTo")),
    notice: url.searchParams.get("reset") === "1" ? ("password-reset" as const) : null,
  };
}

const intents = ["signIn", "signUp", "resend", "forgot"] as const;
type Intent = (typeof intents)[number];

export async function action({ request, context }: Route.ActionArgs) {
  const reply = (intent: Intent, outcome: AuthOutcome) =>
    outcome.ok
      ? data<AuthActionResult>({ intent, ok: true, ...outcome.message }, { headers: outcome.headers })
      : data<AuthActionResult>({ intent, ok: false, ...outcome.message, code: outcome.code }, { status: outcome.status });
  const refuse = (intent: Intent, status: number, message: FormMessage) => reply(intent, { ok: false, status, message });
  const form = await request.formData();
  const intent = intents.find((i) => i === form.get("intent"));
  if (!intent) throw data("Unknown form", { status: 400 });
  if (!isSameOrigin(request))
    return refuse(intent, 403, { title: "Request refused", description: "This form must be sent from the shop." });

  const fields = Object.fromEntries(form) as Record<string, string>;
  const headers = headersForAuth(request, context);
  try {
    let outcome: AuthOutcome;
    if (intent === "signIn" || intent === "signUp") {
      const checked = intent === "signIn" ? validateSignIn(fields) : validateSignUp(fields);
      if (!checked.ok) return refuse(intent, 400, checked.message);
      outcome = await (intent === "signIn" ? signIn : signUp)(context.auth, headers, checked.value);
    } else {
      const checked = validateEmailOnly(fields);
      if (!checked.ok) return refuse(intent, 400, checked.message);
      outcome = await (intent === "resend" ? resendVerification : requestPasswordReset)(context.auth, headers, checked.value.email);
    }
    return reply(intent, outcome);
  } catch (error) {
    context.log.error({ err: error, intent }, "auth form failed");
    return refuse(intent, 500, UNEXPECTED_AUTH_ERROR);
  }
}

export default function Auth({ loaderData }: Route.ComponentProps) {
  return <AuthPage {...loaderData} />;
}

// After signing in, the page navigates on; a redirect here would lose the welcome toast.
export function shouldRevalidate() {
  return false;
}
