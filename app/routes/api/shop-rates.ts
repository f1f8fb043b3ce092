import { data } from "react-router";
import { formatDate } from "~/lib/dates";
import { ratesFor } from "~/modules/currency/exchange-rates";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { listShippingZones } from "~/modules/shipping/shipping-zones.server";
import type { ShopRates } from "~/modules/shipping/shop-rates";
import type { Route } from "./+types/shop-rates";

/**
 * The same for everyone, so kept by browsers and shared caches for a minute (the shop's own page
 * cache drops it at once on any zone, rate or settings change). What is charged never depends on
 * it: the server prices shipping from the zones when an order is placed.
 */
const CACHE_CONTROL = "public, max-age=60, s-maxage=60";

/** `GET /api/shop-rates`: shipping zones and exchange rates for the storefront (shop-rates.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  const db = context.database.db;
  const [settings, zones] = await Promise.all([getStoreSettings(db), listShippingZones(db)]);
  const body: ShopRates = {
    currency: settings.currency,
    exchangeRates: Object.fromEntries(
      Object.entries(ratesFor(settings.exchangeRates, settings.currency)).map(([currency, rate]) => [
        currency,
        { ...rate, setOn: formatDate(rate.setAt, settings.timezone) },
      ]),
    ),
    zones: zones.map(({ id: _id, ...zone }) => zone),
  };
  return data(body, { headers: { "Cache-Control": CACHE_CONTROL } });
}
