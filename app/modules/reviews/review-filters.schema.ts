import { z } from "zod";
import { parseQuery } from "~/lib/bad-request";
import { listPageParam, listSearchParam } from "~/lib/list-params";
import { reviewStatuses } from "./review.schema";

/** The admin Reviews list query (?q= product or author, ?status=, ?page=). */
export const REVIEWS_ADMIN_PAGE_SIZE = 20;

export const reviewListQuerySchema = z.object({
  search: listSearchParam.transform((v) => v || undefined),
  status: z.enum(reviewStatuses).optional().catch(undefined),
  page: listPageParam,
});
export type ReviewListQuery = z.output<typeof reviewListQuerySchema>;

export const reviewStatusOptions = [
  ["", "All reviews"],
  ["pending", "Awaiting approval"],
  ["approved", "Approved"],
  ["hidden", "Hidden"],
] as const;

export function reviewListQueryFromUrl(params: URLSearchParams): ReviewListQuery {
  return parseQuery(reviewListQuerySchema, {
    search: params.get("q") ?? undefined,
    status: params.get("status") || undefined,
    page: params.get("page") ?? undefined,
  });
}
