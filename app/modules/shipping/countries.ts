import countryNames from "countries-list/minimal/countries.en.min.json";

/**
 * Country codes (ISO 3166-1 alpha-2) and their English names, from the countries-list package:
 * about 2 KB gzipped. Storefront code that runs on every page reads names here rather than from
 * the browser's Intl.DisplayNames, whose first use costs 40–60 ms of a phone's main thread
 * (ICU starting up); sorted lists for pickers are in areas.ts.
 */
const names = countryNames as Record<string, string>;

export function isCountryCode(code: string): boolean {
  return Object.hasOwn(names, code);
}

/** "GB" → "United Kingdom"; an unknown code is returned as it is. */
export function countryName(code: string): string {
  return names[code] ?? code;
}

/** Every code and name, in the package's order. */
export function countryEntries(): [string, string][] {
  return Object.entries(names);
}
