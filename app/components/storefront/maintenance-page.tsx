import { Scissors } from "lucide";
import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";

/** What shoppers see while the shop is closed for maintenance (HTTP 503). */
export function MaintenancePage({ storeName }: { storeName: string }) {
  return (
    <main className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden bg-ivory px-6 py-24 text-center">
      <div className="kente-band absolute inset-x-0 top-0 h-1.5" aria-hidden />
      <p className="font-display text-3xl tracking-[0.3em] text-balance [overflow-wrap:anywhere] text-forest uppercase">{storeName}</p>
      <Icon of={Scissors} className="mt-10 size-10 text-gold-ink" />
      <h1 className="mt-6 max-w-xl font-display text-4xl font-semibold md:text-5xl">We are refitting the shop</h1>
      <p className="mt-4 max-w-md text-stone">
        Our tailors are making a few adjustments. The shop will be back shortly — thank you for your patience.
      </p>
      <p className="mt-10 text-xs text-stone">
        Staff?{" "}
        <Link to="/auth" className="font-semibold text-forest underline underline-offset-4">
          Sign in
        </Link>
      </p>
      <div className="kente-band absolute inset-x-0 bottom-0 h-1.5" aria-hidden />
    </main>
  );
}
