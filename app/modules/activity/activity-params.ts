/**
 * The Activity page's URL (decision 049): ?person=<member id>&kind=<area>&from=<day>&to=<day>,
 * ?product=<id> and ?order=<id> (a product's or an order's own history), the keyset cursor of
 * the page (?older= or ?newer=) and the open entry (?entry=<id>). Isomorphic: the page's links
 * and the server's parser share these names.
 */
export const ACTIVITY_PARAMS = {
  person: "person",
  kind: "kind",
  from: "from",
  to: "to",
  product: "product",
  order: "order",
  older: "older",
  newer: "newer",
  entry: "entry",
} as const;

/** The Activity page filtered to one product's or order's history ("See all"). */
export function activityHistoryHref(of: { productId: number } | { orderId: string }): string {
  const query = new URLSearchParams(
    "productId" in of ? { [ACTIVITY_PARAMS.product]: String(of.productId) } : { [ACTIVITY_PARAMS.order]: of.orderId },
  );
  return `/admin/activity?${query}`;
}

/** How many entries a product's or an order's History section shows. */
export const HISTORY_SIZE = 5;
