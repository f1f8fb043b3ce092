import { useCallback, useEffect, useRef, useState } from "react";
import { filtersToSearchParams, type CollectionFilterValues as Filters } from "~/modules/catalog/catalog-constants";
import type { ProductListing } from "~/modules/catalog/storefront-queries.server";
import type { CollectionAnswer } from "~/modules/catalog/catalog-types";
import { navigateTo, routerRuns } from "~/lib/navigation";
import { usePageContext } from "~/lib/page-context";
import { formatCount } from "~/lib/numbers";
import { Pagination } from "../pagination";
import { ProductGrid } from "../product-card";
import { useResultsFocus } from "../use-results-focus";
import { CollectionFilters } from "./collection-filters";

interface Shown {
  filters: Filters;
  listing: ProductListing;
}

/**
 * A collection's filters and the products they give: one island (decision 021). A change of
 * filter asks /api/collections/:category and shows its answer in place, with the address
 * updated (and Back going through the earlier ones), so the page keeps its scroll and the
 * search field its focus. Where React Router runs the page, it navigates instead, as before.
 * If the shop cannot be reached, the browser loads the address, which says what went wrong.
 */
export function CollectionResults({
  category,
  title,
  filters: pageFilters,
  listing: pageListing,
}: {
  /** The collection as the address names it (`kaftans`, `all`). */
  category: string;
  /** "products" or the collection's short title, for the filters' labels. */
  title: string;
  filters: Filters;
  listing: ProductListing;
}) {
  const [shown, setShown] = useState<Shown>({ filters: pageFilters, listing: pageListing });
  // A new page from the router (a client navigation) replaces what the filters showed.
  const [pageListingShown, setPageListingShown] = useState(pageListing);
  if (pageListing !== pageListingShown) {
    setPageListingShown(pageListing);
    setShown({ filters: pageFilters, listing: pageListing });
  }
  const [fetching, setFetching] = useState(false);
  const asking = useRef<AbortController | null>(null);
  const { navigatingTo } = usePageContext();
  const loading = fetching || navigatingTo === `/collections/${category}`;
  const resultsHeading = useResultsFocus<HTMLHeadingElement>();

  const hrefFor = useCallback(
    (next: Filters) => {
      const query = filtersToSearchParams(next).toString();
      return `/collections/${category}${query ? `?${query}` : ""}`;
    },
    [category],
  );

  /** Shows the products of the address `href` (a path with its query), as the server reads it. */
  const show = useCallback(async (href: string, history: "push" | "none") => {
    asking.current?.abort();
    const controller = new AbortController();
    asking.current = controller;
    setFetching(true);
    try {
      const url = new URL(href, window.location.origin);
      const response = await fetch(`/api${url.pathname}${url.search}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const answer = (await response.json()) as CollectionAnswer;
      if (history === "push") window.history.pushState(null, "", href);
      setShown({ filters: answer.filters, listing: answer.listing });
      setFetching(false);
    } catch (error) {
      if (controller.signal.aborted) return;
      // Offline, or a query the server refuses: the page at that address says so.
      console.warn("collection: showing the page instead", error);
      window.location.assign(href);
    }
  }, []);

  const onChange = useCallback(
    (next: Filters) => {
      const href = hrefFor(next);
      if (routerRuns()) return navigateTo(href, { keepScroll: true });
      void show(href, "push");
    },
    [hrefFor, show],
  );

  // Back and Forward between the addresses the filters pushed.
  useEffect(() => {
    if (routerRuns()) return;
    const onPopState = () => {
      if (window.location.pathname.toLowerCase() === `/collections/${category}`.toLowerCase()) {
        void show(window.location.pathname + window.location.search, "none");
      }
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [category, show]);

  const { filters, listing } = shown;
  return (
    <>
      <CollectionFilters title={title} filters={filters} bounds={listing.priceBounds} onChange={onChange} />

      <h2 ref={resultsHeading} tabIndex={-1} className="sr-only scroll-mt-28">
        Products{listing.pageCount > 1 && `, page ${listing.page} of ${listing.pageCount}`}
      </h2>
      <div className="mt-3 mb-3 flex items-center justify-between text-sm text-stone md:mt-8 md:mb-6" aria-live="polite">
        {loading ? (
          <p>Loading products...</p>
        ) : (
          <p>
            {/* One piece of text: an empty string between two would be a text node the server never
                wrote, which Preact's hydration has to mend (decision 036). */}
            {`${formatCount(listing.total)}${listing.totalIsCapped ? "+" : ""} ${listing.total === 1 ? "product" : "products"}`}
            {listing.pageCount > 1 && ` · Page ${listing.page} of ${listing.pageCount}`}
          </p>
        )}
      </div>

      <div className={loading ? "opacity-50 transition-opacity" : "transition-opacity"} aria-busy={loading}>
        {listing.items.length > 0 ? (
          <ProductGrid products={listing.items} priorityCount={2} />
        ) : (
          <div className="rounded-sm border border-dashed border-border px-6 py-20 text-center">
            <p className="font-display text-2xl">No products found. Try adjusting your filters.</p>
          </div>
        )}
      </div>

      <Pagination
        page={listing.page}
        pageCount={listing.pageCount}
        hrefFor={(page) => hrefFor({ ...filters, page })}
        label="Collection pages"
      />
    </>
  );
}
