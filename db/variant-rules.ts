/**
 * How variants get their SKU and their share of a product's stock: the rules migration 0013
 * applied to the shop's data, the sample catalog follows, and the admin's product form
 * suggests (app/modules/catalog/variants.ts re-exports them).
 */

/** A colour's name as it appears in a SKU: "Royal Blue" → "ROYAL-BLUE". */
export function skuPart(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toUpperCase();
}

/**
 * The SKU a new variant gets when staff leave it blank: the product's SKU (else "P" and its
 * id, or "NEW" before it has one), the colour and the size: "AHF-001-IVORY-XL". The same
 * rule as migration 0013 gave the variants it created.
 */
export function suggestedVariantSku(productSku: string | null | undefined, color: string, size: string, productId?: number): string {
  const base = productSku?.trim() || (productId ? `P${productId}` : "NEW");
  return [base, color ? skuPart(color) || "C" : null, size].filter(Boolean).join("-");
}

/**
 * A total spread over n variants in display order, keeping the total: each gets total / n and
 * the first total % n one more (the rule migration 0013 used for stock held per product).
 */
export function spreadStock(total: number, n: number): number[] {
  if (n <= 0) return [];
  const each = Math.floor(Math.max(total, 0) / n);
  const extra = Math.max(total, 0) % n;
  return Array.from({ length: n }, (_, i) => each + (i < extra ? 1 : 0));
}
