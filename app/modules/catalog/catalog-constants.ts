/**
 * Catalog constants shared by browser and server. Kept apart from the Zod schemas so
 * components that only need a constant do not pull the validator into the page.
 */
export const COLLECTION_PAGE_SIZE = 12;
export const HOME_PAGE_SIZE = 8;
export const SIZES = ["S", "M", "L", "XL", "XXL"] as const;
export const DEFAULT_SIZE = "M";

/** The home page grid's tabs (`/?category=…`). */
export const homeFilters = [
  { slug: "all", label: "All" },
  { slug: "kaftans", label: "Kaftans" },
  { slug: "suits", label: "Suits" },
  { slug: "traditional", label: "Traditional" },
] as const;
export type HomeFilter = (typeof homeFilters)[number]["slug"];

export const sortOptions = [
  { value: "featured", label: "Featured" },
  { value: "newest", label: "Newest" },
  { value: "price-asc", label: "Price: Low to High" },
  { value: "price-desc", label: "Price: High to Low" },
] as const;
export type SortOption = (typeof sortOptions)[number]["value"];

/** The collection filters once parsed (see collectionFiltersSchema). */
export interface CollectionFilterValues {
  q: string;
  sort: SortOption;
  min?: number | undefined;
  max?: number | undefined;
  featured: boolean;
  instock: boolean;
  page: number;
}

/** Known collection slugs and their titles; any other slug is titled "Collection". */
export const collectionTitles: Record<string, string> = {
  kaftans: "Kaftans",
  suits: "Suits",
  agbada: "Agbada",
  ankara: "Ankara",
  kente: "Kente",
  traditional: "Traditional",
  all: "All",
};

/** Whether a slug is one of the shop's collections (any other answers an empty page, noindex). */
export function isKnownCollection(slug: string): boolean {
  // Own keys only: "constructor" or "__proto__" must not find Object.prototype's.
  return Object.hasOwn(collectionTitles, slug.toLowerCase());
}

export function collectionTitle(slug: string): string {
  return isKnownCollection(slug) ? collectionTitles[slug.toLowerCase()]! : "Collection";
}

/** Writes filters back to URL params, leaving defaults out so links stay short. */
export function filtersToSearchParams(filters: Partial<CollectionFilterValues>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.sort && filters.sort !== "featured") params.set("sort", filters.sort);
  if (filters.min !== undefined) params.set("min", String(filters.min));
  if (filters.max !== undefined) params.set("max", String(filters.max));
  if (filters.featured) params.set("featured", "1");
  if (filters.instock) params.set("instock", "1");
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  return params;
}
