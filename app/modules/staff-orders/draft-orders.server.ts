import crypto from "node:crypto";
import { desc, eq, isNull, and, sql } from "drizzle-orm";
import { depositOfChoice, type DepositKind } from "~/modules/payments/order-balance";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Db } from "~db/client";
import { draftOrders } from "~db/schema/staff-orders";
import { OrderRefusedError, noDeliveryTo } from "~/modules/orders/order-errors";
import { priceLinesFromCatalog } from "~/modules/orders/place-order.server";
import { orderTotals, type OrderTotals } from "~/modules/pricing/order-totals";
import { destinationName, HOME_COUNTRY, isGhanaRegion } from "~/modules/shipping/areas";
import { listShippingZones } from "~/modules/shipping/shipping-zones.server";
import { deliveryEstimateText, zoneFor, type ShippingZone } from "~/modules/shipping/shipping-zones";
import { customLinePhoto, DRAFT_LIMITS, draftLinesOf, type DraftLine } from "./draft-lines";
import type { SalesChannel } from "./sales-channels";
import type { Measurements } from "~/modules/measurements/measurements";

/**
 * Draft orders (issue 46, part 1): what staff put together for a customer who ordered on
 * WhatsApp, by phone or in the showroom, saved as they go so anyone on staff can pick it up.
 * A draft holds no stock and no price of the catalogue: `pricedDraft` prices it, line by line,
 * with the checkout's own code (`priceLinesFromCatalog`, `orderTotals`) every time it is
 * shown, and `placeDraftOrder` (place-draft-order.server.ts) again in the order's transaction.
 */

/** Who on staff did it: their name as shown to colleagues, and their account. */
export interface StaffMember {
  name: string;
  userId: string | null;
}

export type DraftRow = typeof draftOrders.$inferSelect;

export class DraftNotFoundError extends Error {
  override name = "DraftNotFoundError";
}

/** The draft was placed as an order already (by a colleague, or a second click): it no longer changes. */
export class DraftAlreadyPlacedError extends Error {
  override name = "DraftAlreadyPlacedError";
  constructor(readonly orderId: string) {
    super("This draft is already an order.");
  }
}

/** A change the draft refuses, in words for staff ("Quantity must be at least 1"). */
export class DraftRefusedError extends Error {
  override name = "DraftRefusedError";
}

/** The customer, delivery, discount and notes of a draft, as staff typed them (already validated). */
export interface DraftDetails {
  channel: SalesChannel;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  delivery: "ship" | "collect";
  customerAddress: string;
  customerCountry: string;
  customerRegion: string | null;
  /** Pesewas. */
  discountAmount: number;
  discountReason: string | null;
  /** The deposit asked (order-balance.ts depositOfChoice): a percentage, or pesewas for "amount". */
  depositKind: DepositKind;
  depositValue: number;
  notes: string | null;
}

/** "DR-482913": what staff read out and search for. Uniqueness is the database's (createDraft retries). */
function newDraftReference(): string {
  return `DR-${crypto.randomInt(0, 1_000_000).toString().padStart(6, "0")}`;
}

/** A new, empty draft taken through a channel. */
export async function createDraft(db: Db, channel: SalesChannel, by: StaffMember): Promise<{ id: string; reference: string }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    // In a transaction, which the activity log records (decision 049).
    const [row] = await db.transaction((tx) =>
      tx
        .insert(draftOrders)
        .values({ reference: newDraftReference(), channel, createdBy: by.name, updatedBy: by.name })
        .onConflictDoNothing()
        .returning({ id: draftOrders.id, reference: draftOrders.reference }),
    );
    if (row) return row;
  }
  throw new Error("Could not assign a unique draft reference");
}

/** A draft by id, or DraftNotFoundError. */
export async function getDraft(db: Db, id: string): Promise<DraftRow> {
  if (!isUuid(id)) throw new DraftNotFoundError("No such draft");
  const [row] = await db.select().from(draftOrders).where(eq(draftOrders.id, id));
  if (!row) throw new DraftNotFoundError("No such draft");
  return row;
}

/** Drafts not yet placed, most recently touched first. */
export function listOpenDrafts(db: Db, limit = 100) {
  return db
    .select({
      id: draftOrders.id,
      reference: draftOrders.reference,
      channel: draftOrders.channel,
      customerName: draftOrders.customerName,
      lineCount: sql<number>`jsonb_array_length(${draftOrders.lines})::int`,
      updatedBy: draftOrders.updatedBy,
      updatedAt: draftOrders.updatedAt,
    })
    .from(draftOrders)
    .where(isNull(draftOrders.orderId))
    .orderBy(desc(draftOrders.updatedAt))
    .limit(limit);
}

/**
 * Changes a draft still open, in one transaction with its row locked (two colleagues saving at
 * once apply one after the other; a draft placed meanwhile refuses with DraftAlreadyPlacedError).
 */
async function changeDraft(
  db: Db,
  id: string,
  by: StaffMember,
  change: (draft: DraftRow, tx: Db) => Promise<Partial<typeof draftOrders.$inferInsert>>,
): Promise<void> {
  if (!isUuid(id)) throw new DraftNotFoundError("No such draft");
  await db.transaction(async (tx) => {
    const [draft] = await tx.select().from(draftOrders).where(eq(draftOrders.id, id)).for("update");
    if (!draft) throw new DraftNotFoundError("No such draft");
    if (draft.orderId) throw new DraftAlreadyPlacedError(draft.orderId);
    const values = await change(draft, tx);
    await tx
      .update(draftOrders)
      .set({ ...values, updatedBy: by.name, updatedAt: new Date() })
      .where(eq(draftOrders.id, id));
  });
}

/** Saves the customer, delivery, discount and notes. */
export function saveDraftDetails(db: Db, id: string, details: DraftDetails, by: StaffMember): Promise<void> {
  return changeDraft(db, id, by, async () => ({
    ...details,
    customerRegion: details.customerCountry === HOME_COUNTRY ? details.customerRegion : null,
  }));
}

/**
 * Adds a line. A catalogue piece is checked against the catalogue as checkout checks a cart line
 * (active, the colour and size offered, made to measure offered, measurements in bounds): a
 * refusal names the piece. Stock is not taken (a draft holds none) and not refused here: the
 * draft shows what is short, and placing the order takes the stock or refuses.
 */
export function addDraftLine(db: Db, id: string, line: DraftLine, by: StaffMember): Promise<void> {
  return changeDraft(db, id, by, async (draft, tx) => {
    const lines = draftLinesOf(draft.lines);
    if (lines.length >= DRAFT_LIMITS.lines) throw new DraftRefusedError(`A draft takes at most ${DRAFT_LIMITS.lines} lines.`);
    if (line.kind === "product") await priceLinesFromCatalog(tx, [{ ...line }]);
    return { lines: [...lines, line] };
  });
}

/** Sets a line's quantity (1–999). */
export function setDraftLineQuantity(db: Db, id: string, index: number, quantity: number, by: StaffMember): Promise<void> {
  return changeDraft(db, id, by, async (draft) => {
    const lines = draftLinesOf(draft.lines);
    if (!lines[index]) throw new DraftRefusedError("That line is no longer in the draft. Reload the page.");
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > DRAFT_LIMITS.quantity)
      throw new DraftRefusedError(`Quantity must be from 1 to ${DRAFT_LIMITS.quantity}.`);
    return { lines: lines.map((l, i) => (i === index ? { ...l, quantity } : l)) };
  });
}

/** Removes a line. */
export function removeDraftLine(db: Db, id: string, index: number, by: StaffMember): Promise<void> {
  return changeDraft(db, id, by, async (draft) => {
    const lines = draftLinesOf(draft.lines);
    if (!lines[index]) throw new DraftRefusedError("That line is no longer in the draft. Reload the page.");
    return { lines: lines.filter((_, i) => i !== index) };
  });
}

/** Deletes a draft not yet placed (a placed one stays, linked to its order). */
export async function discardDraft(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db.transaction((tx) =>
    tx
      .delete(draftOrders)
      .where(and(eq(draftOrders.id, id), isNull(draftOrders.orderId)))
      .returning({ id: draftOrders.id }),
  );
  return deleted.length > 0;
}

/** Collection from the showroom: no fee, no delivery estimate (ready when made). */
export const SHOWROOM_COLLECTION = {
  name: "Collection from the showroom",
  fee: 0,
  freeShippingThreshold: null,
} as const;

/** A priced line, as the draft and the order show it. */
export interface PricedDraftLine {
  index: number;
  kind: "standard" | "made_to_measure" | "custom";
  productId: number | null;
  variantId: number | null;
  name: string;
  category: string | null;
  color: string | null;
  size: string | null;
  quantity: number;
  unitPrice: number;
  originalUnitPrice: number | null;
  imageUrl: string | null;
  measurements: Measurements | null;
  madeToMeasureSurcharge: number | null;
  /** Working days to make it (made to measure or custom), null for a size from stock. */
  productionDays: number | null;
  /** Why this line cannot be ordered as it is (the checkout's own words), or null. */
  problem: string | null;
}

/** Where a draft goes and what it costs to get there: a zone, the showroom, or why neither yet. */
export type DraftDelivery =
  { kind: "zone"; zone: ShippingZone; destination: string; estimate: string } | { kind: "collect" } | { kind: "unknown"; problem: string };

export interface PricedDraft {
  lines: PricedDraftLine[];
  delivery: DraftDelivery;
  /** Null while a line or the delivery cannot be priced, or the discount is over the subtotal. */
  totals: OrderTotals | null;
  /** The deposit the order will ask before the rest (pesewas), or null: paid in full at once. */
  deposit: number | null;
  /** Everything that stops the draft being placed, in words for staff. */
  problems: string[];
}

/**
 * Prices a draft as checkout would now (transaction or not): each catalogue line from the
 * catalogue (a line that checkout would refuse keeps its problem and no price), custom lines at
 * their own price, shipping from the destination's zone (or nothing, collected), the discount
 * taken off: `orderTotals`, the checkout's function.
 */
export async function pricedDraft(db: Db, draft: DraftRow): Promise<PricedDraft> {
  const lines: PricedDraftLine[] = [];
  const problems: string[] = [];
  for (const [index, line] of draftLinesOf(draft.lines).entries()) {
    const priced = await priceLine(db, line, index);
    if (priced.problem) problems.push(priced.problem);
    lines.push(priced);
  }
  if (lines.length === 0) problems.push("Add at least one piece.");
  const delivery = await deliveryOf(db, draft);
  if (delivery.kind === "unknown") problems.push(delivery.problem);
  let totals: OrderTotals | null = null;
  if (lines.length > 0 && lines.every((l) => !l.problem) && delivery.kind !== "unknown") {
    const rate = delivery.kind === "zone" ? delivery.zone : SHOWROOM_COLLECTION;
    const subtotal = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
    if (draft.discountAmount > subtotal) problems.push("The discount is more than the pieces cost. Lower it.");
    else totals = orderTotals(lines, rate, draft.discountAmount);
  }
  if (draft.discountAmount > 0 && !draft.discountReason) problems.push("Say why the discount is given.");
  let deposit: number | null = null;
  if (totals) {
    const { depositPercent } = await getStoreSettings(db);
    const asked = depositOfChoice(
      { kind: draft.depositKind as DepositKind, value: Number(draft.depositValue) },
      lines.map((l) => ({ kind: l.kind, lineTotal: l.unitPrice * l.quantity })),
      totals.total,
      depositPercent,
    );
    if (asked.problem) problems.push(asked.problem);
    deposit = asked.deposit;
  }
  return { lines, delivery, totals, deposit, problems };
}

/**
 * A priced line: what it is, its quantity and price, and the rest null (no catalogue piece, no
 * photo, no measurements, no problem) unless given.
 */
function pricedDraftLine(
  line: Pick<PricedDraftLine, "index" | "kind" | "name" | "quantity" | "unitPrice"> & Partial<PricedDraftLine>,
): PricedDraftLine {
  return {
    index: line.index,
    kind: line.kind,
    productId: line.productId ?? null,
    variantId: line.variantId ?? null,
    name: line.name,
    category: line.category ?? null,
    color: line.color ?? null,
    size: line.size ?? null,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    originalUnitPrice: line.originalUnitPrice ?? null,
    imageUrl: line.imageUrl ?? null,
    measurements: line.measurements ?? null,
    madeToMeasureSurcharge: line.madeToMeasureSurcharge ?? null,
    productionDays: line.productionDays ?? null,
    problem: line.problem ?? null,
  };
}

async function priceLine(db: Db, line: DraftLine, index: number): Promise<PricedDraftLine> {
  if (line.kind === "custom")
    return pricedDraftLine({
      index,
      kind: "custom",
      name: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      productionDays: line.productionDays,
      // Its photo, if staff added one: the order's line keeps it (placeDraftOrder), as a catalogue line keeps its picture.
      imageUrl: customLinePhoto(line),
    });
  try {
    const [priced] = await priceLinesFromCatalog(db, [{ ...line }]);
    const p = priced!;
    return pricedDraftLine({
      index,
      kind: p.madeToMeasure ? "made_to_measure" : "standard",
      productId: p.product.id,
      variantId: p.variantId,
      name: p.product.name,
      category: p.product.categoryName,
      color: p.color,
      size: p.size,
      quantity: p.quantity,
      unitPrice: p.unitPrice,
      originalUnitPrice: p.product.originalPrice === null ? null : Number(p.product.originalPrice),
      imageUrl: p.imageUrl,
      measurements: p.madeToMeasure?.measurements ?? null,
      madeToMeasureSurcharge: p.madeToMeasure?.surcharge ?? null,
      productionDays: p.madeToMeasure?.days ?? null,
    });
  } catch (error) {
    if (!(error instanceof OrderRefusedError)) throw error;
    return pricedDraftLine({
      index,
      kind: line.measurements ? "made_to_measure" : "standard",
      productId: line.productId,
      name: `Piece #${line.productId}`,
      size: line.size,
      quantity: line.quantity,
      unitPrice: 0,
      measurements: line.measurements,
      problem: error.message.replace(/ Please (remove it from|review) your cart\.$/, ""),
    });
  }
}

async function deliveryOf(db: Db, draft: DraftRow): Promise<DraftDelivery> {
  if (draft.delivery === "collect") return { kind: "collect" };
  if (draft.customerCountry === HOME_COUNTRY && !(draft.customerRegion && isGhanaRegion(draft.customerRegion)))
    return { kind: "unknown", problem: "Choose the region in Ghana the order goes to (it prices the delivery)." };
  const destination = destinationName(draft.customerCountry, draft.customerRegion);
  const zone = zoneFor(await listShippingZones(db), { country: draft.customerCountry, region: draft.customerRegion });
  if (!zone) return { kind: "unknown", problem: noDeliveryTo(destination).message };
  return { kind: "zone", zone, destination, estimate: deliveryEstimateText(zone) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function isUuid(id: string): boolean {
  return UUID.test(id);
}
