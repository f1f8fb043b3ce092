import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { storeNameOf } from "~/lib/store-meta";
import { CheckCircle2 } from "lucide";
import { AuthShell } from "~/components/auth/auth-shell";
import { FormAlert } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { useStoreProfile } from "~/components/storefront/use-store-settings";
import { getViewer } from "~/modules/auth/session.server";
import { privatePageHeaders } from "~/lib/cache-control";
import type { Route } from "./+types/verified";
import type { IslandsHandle } from "~/islands/pages";

// Private: sign-in pages; never stored (app/lib/cache-control.ts).
export const headers = privatePageHeaders;

// Hydrated as islands (app/islands/pages.ts, decision 021): its links and words are the server's
// HTML; only the toasts are hydrated.
export const handle = { islands: "auth-verified" } satisfies IslandsHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Email Verification | ${storeNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

/**
 * Where the verification link lands (via /api/auth/verify-email): verified and signed in,
 * or the link was bad (better-auth adds ?error=…).
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const error = url.searchParams.get("error");
  const viewer = await getViewer(request, context);
  return { error: error ? (error === "TOKEN_EXPIRED" ? "expired" : "invalid") : null, email: viewer?.email ?? null };
}

export default function Verified({ loaderData: { error, email } }: Route.ComponentProps) {
  const storeName = useStoreProfile().name;
  if (error)
    return (
      <AuthShell title="Link not valid">
        <FormAlert
          title={error === "expired" ? "This verification link has expired" : "This verification link is not valid"}
          description="Sign in with your email and password and choose “Resend verification email” to get a new one."
        />
        <Button asChild size="lg" className="mt-6 w-full">
          <Link to="/auth">Go to Sign In</Link>
        </Button>
      </AuthShell>
    );
  return (
    <AuthShell
      title="Email verified"
      intro={
        email ? (
          <>
            You are signed in as <strong className="text-charcoal">{email}</strong>.
          </>
        ) : (
          "Your email is confirmed. You can now sign in."
        )
      }
    >
      <div className="flex flex-col items-center gap-6 rounded-sm border border-border bg-white/70 p-8 text-center">
        <Icon of={CheckCircle2} className="size-12 text-forest" />
        <p className="text-sm text-stone">Welcome to {storeName}. Your orders and details are now kept with your account.</p>
        <Button asChild size="lg" className="w-full">
          <Link to={email ? "/" : "/auth"}>{email ? "Start shopping" : "Sign In"}</Link>
        </Button>
      </div>
    </AuthShell>
  );
}
