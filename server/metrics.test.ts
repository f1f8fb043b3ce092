import { describe, expect, it } from "vitest";
import { bearerMatches, routeKindOf, statusClassOf } from "./metrics";

describe("/metrics helpers", () => {
  it("names a path's route kind by its shape, from a fixed list", () => {
    const kinds = {
      "/": "storefront-page",
      "/collections/kaftans": "storefront-page",
      "/collections/kaftans.data": "storefront-page",
      "/product/royal-kente-kaftan": "storefront-page",
      "/admin": "admin-page",
      "/admin/orders.data": "admin-page",
      "/api/viewer": "api",
      "/api/webhooks/paystack": "webhook",
      "/assets/entry-Bx1.js": "asset",
      "/favicon.ico": "asset",
      "/images/products/kente-480.webp": "image",
      "/uploads/products/abc-960.webp": "image",
      "/robots.txt": "other",
      "/sitemap.xml": "other",
      "/wp-login.php": "other",
    };
    for (const [path, kind] of Object.entries(kinds)) expect(routeKindOf(path), path).toBe(kind);
  });

  it("groups statuses by class", () => {
    expect([200, 304, 404, 503, 999].map(statusClassOf)).toEqual(["2xx", "3xx", "4xx", "5xx", "other"]);
  });

  it("accepts only the exact bearer token", () => {
    const token = "metrics-token-0123456789abcdef";
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
    for (const wrong of [undefined, "", "Bearer ", `Bearer ${token}x`, `Basic ${token}`, token, `Bearer ${token.slice(1)}`]) {
      expect(bearerMatches(wrong, token), String(wrong)).toBe(false);
    }
  });
});
