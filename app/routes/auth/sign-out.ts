import { data, redirect } from "react-router";
import { safeRedirect } from "~/modules/auth/auth.schema";
import { headersForAuth } from "~/modules/auth/session.server";
import { isSameOrigin } from "~/lib/http.server";
import type { Route } from "./+types/sign-out";

/** POST /auth/sign-out: revokes the session row and clears the cookie, then goes on. */
export async function action({ request, context }: Route.ActionArgs) {
  if (!isSameOrigin(request)) throw data("This form must be sent from the shop.", { status: 403 });
  const form = await request.formData();
  const next = safeRedirect(form.get("redirectTo"));
  try {
    const { headers } = await context.auth.api.signOut({ headers: headersForAuth(request, context), returnHeaders: true });
    return redirect(next, { headers });
  } catch (error) {
    // docs/product-rules.md §8: a sign-out error is logged and nothing is shown to the shopper.
    context.log.error({ err: error }, "sign-out failed");
    return redirect(next);
  }
}

export const loader = () => redirect("/");
