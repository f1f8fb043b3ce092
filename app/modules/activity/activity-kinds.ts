/**
 * The activity log's filter groups (decision 049), as the database's trigger writes them in
 * `activity_log.area` (migration 0034): one per part of the admin. Isomorphic: the Activity
 * page's filter reads it too.
 */
export const ACTIVITY_AREAS = {
  products: "Products and stock",
  orders: "Orders",
  payments: "Payments and refunds",
  discounts: "Discounts",
  shipping: "Shipping",
  settings: "Settings",
  staff: "Staff",
  "custom requests": "Custom requests and quotes",
  reviews: "Reviews",
  newsletter: "Newsletter",
} as const;

export type ActivityArea = keyof typeof ACTIVITY_AREAS;

export function isActivityArea(value: unknown): value is ActivityArea {
  return typeof value === "string" && Object.hasOwn(ACTIVITY_AREAS, value);
}
