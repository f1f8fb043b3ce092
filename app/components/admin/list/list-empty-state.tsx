import { Link } from "react-router";
import { Icon, type IconNode } from "~/components/ui/icon";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/** What an admin list says when it has no row, e.g. "No orders match" with "Clear filters". */
export interface ListEmpty {
  title: string;
  body: string;
  /** A link; `opensDialog` when it opens the list's dialog (closing it then goes back). */
  action?: { label: string; href: string; opensDialog?: boolean };
}

export function ListEmptyState({ icon, empty }: { icon: IconNode; empty: ListEmpty }) {
  return (
    <div className="flex flex-col items-center px-6 py-16 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-sand text-forest">
        <Icon of={icon} className="size-5" />
      </span>
      <h2 className="mt-4 font-display text-2xl font-semibold">{empty.title}</h2>
      <p className="mt-1 max-w-md text-sm text-stone">{empty.body}</p>
      {empty.action && (
        <Link
          to={empty.action.href}
          state={empty.action.opensDialog ? { openedFromList: true } : undefined}
          className={cn(buttonVariants({ variant: empty.action.opensDialog ? "default" : "outline", size: "sm" }), "mt-5")}
        >
          {empty.action.label}
        </Link>
      )}
    </div>
  );
}
