import { multiplyMoney } from "~/lib/money";

/**
 * Order money, in one place: what a line costs, the subtotal, shipping and the total the shop
 * charges. Checkout (placeOrder) charges `orderTotals(...).total`; the cart, the checkout
 * summary, the confirmation page, emails and the admin show amounts from the same functions,
 * so what a shopper is shown is what they are charged. Amounts are integer pesewas.
 */

/** The shipping rates a fresh shop starts with (pesewas): ₵50 flat, free from ₵500. */
export const defaultShippingRates = { shippingFee: 5_000, freeShippingThreshold: 50_000 };

export interface ShippingRates {
  /** Flat fee below the threshold. */
  shippingFee: number;
  /** Subtotal from which shipping is free. */
  freeShippingThreshold: number;
}

/** A priced line: the unit price charged and how many. */
export interface PricedLine {
  unitPrice: number;
  quantity: number;
}

export interface OrderTotals {
  subtotal: number;
  shipping: number;
  /** The amount charged: subtotal + shipping. */
  total: number;
  /** Number of pieces (the sum of the quantities). */
  itemCount: number;
}

/** Unit price × quantity, exact in pesewas. */
export function lineTotal(line: PricedLine): number {
  return multiplyMoney(line.unitPrice, line.quantity);
}

export function subtotalOf(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotal(line), 0);
}

/** Shipping for a subtotal: free at or above the threshold, else the flat fee. */
export function shippingFor(subtotal: number, rates: ShippingRates): number {
  return subtotal >= rates.freeShippingThreshold ? 0 : rates.shippingFee;
}

/** The order's totals from its lines and the shop's shipping rates: the charged total. */
export function orderTotals(lines: readonly PricedLine[], rates: ShippingRates): OrderTotals {
  const subtotal = subtotalOf(lines);
  const shipping = shippingFor(subtotal, rates);
  return { subtotal, shipping, total: subtotal + shipping, itemCount: lines.reduce((n, line) => n + line.quantity, 0) };
}
