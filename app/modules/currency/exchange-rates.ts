import type { CurrencyCode } from "~/lib/money";
import { groupDigits } from "~/lib/numbers";

/**
 * Approximate prices in the shopper's currency (docs/product-rules.md §13 "Selling worldwide"). The shop
 * charges in the store currency; staff keep a rate per display currency in Settings, each with
 * the date it was set, and the browser shows "≈ $24.60" beside the store price from them. Rates
 * are for display only: nothing charged or recorded is ever converted. Pure, for both sides.
 */
export const displayCurrencies = ["GHS", "USD", "GBP", "EUR", "NGN", "XOF"] as const;
export type DisplayCurrency = (typeof displayCurrencies)[number];

export const displayCurrencyNames: Record<DisplayCurrency, string> = {
  GHS: "Ghana cedi",
  USD: "US dollar",
  GBP: "British pound",
  EUR: "Euro",
  NGN: "Nigerian naira",
  XOF: "West African CFA franc",
};

/** The sign shown beside the code in the currency menu ("USD $"); the CFA franc has none of its own. */
export const displayCurrencySymbols: Record<DisplayCurrency, string> = {
  GHS: "₵",
  USD: "$",
  GBP: "£",
  EUR: "€",
  NGN: "₦",
  XOF: "CFA",
};

/** For running text: "Amounts in US dollars are approximate". */
export const displayCurrencyPluralNames: Record<DisplayCurrency, string> = {
  GHS: "Ghana cedis",
  USD: "US dollars",
  GBP: "British pounds",
  EUR: "euros",
  NGN: "Nigerian naira",
  XOF: "CFA francs",
};

export function isDisplayCurrency(value: unknown): value is DisplayCurrency {
  return typeof value === "string" && (displayCurrencies as readonly string[]).includes(value);
}

/** A rate older than this is flagged to staff (Settings, dashboard). */
export const RATE_STALE_AFTER_DAYS = 7;
/** Largest rate staff can enter (1 store-currency unit = at most this much of another). */
export const MAX_RATE = 1_000_000;

export interface ExchangeRate {
  /** How much of the display currency one unit of the store currency buys, e.g. 0.0909 (USD per GHS). */
  rate: number;
  /** ISO timestamp of when staff set it. */
  setAt: string;
}

/** Stored in settings as `exchangeRates`: rates are against `base`, the store currency they were set for. */
export interface ExchangeRates {
  base: CurrencyCode;
  rates: Partial<Record<DisplayCurrency, ExchangeRate>>;
}

export const noExchangeRates: ExchangeRates = { base: "GHS", rates: {} };

/**
 * The rates that apply to prices in `storeCurrency`: none when they were set against another
 * currency (the store currency changed since; staff must set them again) and never one for the
 * store currency itself.
 */
export function ratesFor(exchangeRates: ExchangeRates, storeCurrency: CurrencyCode): Partial<Record<DisplayCurrency, ExchangeRate>> {
  if (exchangeRates.base !== storeCurrency) return {};
  const { [storeCurrency as DisplayCurrency]: _self, ...others } = exchangeRates.rates;
  return others;
}

/** Whether a rate was set more than RATE_STALE_AFTER_DAYS ago. */
export function isRateStale(rate: ExchangeRate, now: Date = new Date()): boolean {
  return now.getTime() - Date.parse(rate.setAt) > RATE_STALE_AFTER_DAYS * 24 * 60 * 60 * 1000;
}

/** Whole units for currencies whose small coins nobody quotes (naira, CFA franc). */
const wholeUnitCurrencies: ReadonlySet<DisplayCurrency> = new Set(["NGN", "XOF"]);

/**
 * The signs Intl.NumberFormat("en", { currencyDisplay: "narrowSymbol" }) writes (GHS as the shop's
 * own "₵"), kept here because the browser's first Intl object costs 40–60 ms of main thread on a
 * phone (ICU starts up): the price approximations would pay it on every page. A test compares
 * this formatting with Intl's for every display currency.
 */
const displaySigns: Record<DisplayCurrency, string> = { GHS: "₵", USD: "$", GBP: "£", EUR: "€", NGN: "₦", XOF: "F\u202fCFA\u00a0" };

/** 1234567.891 → "1,234,567.89" (or "1,234,568" in whole units), rounding half away from zero like Intl. */
function unsignedAmount(amount: number, decimals: number): string {
  const factor = 10 ** decimals;
  // toPrecision first: 1.005 is 1.00499999… in binary, and Intl rounds the decimal the number prints as.
  const scaled = Math.round(Number((Math.abs(amount) * factor).toPrecision(15)));
  const fraction = decimals > 0 ? `.${(scaled % factor).toString().padStart(decimals, "0")}` : "";
  return groupDigits(Math.floor(scaled / factor).toString()) + fraction;
}

/** An amount in the store currency's minor units (pesewas), in another currency's major units. */
export function convertAmount(minorUnits: number, rate: number): number {
  return (minorUnits / 100) * rate;
}

/** "$24.60", "₦3,952", "£18.75" (GHS as "₵", the shop's own sign). */
export function formatDisplayAmount(amount: number, currency: DisplayCurrency): string {
  const digits = unsignedAmount(amount, wholeUnitCurrencies.has(currency) ? 0 : 2);
  return `${amount < 0 ? "-" : ""}${displaySigns[currency]}${digits}`;
}

/** "≈ $24.60": a store-currency amount (minor units) shown approximately in another currency. */
export function formatApproximate(minorUnits: number, currency: DisplayCurrency, rate: number): string {
  return `≈ ${formatDisplayAmount(convertAmount(minorUnits, rate), currency)}`;
}

/**
 * The currency a first-time visitor probably thinks in, from the browser's languages
 * ("en-GB" → GBP, "fr-SN" → XOF), or null when nothing points anywhere in particular.
 */
export function guessCurrency(languages: readonly string[]): DisplayCurrency | null {
  for (const language of languages) {
    const region = language.split("-")[1]?.toUpperCase();
    if (!region) continue;
    const currency = currencyOfRegion[region];
    if (currency) return currency;
  }
  return null;
}

const euro = ["AT", "BE", "CY", "DE", "EE", "ES", "FI", "FR", "GR", "HR", "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PT", "SI", "SK"];
const cfa = ["BJ", "BF", "CI", "GW", "ML", "NE", "SN", "TG"];
const currencyOfRegion: Record<string, DisplayCurrency> = {
  GH: "GHS",
  US: "USD",
  GB: "GBP",
  NG: "NGN",
  ...Object.fromEntries(euro.map((region) => [region, "EUR" as const])),
  ...Object.fromEntries(cfa.map((region) => [region, "XOF" as const])),
};
