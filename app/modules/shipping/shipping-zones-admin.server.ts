import { eq, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { shippingZones } from "~db/schema/shipping";
import { uniqueViolation } from "~/lib/database-errors.server";
import { announceStorefrontChange } from "~/modules/storefront/storefront-changes.server";
import { areaName } from "./areas";
import type { ShippingZoneInput } from "./shipping-zone.schema";
import { type ShippingZone } from "./shipping-zones";
import { zoneProblems } from "./zone-problems";
import { listShippingZones } from "./shipping-zones.server";

/**
 * Staff's zone commands (admin Shipping page). Each runs in one transaction holding the zones'
 * advisory lock, reads the zones afresh, and checks the set the change would leave
 * (zoneProblems) before writing: two staff saving at once are taken one after the other, so a
 * country can never end up in two zones and there is always exactly one rest-of-world zone.
 * Every change announces a storefront change (pages and /api/shop-rates follow at once).
 * Placed orders keep their own copy of the zone's name, fee and estimate, so nothing here
 * touches them.
 */

/** pg_advisory_xact_lock key of the zone commands ("ZONE" in ASCII). */
const ZONES_LOCK = 0x5a4f4e45;

/** A change staff can correct; `field` names the form field it belongs under, when one does. */
export class ShippingZoneError extends Error {
  override name = "ShippingZoneError";
  constructor(
    message: string,
    readonly field: "name" | "areas" | null = null,
    readonly status: 400 | 404 | 409 = 409,
  ) {
    super(message);
  }
}

export const ZONE_NOT_FOUND = "This zone no longer exists. Another member of staff may have deleted it.";

async function withZonesLocked<T>(db: Db, work: (tx: Db, zones: ShippingZone[]) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ZONES_LOCK})`);
    // Inside a transaction the zones are read afresh (after the lock), never from the cache.
    return work(tx as unknown as Db, await listShippingZones(tx as unknown as Db));
  });
  await announceStorefrontChange(db);
  return result;
}

/**
 * Refuses a zone set that would leave an address in two zones or none, with what staff can act
 * on: "United Kingdom is already in Europe." for the zone being saved, else zoneProblems' words.
 */
function checkZoneSet(zones: ShippingZone[], saved: Pick<ShippingZone, "id" | "name" | "areas">): void {
  const others = zones.filter((zone) => zone.id !== saved.id);
  const taken = others.find((zone) => zone.name.trim().toLowerCase() === saved.name.trim().toLowerCase());
  if (taken) throw new ShippingZoneError(`There is already a zone called ${taken.name}. Choose another name.`, "name");
  const clashes = saved.areas.flatMap((area) => {
    const owner = others.find((zone) => zone.areas.includes(area));
    return owner ? [`${areaName(area)} is already in ${owner.name}.`] : [];
  });
  if (clashes.length > 0) throw new ShippingZoneError(clashes.join(" "), "areas");
  const problems = zoneProblems([...others, { ...saved, isRestOfWorld: zones.find((z) => z.id === saved.id)?.isRestOfWorld ?? false }]);
  if (problems.length > 0) throw new ShippingZoneError(problems.join(" "));
}

function checkAreas(input: ShippingZoneInput, isRestOfWorld: boolean): void {
  if (isRestOfWorld && input.areas.length > 0)
    throw new ShippingZoneError(
      "The rest-of-world zone covers every country no other zone names, so it has no countries of its own. Put them in another zone.",
      "areas",
    );
  if (!isRestOfWorld && input.areas.length === 0) throw new ShippingZoneError("Choose at least one country or Ghana region.", "areas", 400);
}

/** The name unique index, should a save slip past the check (it cannot while the lock is held). */
function nameTaken(error: unknown, name: string): never {
  if (uniqueViolation(error) === "shipping_zones_name_unique")
    throw new ShippingZoneError(`There is already a zone called ${name}. Choose another name.`, "name");
  throw error;
}

const columns = (input: ShippingZoneInput) => ({
  name: input.name,
  areas: input.areas,
  fee: input.fee,
  freeShippingThreshold: input.freeShippingThreshold,
  deliveryMinDays: input.deliveryMinDays,
  deliveryMaxDays: input.deliveryMaxDays,
  payOnDelivery: input.payOnDelivery,
});

/** A new zone, listed before the rest-of-world zone (which stays last). */
export async function createShippingZone(db: Db, input: ShippingZoneInput): Promise<{ id: number; name: string }> {
  checkAreas(input, false);
  return withZonesLocked(db, async (tx, zones) => {
    checkZoneSet(zones, { id: 0, name: input.name, areas: input.areas });
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${shippingZones.position}), -1)::int` })
      .from(shippingZones)
      .where(eq(shippingZones.isRestOfWorld, false));
    const position = (last?.position ?? -1) + 1;
    await tx
      .update(shippingZones)
      .set({ position: position + 1 })
      .where(sql`${shippingZones.isRestOfWorld} and ${shippingZones.position} <= ${position}`);
    const [created] = await tx
      .insert(shippingZones)
      .values({ ...columns(input), position })
      .returning({ id: shippingZones.id, name: shippingZones.name })
      .catch((error: unknown) => nameTaken(error, input.name));
    return created!;
  });
}

/** Changes a zone; the rest-of-world zone stays the rest of the world (and has no areas). */
export async function updateShippingZone(db: Db, id: number, input: ShippingZoneInput): Promise<{ id: number; name: string }> {
  return withZonesLocked(db, async (tx, zones) => {
    const current = zones.find((zone) => zone.id === id);
    if (!current) throw new ShippingZoneError(ZONE_NOT_FOUND, null, 404);
    checkAreas(input, current.isRestOfWorld);
    checkZoneSet(zones, { id, name: input.name, areas: input.areas });
    await tx
      .update(shippingZones)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(eq(shippingZones.id, id))
      .catch((error: unknown) => nameTaken(error, input.name));
    return { id, name: input.name };
  });
}

/** Deletes a zone: its countries fall to the rest-of-world zone, which itself cannot be deleted. */
export async function deleteShippingZone(db: Db, id: number): Promise<{ id: number; name: string }> {
  return withZonesLocked(db, async (tx, zones) => {
    const current = zones.find((zone) => zone.id === id);
    if (!current) throw new ShippingZoneError(ZONE_NOT_FOUND, null, 404);
    if (current.isRestOfWorld)
      throw new ShippingZoneError(`${current.name} cannot be deleted: it prices every country no other zone names.`);
    await tx.delete(shippingZones).where(eq(shippingZones.id, id));
    return { id, name: current.name };
  });
}
