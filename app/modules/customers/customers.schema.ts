import { z } from "zod";
import { parseQuery } from "~/lib/bad-request";
import { listPageParam, listSearchParam } from "~/lib/list-params";

/** The admin Customers list query (URL search params), shared by the page and the CSV export. */
export const customerSorts = ["recent", "spent", "orders", "name"] as const;
export type CustomerSort = (typeof customerSorts)[number];
/** The sorts as the list's select offers them, the default first. */
export const customerSortOptions = [
  ["recent", "Most recent order"],
  ["spent", "Total spent"],
  ["orders", "Most orders"],
  ["name", "Name (A–Z)"],
] as const satisfies readonly (readonly [CustomerSort, string])[];

export const CUSTOMERS_PAGE_SIZE = 20;
export const MAX_CUSTOMERS_PAGE_SIZE = 100;
/** docs/product-rules.md §9: the customers table cuts the address to 30 characters. */
export const CUSTOMER_ADDRESS_PREVIEW = 30;

export const customersQuerySchema = z.object({
  search: listSearchParam.transform((v) => v || undefined),
  page: listPageParam,
  pageSize: z.coerce.number().int().min(1).max(MAX_CUSTOMERS_PAGE_SIZE).catch(CUSTOMERS_PAGE_SIZE).default(CUSTOMERS_PAGE_SIZE),
  sort: z.enum(customerSorts).catch("recent").default("recent"),
});
export type CustomersQuery = z.input<typeof customersQuerySchema>;

/** "14 Oxford Street, Osu, Accra…" — the table's preview of an address. */
export function addressPreview(address: string, max = CUSTOMER_ADDRESS_PREVIEW): string {
  const oneLine = address.replace(/\s+/g, " ").trim();
  return oneLine.length > max ? `${oneLine.slice(0, max).trimEnd()}…` : oneLine;
}

/**
 * The list's URL (?q=&sort=&page=) as a query: the Customers page and its CSV export read it alike.
 * A search the list cannot take is thrown as a 400 (app/lib/bad-request.ts).
 */
export function customersQueryFromUrl(params: URLSearchParams) {
  return parseQuery(customersQuerySchema, {
    search: params.get("q") ?? undefined,
    sort: params.get("sort") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}
