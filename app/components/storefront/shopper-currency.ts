import { useMemo } from "react";
import { useBrowserValue } from "~/lib/use-browser-value";
import { createBrowserStore, type BrowserStore } from "~/lib/browser-store";
import type { CurrencyCode } from "~/lib/money";
import { displayCurrencies, guessCurrency, isDisplayCurrency, type DisplayCurrency } from "~/modules/currency/exchange-rates";
import type { ShopRate, ShopRates } from "~/modules/shipping/shop-rates";
import { useShopRates } from "./use-shop-rates";

/**
 * The currency a shopper reads prices in (docs/product-rules.md "Approximate prices"): the one
 * they picked in the header's currency menu, kept in this browser and shared by its tabs, or
 * on a first visit a guess from the browser's languages. Null on the server and when nothing
 * points anywhere: pages are one cached HTML for everyone, so the choice only ever shows after
 * hydration. Display only: what is charged is always the store currency.
 */
export const SHOPPER_CURRENCY_KEY = "ahenfie.currency.v1";

/** A stored choice wins; without one (or a damaged one), the guess from the browser's languages. */
export function parseShopperCurrency(raw: string | null, languages: readonly string[]): DisplayCurrency | null {
  if (raw) {
    try {
      const stored: unknown = JSON.parse(raw);
      if (isDisplayCurrency(stored)) return stored;
    } catch {
      // not ours or damaged: fall through to the guess
    }
  }
  return guessCurrency(languages);
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export function createShopperCurrencyStore(languages: () => readonly string[] = browserLanguages): BrowserStore<DisplayCurrency | null> {
  return createBrowserStore<DisplayCurrency | null>(SHOPPER_CURRENCY_KEY, null, (raw) => parseShopperCurrency(raw, languages()));
}

export const shopperCurrencyStore = createShopperCurrencyStore();

/** The shopper's currency as chosen or guessed; null on the server and during hydration. */
export function useShopperCurrency(): DisplayCurrency | null {
  return useBrowserValue(shopperCurrencyStore.subscribe, shopperCurrencyStore.get, shopperCurrencyStore.serverSnapshot);
}

export function chooseShopperCurrency(currency: DisplayCurrency): void {
  shopperCurrencyStore.set(currency);
}

/** The currencies the menu offers: the store currency first, then each one with a rate, in a fixed order. */
export function currencyChoices(rates: ShopRates): DisplayCurrency[] {
  const store = rates.currency as DisplayCurrency;
  return [store, ...displayCurrencies.filter((currency) => currency !== store && rates.exchangeRates[currency])];
}

export interface ApproximateCurrency {
  currency: DisplayCurrency;
  rate: ShopRate;
  storeCurrency: CurrencyCode;
}

/**
 * Whether approximate amounts show, and in what: only with the rates at hand and a shopper's
 * currency that is not the store currency and has a rate (else the store price stands alone).
 */
export function approximateCurrency(rates: ShopRates | null, shopper: DisplayCurrency | null): ApproximateCurrency | null {
  if (!rates || !shopper || shopper === rates.currency) return null;
  const rate = rates.exchangeRates[shopper];
  return rate ? { currency: shopper, rate, storeCurrency: rates.currency } : null;
}

export function useApproximateCurrency(): ApproximateCurrency | null {
  const rates = useShopRates();
  const shopper = useShopperCurrency();
  return useMemo(() => approximateCurrency(rates, shopper), [rates, shopper]);
}

export interface CurrencyMenuState {
  choices: DisplayCurrency[];
  /** The shopper's currency when the shop offers it, otherwise the store currency. */
  selected: DisplayCurrency;
}

/** What the currency menu shows; null until the rates arrive, and when there is nothing to choose. */
export function useCurrencyMenu(): CurrencyMenuState | null {
  const rates = useShopRates();
  const shopper = useShopperCurrency();
  return useMemo(() => {
    if (!rates) return null;
    const choices = currencyChoices(rates);
    if (choices.length < 2) return null;
    return { choices, selected: shopper && choices.includes(shopper) ? shopper : choices[0]! };
  }, [rates, shopper]);
}
