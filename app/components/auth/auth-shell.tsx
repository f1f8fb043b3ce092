import { ArrowLeft } from "lucide";
import type { ReactNode } from "react";
import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { useStoreProfile } from "~/components/storefront/use-store-settings";

/** A centred card on ivory with the kente band: the frame of the small account pages. */
export function AuthShell({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-ivory">
      <div className="kente-band h-1" aria-hidden />
      <div className="px-6 pt-6 md:px-12">
        <Link to="/" className="inline-flex items-center gap-2 text-sm font-semibold text-forest underline-offset-4 hover:underline">
          <Icon of={ArrowLeft} className="size-4" /> Back to Home
        </Link>
      </div>
      <main className="mx-auto w-full max-w-md px-6 py-12">
        <p className="text-center font-display text-3xl tracking-[0.3em] text-forest uppercase">{useStoreProfile().name}</p>
        <h1 className="mt-6 text-center text-4xl font-semibold">{title}</h1>
        {intro && <div className="mt-2 text-center text-sm text-stone">{intro}</div>}
        <div className="mt-8">{children}</div>
      </main>
    </div>
  );
}
