import { ArrowLeft } from "lucide";
import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { useStoreProfile } from "~/components/storefront/use-store-settings";
import { FormAlert } from "~/components/forms/field";
import { AuthFormsIsland } from "~/islands/auth";

export type { AuthActionResult } from "./auth-result";

interface Props {
  redirectTo: string;
  notice: "password-reset" | null;
}

/** /auth: a quiet two-column page, the brand's picture beside the forms on wide screens; the forms are its island. */
export function AuthPage({ redirectTo, notice }: Props) {
  const store = useStoreProfile();
  return (
    <div className="grid min-h-dvh bg-ivory lg:grid-cols-[1.1fr_1fr]">
      <aside className="relative hidden overflow-hidden bg-forest-deep lg:block" aria-hidden>
        <img src="/images/hero/heritage-1280.webp" alt="" className="absolute inset-0 size-full object-cover opacity-70" />
        <div className="absolute inset-0 bg-gradient-to-t from-forest-deep via-forest-deep/30 to-transparent" />
        <div className="absolute inset-x-12 bottom-14 text-ivory">
          <p className="text-xs font-bold tracking-[0.3em] text-gold-light uppercase">{store.tagline}</p>
          <p className="mt-4 max-w-md font-display text-4xl leading-tight">Cut by hand in Accra, fitted to you wherever you are.</p>
        </div>
      </aside>
      <main className="flex flex-col">
        <div className="kente-band h-1 lg:hidden" aria-hidden />
        <div className="px-6 pt-6 md:px-12">
          <Link to="/" className="inline-flex items-center gap-2 text-sm font-semibold text-forest underline-offset-4 hover:underline">
            <Icon of={ArrowLeft} className="size-4" /> Back to Home
          </Link>
        </div>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-6 py-10">
          <p className="text-center font-display text-3xl tracking-[0.3em] text-forest uppercase">{store.name}</p>
          <h1 className="mt-6 text-center text-4xl font-semibold">Welcome</h1>
          <p className="mt-2 text-center text-sm text-stone">Sign in to follow your orders, or create an account.</p>
          {notice === "password-reset" && (
            <div className="mt-6">
              <FormAlert
                tone="success"
                title="Password updated"
                description="Sign in with your new password. You were signed out on your other devices."
              />
            </div>
          )}
          <AuthFormsIsland redirectTo={redirectTo} />
          <p className="mt-10 text-center text-xs leading-relaxed text-stone">
            By continuing you agree to our{" "}
            <Link to="/terms" className="underline underline-offset-2">
              Terms
            </Link>{" "}
            and{" "}
            <Link to="/privacy" className="underline underline-offset-2">
              Privacy Policy
            </Link>
            .
          </p>
        </div>
      </main>
    </div>
  );
}
