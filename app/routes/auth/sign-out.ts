import { data, redirect } from "react-router";
import { z } from "zod";
import { guardAction } from "~/modules/auth/action-guard.server";
import { safeRedirect } from "~/modules/auth/auth.schema";
import { headersForAuth } from "~/modules/auth/session.server";
import type { Route } from "./+types/sign-out";

/** POST /auth/sign-out: revokes the session row and clears the cookie, then goes on. */
export async function action({ request, context }: Route.ActionArgs) {
  const guarded = await guardAction(
    { request, context },
    {
      access: "anyone",
      // Whatever redirectTo holds (nothing, a file, another site), safeRedirect decides where to go.
      schema: z.object({ redirectTo: z.unknown().optional() }),
      reply: (refused) => {
        throw data(refused.firstMessage ?? "This sign-out could not be read. Reload the page and try again.", { status: refused.status });
      },
    },
  );
  if (!guarded.ok) return guarded.response;
  const next = safeRedirect(guarded.value.redirectTo);
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
