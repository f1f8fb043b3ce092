/**
 * The places a shipping zone can name: countries (countries.ts) and, inside Ghana, its sixteen
 * regions (ghana.ts). Pure data, so the checkout, the admin zone form and the server read the
 * same list.
 */
import { countryEntries, countryName, isCountryCode } from "./countries";
import { HOME_COUNTRY, isGhanaRegion, regionName } from "./ghana";

export { countryName, isCountryCode } from "./countries";

export { ghanaRegions, HOME_COUNTRY, isGhanaRegion, regionName, type GhanaRegionCode } from "./ghana";

/** "Türkiye" → "Turkiye": a name without its accents, to sort by. */
function withoutAccents(name: string): string {
  return name.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

/**
 * Every country we can ship to, [code, name], by name (Ghana first: most orders are local).
 * "Türkiye" before "Turkmenistan": names compared without their accents, which for these names
 * is the order localeCompare gives (a test checks), without the collator a phone takes 15 ms to
 * start on the checkout page.
 */
export const countryOptions: ReadonlyArray<readonly [string, string]> = [
  [HOME_COUNTRY, countryName(HOME_COUNTRY)] as const,
  ...countryEntries()
    .filter(([code]) => code !== HOME_COUNTRY)
    .map(([code, name]) => ({ entry: [code, name] as const, key: withoutAccents(name) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ entry }) => entry),
];

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
