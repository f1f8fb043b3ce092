import { describe, expect, it } from "vitest";
import { PageCache } from "./page-cache";

const html = (nonce: string) =>
  new Response(`<html><script nonce="${nonce}">x</script></html>`, { headers: { "content-type": "text/html; charset=utf-8" } });

describe("page cache", () => {
  it("serves a cached page with a fresh nonce each time", async () => {
    const cache = new PageCache();
    const key = cache.keyFor(new Request("http://shop/product/1"))!;
    expect(key).toBe("/product/1");
    const first = await cache.store(key, html("AAA"), "AAA");
    expect(await first.text()).toContain('nonce="AAA"');
    const hit = cache.get(key, "BBB")!;
    expect(hit.headers.get("x-cache")).toBe("HIT");
    const body = await hit.text();
    expect(body).toContain('nonce="BBB"');
    expect(body).not.toContain("AAA");
  });

  it("never caches signed-in visitors, mutations, the API or admin", () => {
    const cache = new PageCache();
    expect(cache.keyFor(new Request("http://shop/", { headers: { cookie: "theme=x; better-auth.session_token=abc" } }))).toBeNull();
    expect(cache.keyFor(new Request("http://shop/", { method: "POST" }))).toBeNull();
    expect(cache.keyFor(new Request("http://shop/api/products?ids=1"))).toBeNull();
    expect(cache.keyFor(new Request("http://shop/admin/orders"))).toBeNull();
    expect(cache.keyFor(new Request("http://shop/collections/kaftans?sort=newest"))).toBe("/collections/kaftans?sort=newest");
  });

  it("does not store errors, not-found pages or responses that set cookies", async () => {
    const cache = new PageCache();
    await cache.store("/a", new Response("nope", { status: 404, headers: { "content-type": "text/html" } }), "N");
    await cache.store("/b", new Response("x", { headers: { "content-type": "text/html", "set-cookie": "a=b" } }), "N");
    expect(cache.get("/a", "M")).toBeNull();
    expect(cache.get("/b", "M")).toBeNull();
  });

  it("forgets everything on clear", async () => {
    const cache = new PageCache();
    await cache.store("/", html("N"), "N");
    cache.clear();
    expect(cache.get("/", "M")).toBeNull();
  });
});
