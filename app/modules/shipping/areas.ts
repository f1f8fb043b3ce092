import countryNames from "countries-list/minimal/countries.en.min.json";
import { HOME_COUNTRY, isGhanaRegion, regionName } from "./ghana";

export { ghanaRegions, HOME_COUNTRY, isGhanaRegion, regionName, type GhanaRegionCode } from "./ghana";

/**
 * The places a shipping zone can name: countries (ISO 3166-1 alpha-2, English names from the
 * countries-list package) and, inside Ghana, its sixteen regions (ghana.ts). Pure data, so the
 * checkout, the admin zone form and the server read the same list. About 3 KB gzipped: storefront
 * code that runs on every page imports ghana.ts instead.
 */
const names = countryNames as Record<string, string>;

/** Every country we can ship to, [code, name], by name (Ghana first: most orders are local). */
export const countryOptions: ReadonlyArray<readonly [string, string]> = [
  [HOME_COUNTRY, names[HOME_COUNTRY]!] as const,
  ...Object.entries(names)
    .filter(([code]) => code !== HOME_COUNTRY)
    .sort(([, a], [, b]) => a.localeCompare(b, "en")),
];

export function isCountryCode(code: string): boolean {
  return Object.hasOwn(names, code);
}

/** "GB" → "United Kingdom"; an unknown code is returned as it is. */
export function countryName(code: string): string {
  return names[code] ?? code;
}

/** A zone area in words: "United Kingdom", or "Greater Accra (Ghana)" for a region. */
export function areaName(area: string): string {
  return isGhanaRegion(area) ? `${regionName(area)} (${countryName(HOME_COUNTRY)})` : countryName(area);
}

/** A zone area is a known country code or a Ghana region code. */
export function isArea(area: string): boolean {
  return isCountryCode(area) || isGhanaRegion(area);
}

/** "Greater Accra, Ghana" or "United Kingdom": where an order goes, in words. */
export function destinationName(country: string, region?: string | null): string {
  if (country === HOME_COUNTRY && region && isGhanaRegion(region)) return `${regionName(region)}, ${countryName(country)}`;
  return countryName(country);
}
