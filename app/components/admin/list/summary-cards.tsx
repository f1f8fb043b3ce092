import type { ReactNode } from "react";
import { Icon, type IconNode } from "~/components/ui/icon";

export interface Summary {
  label: string;
  value: ReactNode;
  /** What the figure counts. */
  hint?: ReactNode;
  icon: IconNode;
}

/** A figure card at the top of an admin page: label, value, and what the figure counts. */
export function SummaryCard({ label, value, hint, icon }: Summary) {
  return (
    <section aria-label={label} className="rounded-md border border-border bg-ivory p-4 shadow-[0_1px_0_rgb(30_27_24/0.04)] sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 className="font-sans text-xs font-semibold tracking-[0.14em] text-stone uppercase">{label}</h2>
        <span className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-forest/8 text-forest sm:flex">
          <Icon of={icon} className="size-4" />
        </span>
      </div>
      <p className="mt-2 font-display text-2xl font-semibold text-charcoal tabular-nums sm:text-3xl">{value}</p>
      {hint && <div className="mt-1 text-xs text-stone">{hint}</div>}
    </section>
  );
}

/** The row of figure cards above an admin list (two a row on phones, four on wide screens). */
export function SummaryCards({ cards }: { cards: Summary[] }) {
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {cards.map((card) => (
        <SummaryCard key={card.label} {...card} />
      ))}
    </div>
  );
}

/** A count as the cards show it: 1,234. */
export const count = (n: number) => n.toLocaleString("en-GB");
