import { z } from "zod";
import type { CurrencyCode } from "~/lib/money";
import { displayCurrencies, MAX_RATE, type DisplayCurrency, type ExchangeRates } from "./exchange-rates";

/**
 * Settings → Currencies: one rate per display currency ("1 GHS = 0.0909 USD"), as the form posts
 * them (a field per currency code), and how a save merges them into the stored rates. Shared by
 * the browser's check and the action; pure.
 */

/** Digits staff may give a rate: 0.0909, 11.25, 1234.56 (more is false precision). */
export const MAX_RATE_SIGNIFICANT_DIGITS = 6;

/** The significant digits of a plain decimal ("0.090900" → 3, "150000" → 2). */
function significantDigits(text: string): number {
  const [whole = "", fraction = ""] = text.split(".");
  return `${whole}${fraction.replace(/0+$/, "")}`.replace(/^0+/, "").replace(/0+$/, "").length;
}

/** "0.0909" → 0.0909; "" → null (no rate: the currency is not offered). */
function rateField(currency: DisplayCurrency) {
  const example = `like ${currency === "NGN" || currency === "XOF" ? "95.5" : "0.0909"}`;
  return z
    .union([z.string(), z.number()], { error: `The ${currency} rate must be a number, ${example}` })
    .nullish()
    .transform((value, ctx): number | null => {
      const issue = (message: string) => {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      };
      const text = value === null || value === undefined ? "" : String(value).trim();
      if (text === "") return null;
      if (text.startsWith("-")) return issue(`The ${currency} rate must be more than 0`);
      if (!/^\d*\.?\d+$|^\d+\.$/.test(text)) return issue(`The ${currency} rate must be a number, ${example}`);
      const rate = Number(text);
      if (!(rate > 0)) return issue(`The ${currency} rate must be more than 0`);
      if (rate > MAX_RATE) return issue(`The ${currency} rate can be at most ${MAX_RATE.toLocaleString("en-US")}`);
      if (significantDigits(text) > MAX_RATE_SIGNIFICANT_DIGITS)
        return issue(`The ${currency} rate can have at most ${MAX_RATE_SIGNIFICANT_DIGITS} significant digits, ${example}`);
      return rate;
    });
}

/** A field per display currency; the store currency's own field, if sent, is ignored. */
export const exchangeRatesFormSchema = z.object(
  Object.fromEntries(displayCurrencies.map((currency) => [currency, rateField(currency)])) as {
    [C in DisplayCurrency]: ReturnType<typeof rateField>;
  },
);

export type EnteredRates = z.output<typeof exchangeRatesFormSchema>;

/**
 * The rates to store after a save: against `storeCurrency`; a rate keeps its date unless its
 * value changed (or the rates were set for another store currency, when every one is new); an
 * empty field drops its currency.
 */
export function mergeExchangeRates(current: ExchangeRates, storeCurrency: CurrencyCode, entered: EnteredRates, now: Date): ExchangeRates {
  const sameBase = current.base === storeCurrency;
  const rates: ExchangeRates["rates"] = {};
  for (const currency of displayCurrencies) {
    const rate = entered[currency];
    if (currency === storeCurrency || rate === null || rate === undefined) continue;
    const before = sameBase ? current.rates[currency] : undefined;
    rates[currency] = before && before.rate === rate ? before : { rate, setAt: now.toISOString() };
  }
  return { base: storeCurrency, rates };
}
