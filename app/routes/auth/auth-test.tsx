import { storeNameOf } from "~/lib/store-meta";
import { Link } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { Button } from "~/components/ui/button";
import { getViewer } from "~/modules/auth/session.server";
import { privatePageHeaders } from "~/lib/cache-control";
import type { Route } from "./+types/auth-test";

// Private: sign-in pages; never stored (app/lib/cache-control.ts).
export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Authentication Check | ${storeNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

/** The Access Denied screen's "Test Auth": who the server thinks is signed in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  return viewer ? { email: viewer.email, role: viewer.role, expiresAt: viewer.sessionExpiresAt } : null;
}

export default function AuthTest({ loaderData }: Route.ComponentProps) {
  return (
    <AuthShell title="Authentication check">
      {loaderData ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 rounded-sm border border-border bg-white/70 p-6 text-sm">
          <dt className="text-stone">Signed in as</dt>
          <dd className="font-semibold break-all">{loaderData.email}</dd>
          <dt className="text-stone">Role</dt>
          <dd className="font-semibold">{loaderData.role}</dd>
          <dt className="text-stone">Session expires</dt>
          <dd className="font-semibold">
            <time dateTime={loaderData.expiresAt}>
              {new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(
                new Date(loaderData.expiresAt),
              )}{" "}
              UTC
            </time>
          </dd>
        </dl>
      ) : (
        <p className="rounded-sm border border-border bg-white/70 p-6 text-center text-sm">No one is signed in.</p>
      )}
      <div className="mt-6 grid gap-3">
        {!loaderData && (
          <Button asChild size="lg">
            <Link to="/auth?redirectTo=%2Fauth-test">Sign In</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/">Go Home</Link>
        </Button>
      </div>
    </AuthShell>
  );
}
