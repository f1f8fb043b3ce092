import { describe, expect, it } from "vitest";
import { pageAddress, signInUrl } from "./session.server";

const get = (path: string) => new Request(`http://shop.test${path}`);

describe("the way back after signing in", () => {
  it("is the page as its address bar showed it, also when a client navigation asked for its data", () => {
    expect(pageAddress(get("/account?tab=orders"))).toBe("/account?tab=orders");
    expect(pageAddress(get("/account.data?tab=orders&_routes=routes%2Faccount"))).toBe("/account?tab=orders");
    expect(pageAddress(get("/_root.data?_routes=root"))).toBe("/");
    expect(pageAddress(get("/admin/products?index&q=kente"))).toBe("/admin/products?q=kente");
  });

  it("sends the visitor to /auth with that page to return to", () => {
    expect(signInUrl(get("/track-order.data?_routes=routes%2Fstorefront%2Ftrack-order"))).toBe("/auth?redirectTo=%2Ftrack-order");
    expect(signInUrl(get("/wishlist?sort=new"))).toBe("/auth?redirectTo=%2Fwishlist%3Fsort%3Dnew");
    expect(signInUrl(get("/_root.data"))).toBe("/auth");
  });
});
