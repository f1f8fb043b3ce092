import { HOME_COUNTRY } from "./ghana";
import { deliveryEstimateText, shippingInZone, zoneFor, type Destination, type ShippingZone } from "./shipping-zones";

/**
 * What shipping to a destination costs and how long it takes, in one shape for every place that
 * shows it (checkout summary, cart, product page) and for the server that charges it.
 */
/** A zone as the server lists it or as /api/shop-rates publishes it (without its id). */
export type ZoneLike = Omit<ShippingZone, "id">;

export interface DeliveryQuote<Zone extends ZoneLike = ZoneLike> {
  zone: Zone;
  /** pesewas: 0 when the subtotal reaches the zone's free-shipping threshold. */
  shipping: number;
  /** "5–8 working days" */
  estimate: string;
}

/** The quote for a destination and subtotal, or null when no zone takes it (no rest-of-world zone). */
export function deliveryQuote<Zone extends ZoneLike>(
  zones: readonly Zone[],
  destination: Destination,
  subtotal: number,
): DeliveryQuote<Zone> | null {
  // zoneFor reads only the areas and the rest-of-world flag; the published zones carry no id.
  const zone = zoneFor(zones as unknown as readonly ShippingZone[], destination) as unknown as Zone | null;
  if (!zone) return null;
  return { zone, shipping: shippingInZone(subtotal, zone), estimate: deliveryEstimateText(zone) };
}

/**
 * The free-shipping summary for texts such as "Free Shipping on orders over ₵500": the lowest
 * threshold among the zones that cover Ghana (naming GH or one of its regions). Null when no
 * such zone ships free.
 */
export function homeFreeShippingThreshold(zones: ReadonlyArray<Pick<ShippingZone, "areas" | "freeShippingThreshold">>): number | null {
  const thresholds = zones
    .filter((zone) => zone.areas.some((area) => area === HOME_COUNTRY || area.startsWith(`${HOME_COUNTRY}-`)))
    .map((zone) => zone.freeShippingThreshold)
    .filter((threshold): threshold is number => threshold !== null);
  return thresholds.length > 0 ? Math.min(...thresholds) : null;
}
