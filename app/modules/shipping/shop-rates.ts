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
  exchangeRates: Partial<Record<DisplayCurrency, ExchangeRate>>;
  zones: Array<Omit<ShippingZone, "id">>;
}

export const SHOP_RATES_PATH = "/api/shop-rates";
