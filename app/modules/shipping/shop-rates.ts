import type { CurrencyCode } from "~/lib/money";
import type { DisplayCurrency, ExchangeRate } from "~/modules/currency/exchange-rates";
import type { ShippingZone } from "./shipping-zones";

/**
 * The small public document `/api/shop-rates` (routes/api/shop-rates.ts): the shipping zones and
 * the exchange rates, the same for every visitor. Pages stay one cached HTML for everyone; the
 * browser reads this to show the shopper's delivery estimate and approximate prices.
 */
export interface ShopRates {
  /** The store currency: what every price is in and what is charged. */
  currency: CurrencyCode;
  /** Rates against the store currency (ratesFor), by display currency. */
  exchangeRates: Partial<Record<DisplayCurrency, ShopRate>>;
  zones: Array<Omit<ShippingZone, "id">>;
}

/**
 * A rate as shoppers read it: with the day staff set it already written out ("25 Nov 2026", in
 * the store's timezone, lib/dates.ts), so the browser formats no date (its first Intl object
 * costs a phone 40–60 ms of main thread).
 */
export interface ShopRate extends ExchangeRate {
  setOn: string;
}

export const SHOP_RATES_PATH = "/api/shop-rates";
