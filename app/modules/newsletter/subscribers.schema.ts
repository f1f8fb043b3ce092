import { z } from "zod";
import { parseQuery } from "~/lib/bad-request";
import { listPageParam, listSearchParam } from "~/lib/list-params";

/**
 * The admin Newsletter list (URL search params), shared by the page and the CSV export:
 * ?q= searches the email, ?status= is confirmed (subscribers) or pending (sign-ups waiting for
 * their link), ?page=. Only confirmed rows are subscribers (docs/product-rules.md, Newsletter).
 */
export const subscriberStatuses = ["confirmed", "pending"] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];
/** The status select's options, "all" first (no parameter). */
export const subscriberStatusOptions = [
  ["all", "All sign-ups"],
  ["confirmed", "Confirmed"],
  ["pending", "Pending confirmation"],
] as const;

export const SUBSCRIBERS_PAGE_SIZE = 25;

export const subscribersQuerySchema = z.object({
  search: listSearchParam.transform((v) => v || undefined),
  status: z.enum(subscriberStatuses).optional().catch(undefined),
  page: listPageParam,
  pageSize: z.coerce.number().int().min(1).max(100).catch(SUBSCRIBERS_PAGE_SIZE).default(SUBSCRIBERS_PAGE_SIZE),
});
export type SubscribersQuery = z.input<typeof subscribersQuerySchema>;

/** The list's URL as a query; a search the list cannot take is a 400 (app/lib/bad-request.ts). */
export function subscribersQueryFromUrl(params: URLSearchParams) {
  return parseQuery(subscribersQuerySchema, {
    search: params.get("q") ?? undefined,
    status: params.get("status") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

/** Staff remove a sign-up (the address is unsubscribed and forgotten). */
export const removeSubscriberSchema = z.object({
  id: z.coerce.number({ error: "Unknown subscriber." }).int().positive("Unknown subscriber."),
});
