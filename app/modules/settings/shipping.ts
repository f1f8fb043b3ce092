/** Shipping for a subtotal: free at or above the threshold, else the flat fee (pesewas). */
export function shippingFor(subtotal: number, s: { shippingFee: number; freeShippingThreshold: number }): number {
  return subtotal >= s.freeShippingThreshold ? 0 : s.shippingFee;
}
