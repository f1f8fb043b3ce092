import { ProductPurchase } from "~/components/storefront/product-purchase";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import { useSharedProductSelection } from "./use-product-selection";

/** Colours, sizes, quantity and Add to Cart on the product page, sharing the choice with its pictures. */
export function ProductPagePurchase({ product }: { product: ProductDetail }) {
  return <ProductPurchase product={product} selection={useSharedProductSelection(product)} />;
}
