/** The shipping rates a fresh shop starts with (pesewas): ₵50 flat, free from ₵500. */
export const defaultShippingRates = { shippingFee: 5_000, freeShippingThreshold: 50_000 };

/** Shipping for a subtotal: free at or above the threshold, else the flat fee (pesewas). */
export function shippingFor(subtotal: number, s: { shippingFee: number; freeShippingThreshold: number }): number {
  return subtotal >= s.freeShippingThreshold ? 0 : s.shippingFee;
}
