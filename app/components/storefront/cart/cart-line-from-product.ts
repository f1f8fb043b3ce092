import type { NewCartLine } from "~/modules/cart/cart";
import type { ProductCardData } from "~/modules/catalog/catalog-types";

/** A cart line for a product in a chosen colour (its index and name, or none) and size. */
export function cartLineFromProduct(
  product: ProductCardData,
  choice: { image: string; size: string | null; color: { index: number; name: string } | null },
): NewCartLine {
  return {
    productId: product.id,
    name: product.name,
    price: product.price,
    originalPrice: product.originalPrice,
    image: choice.image,
    category: product.category?.name ?? null,
    size: choice.size,
    color: choice.color?.name ?? null,
    colorIndex: choice.color?.index ?? null,
    maxQuantity: product.stockQuantity,
  };
}
