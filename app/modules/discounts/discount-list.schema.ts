import { z } from "zod";
import { parseQuery } from "~/lib/bad-request";
import { listPageParam, listSearchParam } from "~/lib/list-params";
import { discountStatuses } from "./discount-code.schema";

/** Admin → Discounts' URL: ?q= searches the code, ?status= one state, ?page=. */
export const DISCOUNTS_PAGE_SIZE = 25;

export const discountStatusOptions = [
  ["all", "All codes"],
  ["active", "Active"],
  ["scheduled", "Scheduled"],
  ["paused", "Paused"],
  ["expired", "Expired"],
  ["used-up", "Used up"],
] as const;

export const discountsQuerySchema = z.object({
  search: listSearchParam.transform((v) => v || undefined),
  status: z.enum(discountStatuses).optional().catch(undefined),
  page: listPageParam,
  pageSize: z.coerce.number().int().min(1).max(100).catch(DISCOUNTS_PAGE_SIZE).default(DISCOUNTS_PAGE_SIZE),
});
export type DiscountsQuery = z.input<typeof discountsQuerySchema>;

export function discountsQueryFromUrl(params: URLSearchParams) {
  return parseQuery(discountsQuerySchema, {
    search: params.get("q") ?? undefined,
    status: params.get("status") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}
