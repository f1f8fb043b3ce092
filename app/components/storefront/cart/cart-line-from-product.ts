import { MADE_TO_MEASURE_MAX_QUANTITY, type NewCartLine } from "~/modules/cart/cart";
import type { ProductCardData } from "~/modules/catalog/catalog-types";
import type { Measurements } from "~/modules/measurements/measurements";
import { ORDER_LIMITS } from "~/modules/orders/order-limits";

/**
 * A cart line for a product in a chosen colour (its index and name, or none) and size, or made
 * to measure: then it has no size, costs the price plus the surcharge and takes no stock (its
 * quantity is only held to MADE_TO_MEASURE_MAX_QUANTITY).
 */
export function cartLineFromProduct(
  product: ProductCardData,
  choice: {
    image: string;
    size: string | null;
    color: { index: number; name: string } | null;
    /** Units left of the chosen colour and size (the line's most). */
    stock: number;
    madeToMeasure?: { measurements: Measurements; surcharge: number; days: number } | null;
  },
): NewCartLine {
  const madeToMeasure = choice.madeToMeasure ?? null;
  return {
    productId: product.id,
    name: product.name,
    price: product.price + (madeToMeasure?.surcharge ?? 0),
    originalPrice: madeToMeasure ? null : product.originalPrice,
    image: choice.image,
    category: product.category?.name ?? null,
    size: madeToMeasure ? null : choice.size,
    color: choice.color?.name ?? null,
    colorIndex: choice.color?.index ?? null,
    maxQuantity: madeToMeasure ? MADE_TO_MEASURE_MAX_QUANTITY : Math.min(choice.stock, ORDER_LIMITS.perLine),
    madeToMeasure,
  };
}
