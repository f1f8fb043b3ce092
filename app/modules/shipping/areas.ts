import countryNames from "countries-list/minimal/countries.en.min.json";

/**
 * The places a shipping zone can name: countries (ISO 3166-1 alpha-2, English names from the
 * countries-list package) and, inside Ghana, its sixteen regions (ISO 3166-2). Pure data, so
 * the checkout, the admin zone form and the server read the same list.
 */
export const HOME_COUNTRY = "GH";

export const ghanaRegions = [
  ["GH-AA", "Greater Accra"],
  ["GH-AF", "Ahafo"],
  ["GH-AH", "Ashanti"],
  ["GH-BO", "Bono"],
  ["GH-BE", "Bono East"],
  ["GH-CP", "Central"],
  ["GH-EP", "Eastern"],
  ["GH-NE", "North East"],
  ["GH-NP", "Northern"],
  ["GH-OT", "Oti"],
  ["GH-SV", "Savannah"],
  ["GH-UE", "Upper East"],
  ["GH-UW", "Upper West"],
  ["GH-TV", "Volta"],
  ["GH-WP", "Western"],
  ["GH-WN", "Western North"],
] as const;

export type GhanaRegionCode = (typeof ghanaRegions)[number][0];

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

export function isGhanaRegion(code: string): code is GhanaRegionCode {
  return ghanaRegions.some(([region]) => region === code);
}

/** "GB" → "United Kingdom"; an unknown code is returned as it is. */
export function countryName(code: string): string {
  return names[code] ?? code;
}

/** "GH-AA" → "Greater Accra"; an unknown code is returned as it is. */
export function regionName(code: string): string {
  return ghanaRegions.find(([region]) => region === code)?.[1] ?? code;
}

/** A zone area in words: "United Kingdom", or "Greater Accra (Ghana)" for a region. */
export function areaName(area: string): string {
  return isGhanaRegion(area) ? `${regionName(area)} (${countryName(HOME_COUNTRY)})` : countryName(area);
}

/** A zone area is a known country code or a Ghana region code. */
export function isArea(area: string): boolean {
  return isCountryCode(area) || isGhanaRegion(area);
}
