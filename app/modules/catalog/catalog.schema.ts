import { z } from "zod";
import { sortOptions, type CollectionFilterValues } from "./catalog-constants";

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

export function parseCollectionFilters(params: URLSearchParams): CollectionFilters {
  return collectionFiltersSchema.parse(Object.fromEntries(params)) satisfies CollectionFilterValues;
}

export const productIdSchema = z.coerce.number().int().positive().max(2_147_483_647);
