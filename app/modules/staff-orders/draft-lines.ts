import type { Measurements } from "~/modules/measurements/measurements";

/**
 * A line of a draft order (issue 46), as staff chose it and as `draft_orders.lines` keeps it:
 * never a price for a catalogue piece (the catalogue prices it whenever the draft is shown or
 * placed, by the checkout's own code), but a custom line's price, which staff set.
 */
export type DraftLine = DraftProductLine | DraftCustomLine;

/** A piece of the catalogue in a colour and size from stock, or made to the customer's measurements (no size). */
export interface DraftProductLine {
  kind: "product";
  productId: number;
  colorIndex: number | null;
  size: string | null;
  quantity: number;
  measurements: Measurements | null;
}

/** Something made for this customer alone: staff describe and price it and say how long it takes. */
export interface DraftCustomLine {
  kind: "custom";
  description: string;
  /** Pesewas, one piece. */
  unitPrice: number;
  quantity: number;
  productionDays: number;
  /**
   * Its photo, if staff added one: the base URL of a picture stored as product photos are
   * (`/uploads/products/<name>`, custom-line-photo.server.ts). Drafts saved before photos existed
   * have none.
   */
  photo?: string | null;
}

/** Largest quantity and number of lines a draft takes (as the storefront's checkout). */
export const DRAFT_LIMITS = { lines: 100, quantity: 999, productionDays: 365, customPrice: 100_000_000 } as const;

/** A stored photo's base URL, as saveProductImage names it: nothing else is ever shown as a line's photo. */
const STORED_PHOTO = /^\/uploads\/products\/[0-9a-f]{32}$/;

/** A custom line's photo as stored, or null (none, or not a name the shop wrote). */
export function customLinePhoto(line: DraftCustomLine): string | null {
  return typeof line.photo === "string" && STORED_PHOTO.test(line.photo) ? line.photo : null;
}

/** The lines stored in a draft, read back (written only by the draft module, so only the shape is checked). */
export function draftLinesOf(stored: unknown): DraftLine[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (line): line is DraftLine =>
      typeof line === "object" && line !== null && ((line as DraftLine).kind === "product" || (line as DraftLine).kind === "custom"),
  );
}
