import { Link } from "~/components/ui/link";
import { usePageContext } from "~/lib/page-context";
import type { ProductListing } from "~/modules/catalog/storefront-queries.server";
import { cn } from "~/lib/cn";
import { homeFilters, type HomeFilter } from "~/modules/catalog/catalog-constants";
import { Pagination } from "../pagination";
import { ProductGrid } from "../product-card";
import { useResultsFocus } from "../use-results-focus";

export function homeGridHref(category: HomeFilter, page = 1): string {
  const params = new URLSearchParams();
  if (category !== "all") params.set("category", category);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/${query ? `?${query}` : ""}#collection`;
}

/** "Our Collection": filter buttons with count badges and a paged grid of 8. */
export function CollectionGrid({
  listing,
  category,
  counts,
}: {
  listing: ProductListing;
  category: HomeFilter;
  counts: Record<string, number>;
}) {
  const loading = usePageContext().navigatingTo === "/";
  const heading = useResultsFocus<HTMLHeadingElement>();
  return (
    <section id="collection" className="bg-white/60 py-20 md:py-28">
      <div className="mx-auto max-w-7xl px-4 md:px-8">
        <div className="mb-10 text-center">
          <p className="mb-3 text-xs font-bold tracking-[0.28em] text-gold-ink uppercase">Shop the House</p>
          <h2 ref={heading} tabIndex={-1} className="scroll-mt-28 text-4xl font-semibold outline-none md:text-5xl">
            Our Collection
          </h2>
        </div>
        <nav aria-label="Filter the collection" className="mb-12 flex flex-wrap justify-center gap-2">
          {homeFilters.map((filter) => {
            const active = filter.slug === category;
            return (
              <Link
                key={filter.slug}
                to={homeGridHref(filter.slug)}
                scroll="keep"
                aria-current={active ? "true" : undefined}
                className={cn(
                  "inline-flex h-10 items-center gap-2 rounded-full border px-5 text-sm font-semibold transition-colors",
                  active ? "border-forest bg-forest text-ivory" : "border-border bg-ivory hover:border-charcoal",
                )}
              >
                {filter.label}
                {filter.slug !== "all" && (
                  <span
                    className={cn("rounded-full px-2 text-xs tabular-nums", active ? "bg-gold text-charcoal" : "bg-sand text-charcoal")}
                  >
                    {counts[filter.slug] ?? 0}
                    <span className="sr-only"> products</span>
                  </span>
                )}
              </Link>
            );
          })}
        </nav>
        <div className={cn("transition-opacity", loading && "opacity-50")} aria-busy={loading}>
          {listing.items.length > 0 ? (
            <ProductGrid products={listing.items} />
          ) : (
            <p className="py-16 text-center text-stone">No products found. Try adjusting your filters.</p>
          )}
        </div>
        <Pagination page={listing.page} pageCount={listing.pageCount} hrefFor={(p) => homeGridHref(category, p)} label="Collection pages" />
      </div>
    </section>
  );
}
