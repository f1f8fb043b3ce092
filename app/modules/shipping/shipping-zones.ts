import { HOME_COUNTRY } from "./ghana";

/**
 * Shipping zones, pure (docs/product-rules.md §13 "Selling worldwide"; docs/shipping.md). An address is in
 * the zone naming its Ghana region, else the zone naming its country, else the one
 * rest-of-world zone: every address falls in exactly one zone as long as no area is named
 * twice and exactly one zone is the rest of the world (zone-problems.ts checks both).
 */
export interface ShippingZone {
  id: number;
  name: string;
  /** Country codes ("GB") and Ghana region codes ("GH-AA"); empty for the rest of the world. */
  areas: string[];
  isRestOfWorld: boolean;
  /** pesewas */
  fee: number;
  /** pesewas; subtotals at or above it ship free. Null: never free. */
  freeShippingThreshold: number | null;
  /** Working days from dispatch. */
  deliveryMinDays: number;
  deliveryMaxDays: number;
  payOnDelivery: boolean;
}

/** Where an order goes: a country code and, in Ghana, a region code. */
export interface Destination {
  country: string;
  region?: string | null;
}

/** The zone an address ships in, or null only when the zones have no rest-of-world zone. */
export function zoneFor<Zone extends ShippingZone>(zones: readonly Zone[], destination: Destination): Zone | null {
  const region = destination.country === HOME_COUNTRY ? destination.region : null;
  return (
    (region ? zones.find((zone) => zone.areas.includes(region)) : undefined) ??
    zones.find((zone) => zone.areas.includes(destination.country)) ??
    zones.find((zone) => zone.isRestOfWorld) ??
    null
  );
}

/** The fee for a subtotal in a zone: free at or above its threshold, else its flat fee. */
export function shippingInZone(subtotal: number, zone: Pick<ShippingZone, "fee" | "freeShippingThreshold">): number {
  return zone.freeShippingThreshold !== null && subtotal >= zone.freeShippingThreshold ? 0 : zone.fee;
}

/** "5–8 working days", "3 working days", "1 working day". */
export function deliveryEstimateText(zone: Pick<ShippingZone, "deliveryMinDays" | "deliveryMaxDays">): string {
  const { deliveryMinDays: min, deliveryMaxDays: max } = zone;
  if (min === max) return `${max} working ${max === 1 ? "day" : "days"}`;
  return `${min}–${max} working days`;
}

/**
 * Whether the Ghana regions matter for a destination: a zone names one of them, so an address in
 * Ghana needs its region to be priced. (Ghanaian addresses always ask for it at checkout.)
 */
export function zonesUseRegions(zones: readonly ShippingZone[]): boolean {
  return zones.some((zone) => zone.areas.some((area) => area.startsWith(`${HOME_COUNTRY}-`)));
}
