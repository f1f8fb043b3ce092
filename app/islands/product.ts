import { Price } from "~/components/storefront/price";
import { ShopperDelivery } from "~/components/storefront/shopper-delivery";
import { ProductPagePurchase } from "~/components/storefront/product/product-page-purchase";
import { ProductPictures } from "~/components/storefront/product/product-pictures";
import { signedInAsLastSeen } from "~/components/storefront/viewer-store";
import { deferredComponent, defineIsland } from "./island";

// The product's own parts (components/storefront/product/product-details.tsx lays them out).
export const ProductPicturesIsland = /* @__PURE__ */ defineIsland("product-pictures", ProductPictures);
export const ProductPriceIsland = /* @__PURE__ */ defineIsland("product-price", Price);
export const ProductPurchaseIsland = /* @__PURE__ */ defineIsland("product-purchase", ProductPagePurchase);
export const ShopperDeliveryIsland = /* @__PURE__ */ defineIsland("shopper-delivery", ShopperDelivery);
// Its code follows the first download. For a signed-in shopper it is hydrated at once: their
// "Write a review" link or own review is asked for as the page loads, not once they scroll
// there. A guest's reviews are hydrated as they come near the screen: below the fold on every
// screen, their hydration was one of the longest tasks of a phone's load (17–25 ms unthrottled).
export const ProductReviewsIsland = /* @__PURE__ */ defineIsland(
  "product-reviews",
  deferredComponent(() => import("~/components/storefront/product/reviews/product-reviews").then((m) => m.ProductReviews)),
  { hydrate: () => (signedInAsLastSeen() ? "load" : "visible") },
);
// Below the fold: its code comes, and it is hydrated, as it comes near the screen.
export const ProductGridIsland = /* @__PURE__ */ defineIsland(
  "product-grid",
  deferredComponent(() => import("~/components/storefront/product-card").then((m) => m.ProductGrid)),
  { hydrate: "visible" },
);

/** What the product page hydrates besides the shell (app/islands/pages.ts). */
export const pageIslands = [
  ProductPicturesIsland,
  ProductPriceIsland,
  ProductPurchaseIsland,
  ShopperDeliveryIsland,
  ProductReviewsIsland,
  ProductGridIsland,
];
