import { z } from "zod";
import { parseQuery } from "~/lib/bad-request";
import { listPageParam, listSearchParam } from "~/lib/list-params";
import { customRequestStatuses } from "./custom-request.schema";

/** The admin Custom requests list query (?q= name, email or reference, ?status=, ?page=). */
export const CUSTOM_REQUESTS_ADMIN_PAGE_SIZE = 20;

export const customRequestListQuerySchema = z.object({
  search: listSearchParam.transform((v) => v || undefined),
  status: z.enum(customRequestStatuses).optional().catch(undefined),
  page: listPageParam,
});
export type CustomRequestListQuery = z.output<typeof customRequestListQuerySchema>;

export const customRequestStatusOptions = [
  ["", "All requests"],
  ["new", "New"],
  ["quoted", "Quoted"],
  ["accepted", "Accepted"],
  ["declined", "Declined"],
] as const;

export function customRequestListQueryFromUrl(params: URLSearchParams): CustomRequestListQuery {
  return parseQuery(customRequestListQuerySchema, {
    search: params.get("q") ?? undefined,
    status: params.get("status") || undefined,
    page: params.get("page") ?? undefined,
  });
}
