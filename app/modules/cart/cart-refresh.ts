import { formatMoney } from "~/lib/money";
import type { Measurements } from "~/modules/measurements/measurements";
import { cartLineKey, cartLineLabel, type CartLine } from "./cart";
import { ORDER_LIMITS } from "~/modules/orders/order-limits";

/**
 * What the shop sells now for one line of a refused checkout (cart-review.server.ts answers
 * this for every line the shopper sent, in the same order). `sellable` is false when the
 * product is gone, inactive, or no longer made in the line's size or colour.
 */
export interface CurrentCartLine {
  productId: number;
  colorIndex: number | null;
  size: string | null;
  /** A made-to-measure line's measurements (it takes no stock), else null. */
  measurements: Measurements | null;
  sellable: boolean;
  /** The product's name now (null when the product no longer exists). */
  name: string | null;
  /** Pesewas, from the database (a made-to-measure line's includes its surcharge). */
  price: number;
  /** The made-to-measure surcharge in `price`, 0 for a standard line. */
  surcharge: number;
  originalPrice: number | null;
  /** Units left of the line's variant (its colour and size); 0 for a made-to-measure line. */
  stock: number;
}

export interface CartRefresh {
  lines: CartLine[];
  /** One sentence per change, in the cart's order, for the notice at checkout. */
  changes: string[];
}

/**
 * Brings the browser's cart in line with the shop's current catalog after checkout refused it
 * (docs/product-rules.md §4): new prices replace old ones, lines no longer sold are removed,
 * sold-out lines are removed and quantities above the stock left are lowered, each change told
 * in a sentence. Lines the server did not mention are kept as they are. Prices here are still
 * display only; the next checkout is priced by the server again.
 */
export function refreshCart(lines: CartLine[], current: readonly CurrentCartLine[]): CartRefresh {
  const byKey = new Map(current.map((c) => [cartLineKey(c.productId, c.colorIndex, c.size, c.measurements), c]));
  const changes: string[] = [];
  const next: CartLine[] = [];

  for (const line of lines) {
    const now = byKey.get(line.key);
    if (!now) {
      next.push(line);
      continue;
    }
    const name = now.name ?? line.name;
    const label = cartLineLabel({ ...line, name });
    if (!now.sellable) {
      changes.push(`${label} is no longer available and was removed.`);
      continue;
    }
    if (line.madeToMeasure) {
      // Cut for the shopper: no stock to run out of, only the price (surcharge included) can change.
      if (now.price !== line.price) changes.push(`${label}: ${formatMoney(line.price)} → ${formatMoney(now.price)}`);
      next.push({
        ...line,
        name,
        price: now.price,
        originalPrice: now.originalPrice,
        madeToMeasure: { ...line.madeToMeasure, surcharge: now.surcharge },
      });
      continue;
    }
    // One line per variant (the cart is keyed by colour and size), so its stock is the line's alone.
    const left = now.stock;
    if (left <= 0) {
      changes.push(`${label} is sold out and was removed.`);
      continue;
    }
    const quantity = Math.min(line.quantity, left);
    if (quantity < line.quantity) changes.push(`Only ${left} of ${label} left: quantity lowered to ${quantity}.`);
    if (now.price !== line.price) changes.push(`${name}: ${formatMoney(line.price)} → ${formatMoney(now.price)}`);
    next.push({
      ...line,
      name,
      price: now.price,
      originalPrice: now.originalPrice,
      quantity,
      maxQuantity: Math.min(now.stock, ORDER_LIMITS.perLine),
    });
  }
  return { lines: next, changes };
}
