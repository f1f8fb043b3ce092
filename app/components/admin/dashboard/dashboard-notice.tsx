import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon, type IconNode } from "~/components/ui/icon";

/**
 * A calm dashboard notice: something staff should know (Paystack not connected, exchange rates
 * gone stale), why it matters to shoppers, and a link to where it is put right (left out for a
 * role that may not open that page: the text then says whom to ask).
 */
export function DashboardNotice({
  id,
  icon,
  title,
  children,
  action,
}: {
  /** Names the notice's title element, which labels the section. */
  id: string;
  icon: IconNode;
  title: string;
  children: ReactNode;
  action?: { to: string; label: string };
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-md border border-border bg-ivory p-4 md:px-6 sm:flex-row sm:items-center"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-sand text-forest" aria-hidden>
        <Icon of={icon} className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id={id} className="font-sans text-sm font-semibold text-charcoal">
          {title}
        </h2>
        <p className="mt-0.5 text-sm text-stone">{children}</p>
      </div>
      {action && (
        <Link
          to={action.to}
          className="inline-flex h-9 shrink-0 items-center justify-center rounded-sm border border-charcoal/20 px-3 text-xs font-semibold tracking-wide text-charcoal transition-colors hover:border-forest hover:bg-forest hover:text-ivory focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold"
        >
          {action.label}
        </Link>
      )}
    </section>
  );
}
