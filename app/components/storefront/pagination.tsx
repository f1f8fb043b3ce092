import { ChevronLeft, ChevronRight } from "lucide";
import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";

/** Page numbers to show: first, last, and two around the current one, with gaps. */
export function pageWindow(page: number, pageCount: number): (number | "gap")[] {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | "gap")[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) result.push("gap");
    result.push(p);
  });
  return result;
}

const item = "inline-flex h-10 min-w-10 items-center justify-center rounded-sm px-3 text-sm font-semibold transition-colors";

/**
 * Previous, numbered pages and next; shown only when there is more than one page. The page that
 * shows the results takes the shopper to their top (useResultsFocus), not to the top of the page.
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  label = "Pagination",
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  const linkProps = { scroll: "results" } as const;
  return (
    <nav aria-label={label} className="mt-14 flex items-center justify-center gap-1.5">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={cn(item, "hover:bg-sand")} aria-label="Previous page" {...linkProps}>
          <Icon of={ChevronLeft} className="size-4" /> <span className="hidden sm:inline">Previous</span>
        </Link>
      ) : (
        <span className={cn(item, "cursor-not-allowed text-stone")} aria-hidden>
          <Icon of={ChevronLeft} className="size-4" /> <span className="hidden sm:inline">Previous</span>
        </span>
      )}
      {pageWindow(page, pageCount).map((p, i) =>
        p === "gap" ? (
          <span key={`gap-${i}`} className="px-1 text-stone" aria-hidden>
            …
          </span>
        ) : (
          <Link
            key={p}
            to={hrefFor(p)}
            aria-label={`Page ${p}`}
            aria-current={p === page ? "page" : undefined}
            className={cn(item, p === page ? "bg-forest text-ivory" : "hover:bg-sand")}
            {...linkProps}
          >
            {p}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={cn(item, "hover:bg-sand")} aria-label="Next page" {...linkProps}>
          <span className="hidden sm:inline">Next</span> <Icon of={ChevronRight} className="size-4" />
        </Link>
      ) : (
        <span className={cn(item, "cursor-not-allowed text-stone")} aria-hidden>
          <span className="hidden sm:inline">Next</span> <Icon of={ChevronRight} className="size-4" />
        </span>
      )}
    </nav>
  );
}
