import type { Db } from "~db/client";
import { getStoreSettings, saveStoreSettings } from "~/modules/settings/settings.server";
import { displayCurrencies, displayCurrencyNames, isRateStale, type DisplayCurrency } from "./exchange-rates";
import { mergeExchangeRates, type EnteredRates } from "./exchange-rates-form";

/**
 * Saves Settings → Currencies against the current store currency (mergeExchangeRates: a date
 * changes only with its rate) and announces a storefront change through saveStoreSettings, so
 * /api/shop-rates and the pages follow at once.
 */
export async function saveExchangeRates(db: Db, entered: EnteredRates, now = new Date()) {
  const settings = await getStoreSettings(db);
  const exchangeRates = mergeExchangeRates(settings.exchangeRates, settings.currency, entered, now);
  await saveStoreSettings(db, { exchangeRates });
  return exchangeRates;
}

export interface ExchangeRateRow {
  currency: DisplayCurrency;
  name: string;
  /** Null: no rate, the currency is not offered to shoppers. */
  rate: number | null;
  setAt: string | null;
  stale: boolean;
}

/** What the Currencies tab shows: a row per display currency but the store's own, and whether the rates were set for another store currency. */
export async function exchangeRatesForAdmin(db: Db, now = new Date()) {
  const { exchangeRates, currency: storeCurrency } = await getStoreSettings(db);
  const sameBase = exchangeRates.base === storeCurrency;
  const rows: ExchangeRateRow[] = displayCurrencies
    .filter((currency) => currency !== storeCurrency)
    .map((currency) => {
      // Rates set for another store currency mean nothing now: the fields start empty.
      const stored = sameBase ? exchangeRates.rates[currency] : undefined;
      return {
        currency,
        name: displayCurrencyNames[currency],
        rate: stored?.rate ?? null,
        setAt: stored?.setAt ?? null,
        stale: stored ? isRateStale(stored, now) : false,
      };
    });
  const setForOldCurrency = !sameBase && Object.keys(exchangeRates.rates).length > 0 ? exchangeRates.base : null;
  return { storeCurrency, rows, setForOldCurrency };
}

/** The display currencies whose rate is older than a week (the dashboard's notice). */
export async function staleExchangeRates(db: Db, now = new Date()): Promise<DisplayCurrency[]> {
  const { rows } = await exchangeRatesForAdmin(db, now);
  return rows.filter((row) => row.stale).map((row) => row.currency);
}
