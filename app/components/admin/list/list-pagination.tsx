import { ChevronLeft, ChevronRight } from "lucide";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { pageWindow } from "~/components/storefront/pagination";

const item = "inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-sm px-2.5 text-sm font-semibold transition-colors";

/**
 * "Showing 21–40 of 134 orders" with previous, numbered pages and next. Links keep the other
 * search params (filters), so the browser's back button walks back through the pages.
 */
export function ListPagination({
  page,
  pageCount,
  pageSize,
  total,
  noun,
  hrefFor,
  totalIsCapped = false,
}: {
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  /** plural, e.g. "orders" */
  noun: string;
  hrefFor: (page: number) => string;
  /** The total is a lower bound (the count stopped at a cap). */
  totalIsCapped?: boolean;
}) {
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-4 py-3 text-sm text-stone">
      <p className="tabular-nums" aria-live="polite">
        Showing {first.toLocaleString("en-GB")}–{last.toLocaleString("en-GB")} of {total.toLocaleString("en-GB")}
        {totalIsCapped ? "+" : ""} {noun}
      </p>
      {pageCount > 1 && (
        <nav aria-label={`Pages of ${noun}`} className="flex items-center gap-1">
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className={cn(item, "text-charcoal hover:bg-sand")} aria-label="Previous page">
              <Icon of={ChevronLeft} className="size-4" />
            </Link>
          ) : (
            <span className={cn(item, "text-stone/60")} aria-hidden>
              <Icon of={ChevronLeft} className="size-4" />
            </span>
          )}
          {pageWindow(page, pageCount).map((p, i) =>
            p === "gap" ? (
              <span key={`gap-${i}`} className="px-1" aria-hidden>
                …
              </span>
            ) : (
              <Link
                key={p}
                to={hrefFor(p)}
                aria-label={`Page ${p}`}
                aria-current={p === page ? "page" : undefined}
                className={cn(item, "tabular-nums", p === page ? "bg-forest text-ivory" : "text-charcoal hover:bg-sand")}
              >
                {p}
              </Link>
            ),
          )}
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} className={cn(item, "text-charcoal hover:bg-sand")} aria-label="Next page">
              <Icon of={ChevronRight} className="size-4" />
            </Link>
          ) : (
            <span className={cn(item, "text-stone/60")} aria-hidden>
              <Icon of={ChevronRight} className="size-4" />
            </span>
          )}
        </nav>
      )}
    </div>
  );
}
