import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { contentPageSlugs } from "./content/pages";

/** The whole route map. Storefront pages share the header/footer layout. */
export default [
  layout("routes/storefront/layout.tsx", [
    index("routes/storefront/home.tsx"),
    route("collections/:category", "routes/storefront/collection.tsx"),
    route("product/:productId", "routes/storefront/product.tsx"),
    route("product/:productId/review", "routes/storefront/write-review.tsx"),
    route("checkout", "routes/storefront/checkout.tsx"),
    route("order-confirmation/:orderId", "routes/storefront/order-confirmation.tsx"),
    route("track-order", "routes/storefront/track-order.tsx"),
    route("wishlist", "routes/storefront/wishlist.tsx"),
    route("newsletter/confirm", "routes/storefront/newsletter-confirm.tsx"),
    ...contentPageSlugs.map((slug) => route(slug, "routes/storefront/content-page.tsx", { id: `page-${slug}` })),
    route("*", "routes/storefront/not-found.tsx"),
  ]),
  // Every admin page and action checks the admin role on the server (routes/admin/layout.tsx
  // for pages; each action calls requireAdmin itself).
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("products", "routes/admin/products.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("customers", "routes/admin/customers.tsx"),
    route("reviews", "routes/admin/reviews.tsx"),
    route("shipping", "routes/admin/shipping.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("diagnostic", "routes/admin/diagnostic.tsx"),
    route("newsletter", "routes/admin/newsletter.tsx"),
  ]),
  route("admin/orders/export.csv", "routes/admin/orders-export.ts"),
  route("admin/orders/:orderId/:document", "routes/admin/order-document.tsx"),
  route("admin/customers/export.csv", "routes/admin/customers-export.ts"),
  route("admin/newsletter/export.csv", "routes/admin/newsletter-export.ts"),
  route("auth", "routes/auth/auth.tsx"),
  route("auth/verified", "routes/auth/verified.tsx"),
  route("auth/reset-password", "routes/auth/reset-password.tsx"),
  route("auth/sign-out", "routes/auth/sign-out.ts"),
  route("auth-test", "routes/auth/auth-test.tsx"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("robots.txt", "routes/api/robots.ts"),
  route("api/health", "routes/api/health.ts"),
  route("api/products/:productId", "routes/api/product.ts"),
  route("api/products", "routes/api/products.ts"),
  route("api/products/:productId/reviews", "routes/api/product-reviews.ts"),
  route("api/products/:productId/my-review", "routes/api/my-review.ts"),
  route("api/search-suggestions", "routes/api/search-suggestions.ts"),
  route("api/shop-rates", "routes/api/shop-rates.ts"),
  route("api/newsletter", "routes/api/newsletter.ts"),
  route("api/wishlist", "routes/api/wishlist.ts"),
  route("api/webhooks/paystack", "routes/api/paystack-webhook.ts"),
] satisfies RouteConfig;
