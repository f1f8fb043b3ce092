import { multiplyMoney } from "~/lib/money";
import { shippingInZone, type ShippingZone } from "~/modules/shipping/shipping-zones";

/**
 * Order money, in one place: what a line costs, the subtotal, shipping and the total the shop
 * charges. Checkout (placeOrder) charges `orderTotals(...).total` with the zone of the order's
 * destination; the cart, the checkout summary, the confirmation page, emails and the admin show
 * amounts from the same functions, so what a shopper is shown is what they are charged.
 * Amounts are integer pesewas.
 */

/** What prices shipping: a zone's flat fee and its free-shipping threshold (docs/shipping.md). */
export type ShippingRate = Pick<ShippingZone, "fee" | "freeShippingThreshold">;

/** A priced line: the unit price charged and how many. */
export interface PricedLine {
  unitPrice: number;
  quantity: number;
}

export interface OrderTotals {
  subtotal: number;
  /**
   * Pesewas off the pieces, at most the subtotal: staff's discount on a staff order (issue 46), or
   * a discount code's at the storefront's checkout (issue 47, app/modules/discounts); never both.
   */
  discount: number;
  shipping: number;
  /** The amount charged: subtotal − discount + shipping. */
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

/**
 * The order's totals from its lines, the zone it ships in and a discount (pesewas: staff's, or
 * a discount code's worked out by `discountFor` in app/modules/discounts/discount-terms.ts):
 * the charged total. A discount over the subtotal is refused, never clipped; the free-shipping
 * threshold applies to what the customer pays for the pieces (the subtotal after the discount),
 * as shops apply it. A free-shipping code (`freeShipping`) waives the fee whatever the zone asks.
 */
export function orderTotals(
  lines: readonly PricedLine[],
  zone: ShippingRate,
  discount = 0,
  options: { freeShipping?: boolean } = {},
): OrderTotals {
  const subtotal = subtotalOf(lines);
  if (!Number.isSafeInteger(discount) || discount < 0 || discount > subtotal)
    throw new RangeError(`A discount of ${discount} pesewas does not fit a subtotal of ${subtotal}`);
  const shipping = options.freeShipping ? 0 : shippingInZone(subtotal - discount, zone);
  return {
    subtotal,
    discount,
    shipping,
    total: subtotal - discount + shipping,
    itemCount: lines.reduce((n, line) => n + line.quantity, 0),
  };
}
