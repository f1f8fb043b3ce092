import { ProductBadges } from "~/components/storefront/product-badges";
import { DetailCard, Reassurances } from "~/components/storefront/product/product-info-cards";
import { ReviewSnippet } from "~/components/storefront/product/reviews/review-snippet";
import { AskOnWhatsApp } from "~/components/storefront/product/ask-on-whatsapp";
import { Badge } from "~/components/ui/badge";
import { ProductPicturesIsland, ProductPriceIsland, ProductPurchaseIsland, ShopperDeliveryIsland } from "~/islands/product";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import type { ReviewSummary } from "~/modules/reviews/product-reviews.server";

/**
 * A product's pictures, price, colours, sizes, Add to Cart and details. Only what changes in the
 * browser is an island (decision 021): the pictures and the purchase panel, which share the
 * colour chosen; the price, for the shopper's approximate amount; the delivery line. The rest
 * (name, badges, rating, description, reassurances, materials) is the server's HTML alone, and
 * its code never reaches the browser. An island in a `space-y` column sits in a block of its own:
 * its `display: contents` box takes no margin.
 */
export function ProductDetails({ product, reviewSummary }: { product: ProductDetail; reviewSummary: ReviewSummary }) {
  const soldOut = product.totalStock <= 0;
  return (
    // On a phone the name and price come right under the first picture (docs/product-rules.md, product page).
    <div className="mt-3 grid gap-5 md:mt-6 md:gap-10 lg:grid-cols-[1.1fr_1fr] lg:gap-16">
      <div className="lg:sticky lg:top-28 lg:self-start">
        <ProductPicturesIsland product={product} />
      </div>

      <div className="space-y-7">
        <div className="space-y-3 md:space-y-4">
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
          <h1 className="text-3xl leading-tight font-semibold md:text-5xl sm:text-4xl">{product.name}</h1>
          <div>
            <ProductPriceIsland price={product.price} originalPrice={product.originalPrice} size="lg" />
          </div>
          <ReviewSnippet summary={reviewSummary} />
          {product.description && <p className="leading-relaxed text-stone">{product.description}</p>}
        </div>
        <div>
          <ProductPurchaseIsland product={product} />
        </div>
        <AskOnWhatsApp productName={product.name} productPath={`/product/${product.id}`} />
        <Reassurances />
        <div>
          <ShopperDeliveryIsland price={product.price} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <DetailCard title="Materials" items={product.materials} />
          <DetailCard title="Care Instructions" items={product.care} />
        </div>
        {product.sku && <p className="text-xs text-stone">SKU: {product.sku}</p>}
      </div>
    </div>
  );
}
