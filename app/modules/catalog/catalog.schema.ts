import { z } from "zod";

export const COLLECTION_PAGE_SIZE = 12;
export const HOME_PAGE_SIZE = 8;
export const SIZES = ["S", "M", "L", "XL", "XXL"] as const;
export const DEFAULT_SIZE = "M";

export const sortOptions = [
  { value: "featured", label: "Featured" },
  { value: "newest", label: "Newest" },
  { value: "price-asc", label: "Price: Low to High" },
  { value: "price-desc", label: "Price: High to Low" },
] as const;
export type SortOption = (typeof sortOptions)[number]["value"];

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

export function collectionTitle(slug: string): string {
  return collectionTitles[slug.toLowerCase()] ?? "Collection";
}

const flag = z
  .union([z.literal("1"), z.literal("true"), z.literal("on"), z.literal("")])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "on");

const wholeCedis = z.coerce.number().int().min(0).max(10_000_000).optional().catch(undefined);

/**
 * The collection filters as they appear in the URL. Bad values fall back to defaults
 * instead of failing: a hand-edited link still shows a page.
 */
export const collectionFiltersSchema = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().slice(0, 100)),
  sort: z.enum(["featured", "newest", "price-asc", "price-desc"]).default("featured").catch("featured"),
  min: wholeCedis,
  max: wholeCedis,
  featured: flag.catch(false),
  instock: flag.catch(false),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});
export type CollectionFilters = z.output<typeof collectionFiltersSchema>;

export function parseCollectionFilters(params: URLSearchParams): CollectionFilters {
  return collectionFiltersSchema.parse(Object.fromEntries(params));
}

/** Writes filters back to URL params, leaving defaults out so links stay short. */
export function filtersToSearchParams(filters: Partial<CollectionFilters>): URLSearchParams {
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

export const productIdSchema = z.coerce.number().int().positive().max(2_147_483_647);
