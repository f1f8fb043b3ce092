import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/** What an admin table says when it has no row, e.g. "No orders match" with "Clear filters". */
export interface TableEmpty {
  title: string;
  body: string;
  action?: { label: string; href: string };
}

/** Header cells of the admin list tables. */
export const adminTableHeader = "px-4 py-3 text-left text-xs font-semibold tracking-[0.12em] text-stone uppercase whitespace-nowrap";

export function TableEmptyState({ icon: Icon, empty }: { icon: LucideIcon; empty: TableEmpty }) {
  return (
    <div className="flex flex-col items-center px-6 py-16 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-sand text-forest">
        <Icon className="size-5" aria-hidden />
      </span>
      <h2 className="mt-4 font-display text-2xl font-semibold">{empty.title}</h2>
      <p className="mt-1 max-w-md text-sm text-stone">{empty.body}</p>
      {empty.action && (
        <Link to={empty.action.href} className={cn(buttonVariants({ variant: "outline", size: "sm" }), "mt-5")}>
          {empty.action.label}
        </Link>
      )}
    </div>
  );
}
