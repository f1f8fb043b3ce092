import { filtersToSearchParams, homeFilters } from "~/modules/catalog/catalog-constants";
import { collectionFiltersSchema, parseCollectionFilters } from "~/modules/catalog/catalog.schema";

/**
 * The query a cacheable storefront page depends on, written one way: only the parameters its
 * route reads, parsed as the route parses them, defaults left out, in a fixed order. Anything
 * else in the URL (tracking tags, a cache-busting `?x=123`, a misspelt filter) changes nothing
 * on the page, so it neither skips the page cache nor makes a new entry in it.
 *
 * A page whose route reads a new parameter must list it here, or every value of it would be
 * served the page rendered for the first one. Null: a query the page refuses (a search with a
 * control character, say), answered 400 by the route and never cached.
 */
export function pageQuery(pathname: string, params: URLSearchParams): string | null {
  const isData = pathname.endsWith(".data");
  const page = isData ? pathname.slice(0, -".data".length) : pathname;
  const query = new URLSearchParams();
  if (page === "/" || page === "/_root") {
    const category = params.get("category");
    if (category && category !== "all" && homeFilters.some((f) => f.slug === category)) query.set("category", category);
    const { page: number } = parseCollectionFilters(new URLSearchParams({ page: params.get("page") ?? "1" }));
    if (number > 1) query.set("page", String(number));
  } else if (/^\/(?:api\/)?collections\/[^/]+$/i.test(page)) {
    const filters = collectionFiltersSchema.safeParse(Object.fromEntries(params));
    if (!filters.success) return null;
    for (const [name, value] of filtersToSearchParams(filters.data)) query.set(name, value);
  }
  // A client navigation names the routes whose data it wants (React Router's `_routes`).
  const routes = isData ? params.get("_routes") : null;
  if (routes) query.set("_routes", [...new Set(routes.split(",").filter((id) => /^[\w/.$-]{1,100}$/.test(id)))].sort().join(","));
  const text = query.toString();
  return text ? `?${text}` : "";
}
