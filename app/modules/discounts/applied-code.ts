import { discountFor, refusalMessage, type DiscountLine } from "./discount-terms";

/**
 * A code the server accepted for the cart (POST /api/discount-code), as the browser keeps it with
 * the cart (docs/decisions/044): enough to show the saving again as quantities change, without
 * asking again. What it covers is given per product (`coveredProductIds`, of `checkedProductIds`);
 * a product not checked yet asks the server again. Only a preview: placeOrder checks the code
 * again and charges its own figure.
 */
export interface AppliedCode {
  code: string;
  kind: "percentage" | "fixed" | "free_shipping";
  value: number;
  minimumSubtotal: number | null;
  /** "15% off", "₵50.00 off", "Free shipping" */
  description: string;
  checkedProductIds: number[];
  coveredProductIds: number[];
}

/** What the endpoint answers. */
export type DiscountPreviewResult = { ok: true; applied: AppliedCode } | { ok: false; message: string };

/** A cart line as the code reads it in the browser. */
export interface CartLineForCode {
  productId: number;
  price: number;
  originalPrice: number | null;
  quantity: number;
}

export type CodeOnCart =
  | { kind: "applies"; discount: number; freeShipping: boolean; perLine: number[] }
  /** The cart holds a product the server has not looked at for this code. */
  | { kind: "recheck" }
  | { kind: "refused"; message: string };

/** The saving of a kept code on the cart as it is now (quantities changed, pieces removed). */
export function codeOnCart(applied: AppliedCode, lines: readonly CartLineForCode[], formatMoney: (pesewas: number) => string): CodeOnCart {
  if (lines.some((line) => !applied.checkedProductIds.includes(line.productId))) return { kind: "recheck" };
  const discountLines: DiscountLine[] = lines.map((line) => ({
    productId: line.productId,
    categoryId: null,
    unitPrice: line.price,
    quantity: line.quantity,
    onSale: false,
  }));
  const result = discountFor(
    {
      kind: applied.kind,
      value: applied.value,
      minimumSubtotal: applied.minimumSubtotal,
      scope: "products",
      productIds: applied.coveredProductIds,
      collectionIds: [],
      excludeSaleItems: false,
    },
    discountLines,
  );
  if (!result.ok) return { kind: "refused", message: refusalMessage(result.shortfall, formatMoney) };
  return { kind: "applies", discount: result.value.discount, freeShipping: result.value.freeShipping, perLine: result.value.perLine };
}

/** Parses the kept code from localStorage; anything else is no code. */
export function parseAppliedCode(raw: string | null): AppliedCode | null {
  if (!raw) return null;
  const value = JSON.parse(raw) as Partial<AppliedCode> | null;
  if (
    !value ||
    typeof value.code !== "string" ||
    !["percentage", "fixed", "free_shipping"].includes(value.kind as string) ||
    typeof value.value !== "number" ||
    !Array.isArray(value.checkedProductIds) ||
    !Array.isArray(value.coveredProductIds)
  )
    return null;
  return {
    code: value.code,
    kind: value.kind!,
    value: value.value,
    minimumSubtotal: typeof value.minimumSubtotal === "number" ? value.minimumSubtotal : null,
    description: typeof value.description === "string" ? value.description : "",
    checkedProductIds: value.checkedProductIds.filter((n): n is number => typeof n === "number"),
    coveredProductIds: value.coveredProductIds.filter((n): n is number => typeof n === "number"),
  };
}
