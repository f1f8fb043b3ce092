import { ChevronLeft, ChevronRight } from "lucide";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";

const item = "inline-flex h-9 items-center justify-center gap-1 rounded-sm px-3 text-sm font-semibold transition-colors";

/**
 * The footer of a list paged by keyset (the activity log: no page numbers and no total, since
 * counting a million rows costs more than the page): what is shown, then "Newer" and "Older"
 * links to the neighbouring pages (null at either end). Links keep the filters, so Back walks
 * back through the pages.
 */
export function KeysetPagination({
  summary,
  newerHref,
  olderHref,
  label,
}: {
  /** e.g. "Showing the newest 50 entries". */
  summary: ReactNode;
  newerHref: string | null;
  olderHref: string | null;
  /** The navigation's name, e.g. "Pages of the activity log". */
  label: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-4 py-3 text-sm text-stone">
      <p className="tabular-nums" aria-live="polite">
        {summary}
      </p>
      {(newerHref || olderHref) && (
        <nav aria-label={label} className="flex items-center gap-1">
          <PageLink href={newerHref} rel="prev">
            <Icon of={ChevronLeft} className="size-4" />
            Newer
          </PageLink>
          <PageLink href={olderHref} rel="next">
            Older
            <Icon of={ChevronRight} className="size-4" />
          </PageLink>
        </nav>
      )}
    </div>
  );
}

function PageLink({ href, rel, children }: { href: string | null; rel: "prev" | "next"; children: ReactNode }) {
  if (!href)
    return (
      <span className={cn(item, "text-stone/60")} aria-disabled="true">
        {children}
      </span>
    );
  return (
    <Link to={href} rel={rel} className={cn(item, "border border-border bg-white text-charcoal hover:bg-sand")}>
      {children}
    </Link>
  );
}
