/**
 * Ghana, the shop's home country, and its sixteen regions (ISO 3166-2), which checkout asks of
 * every Ghanaian address and zones may name. Small on purpose: storefront code that only needs
 * these does not load the world's country names (areas.ts).
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

export function isGhanaRegion(code: string): code is GhanaRegionCode {
  return ghanaRegions.some(([region]) => region === code);
}

/** "GH-AA" → "Greater Accra"; an unknown code is returned as it is. */
export function regionName(code: string): string {
  return ghanaRegions.find(([region]) => region === code)?.[1] ?? code;
}
