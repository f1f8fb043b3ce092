import { z } from "zod";
import { displayCurrencies, MAX_RATE, type ExchangeRates } from "./exchange-rates";

/**
 * How stored exchange rates are checked (the `exchangeRates` setting). Kept apart from
 * exchange-rates.ts so the storefront's price display does not carry Zod to the browser.
 */
export const exchangeRateSchema = z.object({
  rate: z.number().positive().max(MAX_RATE),
  setAt: z.iso.datetime({ offset: true }),
});

export const exchangeRatesSchema = z.object({
  base: z.enum(["GHS", "USD", "EUR"]),
  rates: z.partialRecord(z.enum(displayCurrencies), exchangeRateSchema),
}) satisfies z.ZodType<ExchangeRates>;
