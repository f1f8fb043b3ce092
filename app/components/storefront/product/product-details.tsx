import { Price } from "~/components/storefront/price";
import { ShopperDelivery } from "~/components/storefront/shopper-delivery";
import { ProductBadges } from "~/components/storefront/product-badges";
import { DetailCard, Reassurances } from "~/components/storefront/product/product-info-cards";
import { ReviewSnippet } from "~/components/storefront/product/reviews/review-snippet";
import { ColourPictures } from "~/components/storefront/product/colour-pictures";
import { ProductGallery } from "~/components/storefront/product/product-gallery";
import { ProductPurchase } from "~/components/storefront/product-purchase";
import { useProductSelection } from "~/components/storefront/product/use-product-selection";
import { WishlistButton } from "~/components/storefront/wishlist-button";
import { AskOnWhatsApp } from "~/components/storefront/product/ask-on-whatsapp";
import { Badge } from "~/components/ui/badge";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import type { ReviewSummary } from "~/modules/reviews/product-reviews.server";

/**
 * A product's pictures, price, colours, sizes, Add to Cart and details: one island (decision
 * 021), since the colour chosen changes the pictures and the sizes on offer.
 */
export function ProductDetails({ product, reviewSummary }: { product: ProductDetail; reviewSummary: ReviewSummary }) {
  const selection = useProductSelection(product);
  const soldOut = product.totalStock <= 0;
  return (
    <div className="mt-6 grid gap-10 lg:grid-cols-[1.1fr_1fr] lg:gap-16">
      <div className="space-y-4 lg:sticky lg:top-28 lg:self-start">
        <ProductGallery
          key={selection.colorIndex}
          product={product}
          selection={selection}
          overlay={<WishlistButton productId={product.id} productName={product.name} className="absolute top-4 right-4" />}
        />
        <ColourPictures product={product} selection={selection} />
      </div>

      <div className="space-y-7">
        <div className="space-y-4">
          <div className="flex flex-wrap gap-1.5">
            {product.category && <Badge variant="outline">{product.category.name}</Badge>}
            <ProductBadges
              isNew={product.isNew}
              isBestseller={product.isBestseller}
              price={product.price}
              originalPrice={product.originalPrice}
              soldOut={soldOut}
              className="contents"
            />
          </div>
          <h1 className="text-4xl leading-tight font-semibold md:text-5xl">{product.name}</h1>
          <Price price={product.price} originalPrice={product.originalPrice} size="lg" />
          <ReviewSnippet summary={reviewSummary} />
          {product.description && <p className="leading-relaxed text-stone">{product.description}</p>}
        </div>
        <ProductPurchase product={product} selection={selection} />
        <AskOnWhatsApp productName={product.name} productPath={`/product/${product.id}`} />
        <Reassurances />
        <ShopperDelivery price={product.price} />
        <div className="grid gap-4 sm:grid-cols-2">
          <DetailCard title="Materials" items={product.materials} />
          <DetailCard title="Care Instructions" items={product.care} />
        </div>
        {product.sku && <p className="text-xs text-stone">SKU: {product.sku}</p>}
      </div>
    </div>
  );
}
