import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { contentPageSlugs } from "./content/pages";

/** The whole route map. Storefront pages share the header/footer layout. */
export default [
  layout("routes/storefront/layout.tsx", [
    index("routes/storefront/home.tsx"),
    route("collections/:category", "routes/storefront/collection.tsx"),
    route("product/:productId", "routes/storefront/product.tsx"),
    route("checkout", "routes/storefront/checkout.tsx"),
    route("order-confirmation/:orderId", "routes/storefront/order-confirmation.tsx"),
    route("track-order", "routes/storefront/track-order.tsx"),
    route("wishlist", "routes/storefront/wishlist.tsx"),
    ...contentPageSlugs.map((slug) => route(slug, "routes/storefront/content-page.tsx", { id: `page-${slug}` })),
    route("*", "routes/storefront/not-found.tsx"),
  ]),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("robots.txt", "routes/api/robots.ts"),
  route("api/health", "routes/api/health.ts"),
  route("api/products/:productId", "routes/api/product.ts"),
  route("api/products", "routes/api/products.ts"),
  route("api/newsletter", "routes/api/newsletter.ts"),
] satisfies RouteConfig;
