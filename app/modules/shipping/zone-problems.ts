import { areaName, isArea } from "./areas";
import type { ShippingZone } from "./shipping-zones";

/**
 * What is wrong with a set of zones, in words staff can act on: an unknown area, an area named
 * by two zones, no rest-of-world zone or more than one. Empty when every address falls in
 * exactly one zone.
 */
export function zoneProblems(zones: ReadonlyArray<Pick<ShippingZone, "name" | "areas" | "isRestOfWorld">>): string[] {
  const problems: string[] = [];
  const owner = new Map<string, string>();
  for (const zone of zones) {
    for (const area of zone.areas) {
      if (!isArea(area)) problems.push(`${zone.name}: "${area}" is not a country or Ghana region we know.`);
      const other = owner.get(area);
      if (other !== undefined && other !== zone.name) problems.push(`${areaName(area)} is in both ${other} and ${zone.name}.`);
      owner.set(area, zone.name);
    }
  }
  const restOfWorld = zones.filter((zone) => zone.isRestOfWorld);
  if (restOfWorld.length === 0) problems.push("One zone must be the rest of the world, for every country no other zone names.");
  if (restOfWorld.length > 1) problems.push(`Only one zone can be the rest of the world (${restOfWorld.map((z) => z.name).join(", ")}).`);
  return problems;
}
