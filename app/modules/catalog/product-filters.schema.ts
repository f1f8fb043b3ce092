import { z } from "zod";
import { parseQuery } from "~/lib/bad-request";
import { listPageParam, listSearchParam } from "~/lib/list-params";

/** Admin products table: filters as they appear in the URL (?q=&category=&status=&page=). */
export const ADMIN_PRODUCTS_PAGE_SIZE = 20;
export const productStatusFilters = ["all", "active", "inactive"] as const;
export type ProductStatusFilter = (typeof productStatusFilters)[number];

export interface AdminProductFilters {
  /** Matches name or SKU anywhere, case-insensitive. */
  search?: string;
  /** A category id, or a category slug; "all" or absent means every category. */
  categoryId?: number;
  categorySlug?: string;
  status?: ProductStatusFilter;
  page?: number;
  pageSize?: number;
}

/** Bad values fall back to defaults, so a hand-edited link still shows the table. */
export const adminProductFiltersSchema = z.object({
  q: listSearchParam,
  category: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{1,60}$/)
    .optional()
    .catch(undefined),
  status: z.enum(productStatusFilters).default("all").catch("all"),
  page: listPageParam,
});

export function parseAdminProductFilters(params: URLSearchParams): AdminProductFilters {
  const parsed = parseQuery(adminProductFiltersSchema, Object.fromEntries(params));
  return {
    search: parsed.q,
    categorySlug: parsed.category && parsed.category !== "all" ? parsed.category : undefined,
    status: parsed.status,
    page: parsed.page,
    pageSize: ADMIN_PRODUCTS_PAGE_SIZE,
  };
}
