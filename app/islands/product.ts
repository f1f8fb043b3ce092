import { ProductDetails } from "~/components/storefront/product/product-details";
import { deferredComponent, defineIsland } from "./island";

export const ProductDetailsIsland = /* @__PURE__ */ defineIsland("product-details", ProductDetails);
// Its code follows the first download. Hydrated at once all the same: a signed-in buyer's
// "Write a review" link is asked for as the page loads, not only once the shopper scrolls there.
export const ProductReviewsIsland = /* @__PURE__ */ defineIsland(
  "product-reviews",
  deferredComponent(() => import("~/components/storefront/product/reviews/product-reviews").then((m) => m.ProductReviews)),
);
// Below the fold: its code comes, and it is hydrated, as it comes near the screen.
export const ProductGridIsland = /* @__PURE__ */ defineIsland(
  "product-grid",
  deferredComponent(() => import("~/components/storefront/product-card").then((m) => m.ProductGrid)),
  { hydrate: "visible" },
);
