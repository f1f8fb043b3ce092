import { deliveryQuote, homeFreeShippingThreshold, type ZoneLike } from "~/modules/shipping/delivery-quote";
import { HOME_COUNTRY } from "~/modules/shipping/ghana";
import { shippingInZone } from "~/modules/shipping/shipping-zones";
import { useShopRates } from "./use-shop-rates";
import { shopperDestinationName, useShopperCountry } from "./shopper-country";
import { useFormatMoneyBrief } from "./use-store-settings";

export const IMPORT_DUTIES_NOTE = "Import duties and taxes may be charged on delivery by your country's customs.";

/**
 * Shipping for the shopper's destination as far as the browser knows it (shopper-country.ts),
 * from the zones /api/shop-rates publishes. Browser only: null on the server and until both are
 * known, so the page's HTML is the same for every visitor. A Ghanaian shopper whose region is not
 * known yet gets the range across the zones covering Ghana (the region decides at checkout).
 */
export interface ShopperShipping {
  /** "United Kingdom", "Greater Accra, Ghana" or "Ghana" */
  destination: string;
  /** pesewas, lowest and highest (equal once the zone is known) */
  minFee: number;
  maxFee: number;
  /** "6–10 working days" */
  estimate: string;
  /** Outside Ghana: customs may charge duties. */
  abroad: boolean;
  /** pesewas: the subtotal from which shipping there is free (the lowest in Ghana's range), or null. */
  freeFrom: number | null;
}

function estimateOf(zones: readonly ZoneLike[]): string {
  const min = Math.min(...zones.map((z) => z.deliveryMinDays));
  const max = Math.max(...zones.map((z) => z.deliveryMaxDays));
  return min === max ? `${max} working ${max === 1 ? "day" : "days"}` : `${min}–${max} working days`;
}

/** The pure part, for any zones and destination (exported for tests). */
export function shopperShipping(
  zones: readonly ZoneLike[],
  shopper: { country: string; region: string | null } | null,
  subtotal: number,
): ShopperShipping | null {
  const country = shopper?.country ?? HOME_COUNTRY;
  if (country === HOME_COUNTRY && !shopper?.region) {
    const ghanaZones = zones.filter((z) => z.areas.some((a) => a === HOME_COUNTRY || a.startsWith(`${HOME_COUNTRY}-`)));
    if (ghanaZones.length === 0) return null;
    const fees = ghanaZones.map((z) => shippingInZone(subtotal, z));
    return {
      destination: shopperDestinationName(HOME_COUNTRY, null),
      minFee: Math.min(...fees),
      maxFee: Math.max(...fees),
      estimate: estimateOf(ghanaZones),
      abroad: false,
      freeFrom: homeFreeShippingThreshold(ghanaZones),
    };
  }
  const quote = deliveryQuote(zones, { country, region: shopper?.region ?? null }, subtotal);
  if (!quote) return null;
  return {
    destination: shopperDestinationName(country, shopper?.region ?? null),
    minFee: quote.shipping,
    maxFee: quote.shipping,
    estimate: quote.estimate,
    abroad: country !== HOME_COUNTRY,
    freeFrom: quote.zone.freeShippingThreshold,
  };
}

/** The shopper's shipping for a subtotal, or null (server, loading, or nothing known). */
export function useShopperShipping(subtotal: number, options: { homeWhenUnknown: boolean }): ShopperShipping | null {
  const rates = useShopRates();
  const shopper = useShopperCountry();
  if (!rates || (!shopper && !options.homeWhenUnknown)) return null;
  return shopperShipping(rates.zones, shopper, subtotal);
}

/** "₵600 shipping", "free shipping", "₵30–₵50 shipping" (brief amounts, for running text). */
export function useShippingFeeText(): (shipping: Pick<ShopperShipping, "minFee" | "maxFee">) => string {
  const formatMoney = useFormatMoneyBrief();
  return ({ minFee, maxFee }) => {
    if (maxFee === 0) return "free shipping";
    return minFee === maxFee ? `${formatMoney(maxFee)} shipping` : `${formatMoney(minFee)}–${formatMoney(maxFee)} shipping`;
  };
}

/**
 * The product page's line for a shopper whose country is known: "Delivery to United Kingdom:
 * 6–10 working days, ₵600 shipping", and the customs note outside Ghana.
 */
export function ShopperDelivery({ price }: { price: number }) {
  const shipping = useShopperShipping(price, { homeWhenUnknown: false });
  const feeText = useShippingFeeText();
  if (!shipping) return null;
  return (
    <div className="space-y-1 text-sm text-stone" data-testid="shopper-delivery">
      <p>
        <span className="font-semibold text-charcoal">Delivery to {shipping.destination}:</span> {shipping.estimate}, {feeText(shipping)}
      </p>
      {shipping.abroad && <p>{IMPORT_DUTIES_NOTE}</p>}
    </div>
  );
}

/** The customs note alone, for a shopper known to be outside Ghana (checkout passes the chosen country). */
export function ImportDutiesNote({ country }: { country?: string | undefined }) {
  const shopper = useShopperCountry();
  const destination = country ?? shopper?.country;
  if (!destination || destination === HOME_COUNTRY) return null;
  return <p className="text-sm text-stone">{IMPORT_DUTIES_NOTE}</p>;
}
