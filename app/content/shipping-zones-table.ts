import { formatMoneyBrief, type CurrencyCode } from "../lib/money";
import { HOME_COUNTRY, areaName, countryName, regionName } from "../modules/shipping/areas";
import { deliveryEstimateText, type ShippingZone } from "../modules/shipping/shipping-zones";
import type { ContentBlock } from "./pages";

type Zone = Omit<ShippingZone, "id">;

/**
 * Where a zone delivers, in words: "Greater Accra (Ghana)", "Nigeria, Togo, …", "Everywhere
 * else" for the rest of the world, and "Ghana, except Greater Accra" when other zones carve
 * regions out of the country this zone names.
 */
export function zoneWhere(zone: Zone, zones: readonly Zone[]): string {
  if (zone.isRestOfWorld) return "Everywhere else";
  const carvedOut = zones.filter((other) => other !== zone).flatMap((other) => other.areas.filter((a) => a.startsWith(`${HOME_COUNTRY}-`)));
  return zone.areas
    .map((area) => {
      if (area === HOME_COUNTRY && carvedOut.length > 0)
        return `${countryName(HOME_COUNTRY)}, except ${carvedOut.map(regionName).join(", ")}`;
      return areaName(area);
    })
    .join(", ");
}

/** The Shipping Info page's table of zones, from the zones as staff set them. */
export function shippingZonesTable(zones: readonly Zone[], currency: CurrencyCode): Extract<ContentBlock, { type: "table" }> {
  const money = (pesewas: number) => formatMoneyBrief(pesewas, currency);
  return {
    type: "table",
    caption: "Shipping zones: what delivery costs and how long it takes after dispatch.",
    head: ["Zone", "Where", "Fee", "Free over", "Delivery time", "Pay on Delivery"],
    rows: zones.map((zone) => [
      zone.name,
      zoneWhere(zone, zones),
      zone.fee === 0 ? "Free" : money(zone.fee),
      zone.freeShippingThreshold === null ? "—" : money(zone.freeShippingThreshold),
      deliveryEstimateText(zone),
      zone.payOnDelivery ? "Yes" : "No",
    ]),
    wrapColumn: 1,
    stackOnPhones: true,
  };
}
