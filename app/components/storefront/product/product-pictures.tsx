import { WishlistButton } from "~/components/storefront/wishlist-button";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import { ColourPictures } from "./colour-pictures";
import { ProductGallery } from "./product-gallery";
import { useSharedProductSelection } from "./use-product-selection";

/** The product page's gallery, wishlist heart and colour pictures: the colour chosen here or beside the sizes. */
export function ProductPictures({ product }: { product: ProductDetail }) {
  const selection = useSharedProductSelection(product);
  return (
    <div className="lg:space-y-4">
      <ProductGallery
        key={selection.colorIndex}
        product={product}
        selection={selection}
        overlay={<WishlistButton productId={product.id} productName={product.name} className="absolute top-4 right-4" />}
      />
      <ColourPictures product={product} selection={selection} />
    </div>
  );
}
