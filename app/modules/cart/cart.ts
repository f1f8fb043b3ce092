import { isMeasurements, measurementsFingerprint, type Measurements } from "~/modules/measurements/measurements";
import { subtotalOf } from "~/modules/pricing/order-totals";
import { variantLabel } from "~/modules/catalog/variants";

/**
 * The cart's rules (docs/product-rules.md §4), as pure functions over a list of lines.
 * Prices here are for display only: the server recomputes every total at checkout.
 */
export interface CartLine {
  /** product id, colour index, size and measurements: the same garment in another size or cut to other measurements is another line */
  key: string;
  productId: number;
  name: string;
  /** pesewas */
  price: number;
  originalPrice: number | null;
  image: string;
  category: string | null;
  quantity: number;
  size: string | null;
  color: string | null;
  colorIndex: number | null;
  /** stock when added; the panel's plus stops there (checkout checks the live figure) */
  maxQuantity: number;
  /**
   * A made-to-measure line: cut to these measurements (no size), `price` includes the surcharge,
   * made in `days` working days. Absent on standard lines and on carts stored before it existed.
   */
  madeToMeasure?: { measurements: Measurements; surcharge: number; days: number } | null;
}

export type NewCartLine = Omit<CartLine, "key" | "quantity">;

export function cartLineKey(productId: number, colorIndex: number | null, size: string | null, measurements?: Measurements | null): string {
  const key = [productId, colorIndex ?? "", size ?? ""].join("-");
  return measurements ? `${key}-mtm${measurementsFingerprint(measurements)}` : key;
}

/**
 * "Royal Kente Kaftan (Royal Gold, XL)", "Accra Executive Suit (Navy, Made to measure)": how the
 * cart's toasts and checkout's corrections name a line, the way the server's refusals name a
 * variant (variantLabel), so two lines of one product can be told apart.
 */
export function cartLineLabel(line: Pick<CartLine, "name" | "color" | "size" | "madeToMeasure">): string {
  const variant = line.madeToMeasure ? variantLabel(line.color, "Made to measure") : variantLabel(line.color, line.size);
  return variant ? `${line.name} (${variant})` : line.name;
}

/** Made to measure takes no stock, so its quantity is only held to a sensible number of garments. */
export const MADE_TO_MEASURE_MAX_QUANTITY = 10;

export type AddResult =
  | { kind: "added"; lines: CartLine[]; line: CartLine }
  | { kind: "increased"; lines: CartLine[]; line: CartLine }
  | { kind: "out-of-stock"; lines: CartLine[] }
  | { kind: "limit"; lines: CartLine[]; line: CartLine };

/** Adds `quantity` of an item: a new line, or more of an existing one. */
export function addToCart(lines: CartLine[], item: NewCartLine, quantity = 1): AddResult {
  const qty = Math.max(1, Math.floor(quantity));
  if (item.maxQuantity <= 0) return { kind: "out-of-stock", lines };
  const key = cartLineKey(item.productId, item.colorIndex, item.size, item.madeToMeasure?.measurements);
  const existing = lines.find((l) => l.key === key);
  if (existing) {
    if (existing.quantity >= item.maxQuantity) return { kind: "limit", lines, line: existing };
    const line = { ...existing, ...item, key, quantity: Math.min(existing.quantity + qty, item.maxQuantity) };
    return { kind: "increased", lines: lines.map((l) => (l.key === key ? line : l)), line };
  }
  const line: CartLine = { ...item, key, quantity: Math.min(qty, item.maxQuantity) };
  return { kind: "added", lines: [...lines, line], line };
}

/** Sets a line's quantity; zero or less removes it. */
export function setQuantity(lines: CartLine[], key: string, quantity: number): CartLine[] {
  if (quantity <= 0) return removeFromCart(lines, key);
  return lines.map((l) => (l.key === key ? { ...l, quantity: Math.min(Math.floor(quantity), Math.max(l.maxQuantity, 1)) } : l));
}

export function removeFromCart(lines: CartLine[], key: string): CartLine[] {
  return lines.filter((l) => l.key !== key);
}

/** The badge: the sum of quantities. */
export function cartItemCount(lines: CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}

/** Sum of price × quantity, in pesewas. */
export function cartTotal(lines: CartLine[]): number {
  return subtotalOf(lines.map((l) => ({ unitPrice: l.price, quantity: l.quantity })));
}

/** Parses stored JSON defensively: a corrupt or old entry gives an empty cart, never a crash. */
export function parseStoredCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  try {
    const data: unknown = JSON.parse(raw);
    if (!Array.isArray(data)) return [];
    return data.filter(isCartLine);
  } catch {
    return [];
  }
}

function isCartLine(value: unknown): value is CartLine {
  if (!value || typeof value !== "object") return false;
  const l = value as Record<string, unknown>;
  return (
    typeof l.key === "string" &&
    Number.isInteger(l.productId) &&
    typeof l.name === "string" &&
    Number.isSafeInteger(l.price) &&
    Number.isInteger(l.quantity) &&
    (l.quantity as number) > 0 &&
    typeof l.image === "string" &&
    Number.isInteger(l.maxQuantity) &&
    (l.madeToMeasure == null || isMadeToMeasure(l.madeToMeasure))
  );
}

function isMadeToMeasure(value: unknown): boolean {
  if (!value || typeof value !== "object") return false;
  const m = value as Record<string, unknown>;
  return isMeasurements(m.measurements) && Number.isSafeInteger(m.surcharge) && Number.isInteger(m.days);
}
