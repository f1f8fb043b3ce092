import type { StoreProfile } from "~/modules/settings/store-profile";

/**
 * What the root loader (app/root.tsx) gives every page, read with useRouteLoaderData<RootData>("root").
 * Here rather than in the route module, so components read it without importing a route.
 */
export interface RootData {
  /**
   * For texts such as "Free Shipping on orders over ₵500": the lowest free-shipping threshold
   * among the zones covering Ghana (pesewas), or null when none ships free. Fees themselves are
   * per zone: checkout and /api/shop-rates carry the zones.
   */
  shipping: { freeShippingThreshold: number | null };
  /** Name, currency, timezone, contact details, WhatsApp and social links (Settings). */
  store: StoreProfile;
  origin: string;
  year: number;
  /** Admins still see the shop in maintenance mode, with a reminder that it is closed. */
  maintenanceMode: boolean;
}
