import { storeNameOf } from "~/lib/store-meta";
import { redirect } from "react-router";
import { AuthPage } from "~/components/auth/auth-page";
import { authPageAction } from "~/modules/auth/auth-page-action.server";
import { safeRedirect } from "~/modules/auth/auth.schema";
import { getViewer } from "~/modules/auth/session.server";
import { privatePageHeaders } from "~/lib/cache-control";
import type { Route } from "./+types/auth";
import type { IslandsHandle } from "~/islands/pages";

// Private: sign-in pages; never stored (app/lib/cache-control.ts).
export const headers = privatePageHeaders;

// Hydrated as islands (declared in app/islands/pages.ts, decision 021): the forms are the island.
export const handle = { islands: "auth" } satisfies IslandsHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Sign In or Create an Account | ${storeNameOf(matches)}` },
  { name: "description", content: `Sign in to ${storeNameOf(matches)} to follow your orders, or create an account in a minute.` },
  { name: "robots", content: "noindex" },
];

/** Where a signed-in shopper who opens /auth goes instead (without a safe redirectTo): My Orders. */
export const SIGNED_IN_HOME = "/account/orders";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  // Signed in already: no sign-in form; on to where they were going (only a page of the shop), else My Orders.
  if (viewer) throw redirect(safeRedirect(url.searchParams.get("redirectTo"), SIGNED_IN_HOME));
  return {
    redirectTo: safeRedirect(url.searchParams.get("redirectTo")),
    notice: url.searchParams.get("reset") === "1" ? ("password-reset" as const) : null,
  };
}

/** The page's forms, told apart by their `intent` (app/modules/auth/auth-page-action.server.ts); from script, /api/auth-forms. */
export const action = authPageAction;

export default function Auth({ loaderData }: Route.ComponentProps) {
  return <AuthPage {...loaderData} />;
}

// After signing in, the page navigates on; a redirect here would lose the welcome toast.
export function shouldRevalidate() {
  return false;
}
