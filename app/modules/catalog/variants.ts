import { SIZES } from "./catalog-constants";
import { stockLevel, type StockLevel } from "./stock-level";

// The rules migration 0013 and the sample catalog also follow live beside them, in db/.
export { skuPart, spreadStock, suggestedVariantSku } from "~db/variant-rules";

/**
 * Variants: what a product is stocked in, its colours × the sizes it comes in (docs/product-rules.md §13
 * "Sizes, colours and made to measure"). Pure and small: the product page, Quick View, the
 * admin grid and the server all read them through these functions.
 */

/** The colour of a variant of a product without colours. */
export const NO_COLOR = "";

/** A variant as the storefront sees it: which cell, and how many are left. */
export interface VariantStock {
  color: string;
  size: string;
  stock: number;
}

/** A variant's cell key: a colour's name and a size ("Ivory|XL"; "|M" without colours). */
export function variantKey(color: string | null | undefined, size: string): string {
  return `${color ?? NO_COLOR}|${size}`;
}

/** The variant of a colour and size, if the product is stocked in it. */
export function findVariant<T extends { color: string; size: string }>(
  variants: readonly T[],
  color: string | null | undefined,
  size: string,
) {
  return variants.find((v) => v.color === (color ?? NO_COLOR) && v.size === size);
}

/** Stock of a colour and size (0 when the product is not made in it). */
export function stockOf(variants: readonly VariantStock[], color: string | null | undefined, size: string): number {
  return findVariant(variants, color, size)?.stock ?? 0;
}

/** Each size of the product in one colour, with its stock and level: what the size buttons show. */
export function sizesInColor(
  variants: readonly VariantStock[],
  sizes: readonly string[],
  color: string | null | undefined,
): { size: string; stock: number; level: StockLevel }[] {
  return sizes.map((size) => {
    const stock = stockOf(variants, color, size);
    return { size, stock, level: stockLevel(stock) };
  });
}

/** Whether any variant is in stock: a product with none shows Sold out. */
export function anyInStock(variants: readonly { stock: number }[]): boolean {
  return variants.some((v) => v.stock > 0);
}

/** A colour sold out in every size of the product: its swatch is struck through, but can still be viewed. */
export function colorSoldOut(variants: readonly VariantStock[], sizes: readonly string[], color: string | null | undefined): boolean {
  return !sizes.some((size) => stockOf(variants, color, size) > 0);
}

/** The size to preselect in a colour: the wanted one if it is in stock, else the first in stock, else the wanted one. */
export function sizeToOffer(
  variants: readonly VariantStock[],
  sizes: readonly string[],
  color: string | null | undefined,
  wanted: string,
): string {
  if (stockOf(variants, color, wanted) > 0) return wanted;
  return sizes.find((size) => stockOf(variants, color, size) > 0) ?? wanted;
}

/** "Ivory, XL" (or "XL" without colours): how lines, messages and lists name a variant. */
export function variantLabel(color: string | null | undefined, size: string | null | undefined): string {
  return [color, size].filter(Boolean).join(", ");
}

/** A product's cells in display order: colours (or none) × its sizes in S → XXL order. */
export function variantCells(colors: readonly string[], sizes: readonly string[]): { color: string; size: string }[] {
  const ordered = SIZES.filter((s) => sizes.includes(s));
  return (colors.length > 0 ? colors : [NO_COLOR]).flatMap((color) => ordered.map((size) => ({ color, size })));
}
