import { Link } from "~/components/ui/link";
import { storeNameOf } from "~/lib/store-meta";
import { AuthShell } from "~/components/auth/auth-shell";
import { FormAlert } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { resetPasswordAction } from "~/modules/auth/reset-password-action.server";
import { privatePageHeaders } from "~/lib/cache-control";
import { ResetPasswordIsland } from "~/islands/reset-password";
import type { Route } from "./+types/reset-password";
import type { IslandsHandle } from "~/islands/pages";

// Private: sign-in pages; never stored (app/lib/cache-control.ts).
export const headers = privatePageHeaders;

// Hydrated as islands (declared in app/islands/pages.ts, decision 021): the form is the island.
export const handle = { islands: "reset-password" } satisfies IslandsHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Choose a New Password | ${storeNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

/** The reset link (via /api/auth/reset-password/:token) lands here with ?token= or ?error=. */
export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "", linkError: url.searchParams.has("error") };
}

/** app/modules/auth/reset-password-action.server.ts; from script, /api/reset-password answers the same in JSON. */
export const action = resetPasswordAction;
export type { ResetPasswordResult } from "~/modules/auth/reset-password-action.server";

export default function ResetPassword({ loaderData: { token, linkError } }: Route.ComponentProps) {
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

  return (
    <AuthShell title="Choose a new password" intro="At least 6 characters. You will be signed out on your other devices.">
      <ResetPasswordIsland token={token} />
    </AuthShell>
  );
}
