import { ProductDetails } from "~/components/storefront/product/product-details";
import { deferredComponent, defineIsland } from "./island";

export const ProductDetailsIsland = /* @__PURE__ */ defineIsland("product-details", ProductDetails);
// Below the fold: their code comes, and they are hydrated, as they come near the screen.
export const ProductReviewsIsland = /* @__PURE__ */ defineIsland(
  "product-reviews",
  deferredComponent(() => import("~/components/storefront/product/reviews/product-reviews").then((m) => m.ProductReviews)),
  { hydrate: "visible" },
);
export const ProductGridIsland = /* @__PURE__ */ defineIsland(
  "product-grid",
  deferredComponent(() => import("~/components/storefront/product-card").then((m) => m.ProductGrid)),
  { hydrate: "visible" },
);
