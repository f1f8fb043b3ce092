/**
 * Discount codes as pure rules (issue 47, docs/decisions/044, docs/product-rules.md §14): which
 * pieces a code covers, what it takes off, and, in the shopper's words, why it does not apply.
 * Shared by the server (the preview and placeOrder, which charges it through orderTotals) and
 * the admin; no database and no Zod here, so it costs the storefront nothing. Amounts are
 * integer pesewas.
 */

export type DiscountKind = "percentage" | "fixed" | "free_shipping";
export type DiscountScope = "order" | "collections" | "products";

export const discountKinds: readonly DiscountKind[] = ["percentage", "fixed", "free_shipping"];
export const discountScopes: readonly DiscountScope[] = ["order", "collections", "products"];

/** What a code gives and to which pieces. `value`: the percentage (1–100), pesewas (fixed) or 0. */
export interface DiscountTerms {
  kind: DiscountKind;
  value: number;
  minimumSubtotal: number | null;
  scope: DiscountScope;
  collectionIds: readonly number[];
  productIds: readonly number[];
  excludeSaleItems: boolean;
}

/** A priced line as the code sees it: its product, collection and whether it is on sale. */
export interface DiscountLine {
  productId: number;
  categoryId: number | null;
  unitPrice: number;
  quantity: number;
  /** Shown with a struck-through compare-at price (products.original_price above the price). */
  onSale: boolean;
}

/** A code's letters as stored and compared: trimmed, upper-case. */
export function normalizeCode(text: string): string {
  return text.trim().toUpperCase();
}

/** The shape every code has: letters, digits and dashes, 3–32 of them (after normalizing). */
export const CODE_PATTERN = /^[A-Z0-9-]{3,32}$/;

/** Whether the code covers this line: its scope, and not a sale piece when sale pieces are left out. */
export function coversLine(terms: DiscountTerms, line: DiscountLine): boolean {
  if (terms.excludeSaleItems && line.onSale) return false;
  if (terms.scope === "collections") return line.categoryId !== null && terms.collectionIds.includes(line.categoryId);
  if (terms.scope === "products") return terms.productIds.includes(line.productId);
  return true;
}

const lineAmount = (line: Pick<DiscountLine, "unitPrice" | "quantity">) => line.unitPrice * line.quantity;

/**
 * A percentage of an amount, to the nearest pesewa, a half pesewa rounded up (in the shopper's
 * favour): 15 % of ₵333.33 is ₵49.9995 → ₵50.00. In BigInt, so no amount loses a pesewa.
 */
export function percentOf(amount: number, percent: number): number {
  const scaled = BigInt(amount) * BigInt(percent);
  return Number((scaled * 2n + 100n) / 200n);
}

export interface CodeDiscount {
  /** Pesewas off the pieces (0 for free shipping). Never more than the eligible subtotal. */
  discount: number;
  freeShipping: boolean;
  /** The pieces the code covers, before the discount. */
  eligibleSubtotal: number;
  /** The discount shared over the lines (0 for lines it does not cover), summing to `discount` exactly. */
  perLine: number[];
}

export type CodeShortfall = { kind: "nothing-covered" } | { kind: "minimum"; minimum: number; scoped: boolean };

/**
 * What the code takes off these lines, or why it takes nothing: no line it covers, or the covered
 * pieces short of the minimum. A percentage applies to the covered pieces' subtotal (rounded
 * once, percentOf); a fixed amount never exceeds it; free shipping takes nothing off the
 * pieces and waives the fee (orderTotals).
 */
export function discountFor(
  terms: DiscountTerms,
  lines: readonly DiscountLine[],
): { ok: true; value: CodeDiscount } | { ok: false; shortfall: CodeShortfall } {
  const covered = lines.map((line) => coversLine(terms, line));
  const eligibleSubtotal = lines.reduce((sum, line, i) => sum + (covered[i] ? lineAmount(line) : 0), 0);
  if (eligibleSubtotal <= 0) return { ok: false, shortfall: { kind: "nothing-covered" } };
  if (terms.minimumSubtotal !== null && eligibleSubtotal < terms.minimumSubtotal)
    return {
      ok: false,
      shortfall: { kind: "minimum", minimum: terms.minimumSubtotal, scoped: terms.scope !== "order" || terms.excludeSaleItems },
    };
  const discount =
    terms.kind === "percentage"
      ? Math.min(percentOf(eligibleSubtotal, terms.value), eligibleSubtotal)
      : terms.kind === "fixed"
        ? Math.min(terms.value, eligibleSubtotal)
        : 0;
  const perLine = shareOut(
    discount,
    lines.map((line, i) => (covered[i] ? lineAmount(line) : 0)),
  );
  return { ok: true, value: { discount, freeShipping: terms.kind === "free_shipping", eligibleSubtotal, perLine } };
}

/**
 * `amount` shared over `weights` in proportion, to the pesewa, the remainder pesewas to the
 * largest fractions first (then the earlier line): the shares always sum to `amount` exactly.
 * The deposit of a discounted order reads its made-to-measure lines after their share.
 */
export function shareOut(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (amount === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (BigInt(amount) * BigInt(w)) / BigInt(total));
  const remainders = weights.map((w, i) => ({ i, rest: (BigInt(amount) * BigInt(w)) % BigInt(total) }));
  const shares = exact.map(Number);
  let left = amount - shares.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0) break;
    if (weights[i]! > 0) {
      shares[i]! += 1;
      left--;
    }
  }
  return shares;
}

/** Why a code is refused, as the shopper is told (docs/product-rules.md §14 says which are shown). */
export type CodeRefusal =
  | { kind: "unknown" }
  | { kind: "paused" }
  | { kind: "ended" }
  | { kind: "used-up" }
  | { kind: "nothing-covered" }
  | { kind: "minimum"; minimum: number; scoped: boolean };

/**
 * The shopper's words for a refusal. An unknown code, one for other customers only and one not
 * started yet all read the same ("unknown"), so guessing learns nothing; a customer's own limit
 * reads as the code's limit, so an email typed at checkout never tells whose orders used it.
 */
export function refusalMessage(refusal: CodeRefusal, formatMoney: (pesewas: number) => string): string {
  switch (refusal.kind) {
    case "unknown":
      return UNKNOWN_CODE;
    case "paused":
      return "This code is not active at the moment";
    case "ended":
      return "This code has ended";
    case "used-up":
      return "This code has been used as many times as it can";
    case "nothing-covered":
      return "This code does not apply to the pieces in your cart";
    case "minimum":
      return refusal.scoped
        ? `Spend ${formatMoney(refusal.minimum)} or more on the pieces this code covers to use it`
        : `Spend ${formatMoney(refusal.minimum)} or more to use this code`;
  }
}

export const UNKNOWN_CODE = "We don't recognise that code";

/** How a code's kind and value read: "15% off", "₵50.00 off", "Free shipping". */
export function describeDiscount(kind: DiscountKind | string, value: number, formatMoney: (pesewas: number) => string): string {
  if (kind === "percentage") return `${value}% off`;
  if (kind === "fixed") return `${formatMoney(value)} off`;
  return "Free shipping";
}

/**
 * How an order's totals name its code: "Discount (WELCOME15)" beside the discount, or
 * "Shipping (FREESHIP)" beside a fee a free-shipping code waived. Staff's discount has no code.
 */
export function orderCodeLabels(order: { discountCode: string | null; discountCodeKind: string | null }): {
  discountLabel: string;
  shippingLabel: string;
} {
  const code = order.discountCode;
  return {
    discountLabel: code && order.discountCodeKind !== "free_shipping" ? `Discount (${code})` : "Discount",
    shippingLabel: code && order.discountCodeKind === "free_shipping" ? `Shipping (${code})` : "Shipping",
  };
}
