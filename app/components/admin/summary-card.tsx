import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A figure card at the top of an admin list page: label, value, and what the figure counts. */
export function SummaryCard({ label, value, hint, icon: Icon }: { label: string; value: ReactNode; hint?: ReactNode; icon: LucideIcon }) {
  return (
    <section aria-label={label} className="rounded-md border border-border bg-ivory p-4 shadow-[0_1px_0_rgb(30_27_24/0.04)] sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 className="font-sans text-xs font-semibold tracking-[0.14em] text-stone uppercase">{label}</h2>
        <span className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-forest/8 text-forest sm:flex">
          <Icon className="size-4" aria-hidden />
        </span>
      </div>
      <p className="mt-2 font-display text-2xl font-semibold text-charcoal tabular-nums sm:text-3xl">{value}</p>
      {hint && <div className="mt-1 text-xs text-stone">{hint}</div>}
    </section>
  );
}
