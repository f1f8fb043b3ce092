import { z } from "zod";
import { parseQuery } from "~/lib/bad-request";
import { searchParam, serialId } from "~/lib/input";
import { sortOptions, type CollectionFilterValues } from "./catalog-constants";

const flag = z
  .union([z.literal("1"), z.literal("true"), z.literal("on"), z.literal("")])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "on");

const wholeCedis = z.coerce.number().int().min(0).max(10_000_000).optional().catch(undefined);

/**
 * The collection filters as they appear in the URL. Bad values fall back to defaults
 * instead of failing: a hand-edited link still shows a page. The search is the exception: one
 * longer than the search box allows, or with control characters, is refused (400) with a message.
 */
export const collectionFiltersSchema = z.object({
  q: searchParam,
  sort: z
    .enum(sortOptions.map((o) => o.value) as [SortValue, ...SortValue[]])
    .default("featured")
    .catch("featured"),
  min: wholeCedis,
  max: wholeCedis,
  featured: flag.catch(false),
  instock: flag.catch(false),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});
type SortValue = CollectionFilterValues["sort"];
export type CollectionFilters = CollectionFilterValues;

/** The filters of a collection URL; a refused search is thrown as a 400 (app/lib/bad-request.ts). */
export function parseCollectionFilters(params: URLSearchParams): CollectionFilters {
  return parseQuery(collectionFiltersSchema, Object.fromEntries(params)) satisfies CollectionFilterValues;
}

/** /product/:productId and /api/products/:productId: anything but a database id is not a product (404). */
export const productIdSchema = serialId("Product not found");
