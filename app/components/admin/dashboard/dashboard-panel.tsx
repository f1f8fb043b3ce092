import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** A titled card on the dashboard (Recent Activity, Quick Actions, the revenue chart). */
export function DashboardPanel({
  title,
  description,
  action,
  className,
  children,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className={cn("rounded-md border border-border bg-ivory p-5 md:p-6", className)}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={id} className="text-2xl font-semibold">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-stone">{description}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
