import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, PageCache } from "./page-cache";

const policy = (hashes: string[]) => `script-src ${hashes.join(" ")}`;
const page = `<html><head><script type="application/ld+json">{"@type":"Product"}</script></head>
<body><script nonce="AAA">window.__ctx = 1;</script><script type="module" nonce="AAA">import "/assets/x.js";</script>
<script src="/assets/y.js"></script></body></html>`;
const html = () => new Response(page, { headers: { "content-type": "text/html; charset=utf-8" } });
const sha = (s: string) => `'sha256-${crypto.createHash("sha256").update(s).digest("base64")}'`;

describe("page cache", () => {
  it("hashes exactly the executable inline scripts", () => {
    expect(inlineScriptHashes(page)).toEqual([sha("window.__ctx = 1;"), sha('import "/assets/x.js";')]);
  });

  it("serves a cached page gzipped, under a policy listing its script hashes", async () => {
    const cache = new PageCache(policy);
    const request = new Request("http://shop/product/1", { headers: { "accept-encoding": "gzip, br" } });
    const key = cache.keyFor(request)!;
    expect(key).toBe("/product/1");
    const first = await cache.store(key, html());
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(await first.text()).toBe(page);

    const hit = cache.get(key, request)!;
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(hit.headers.get("content-encoding")).toBe("gzip");
    expect(hit.headers.get("content-security-policy")).toBe(`script-src ${sha("window.__ctx = 1;")} ${sha('import "/assets/x.js";')}`);
    expect(zlib.gunzipSync(Buffer.from(await hit.arrayBuffer())).toString()).toBe(page);

    const plain = cache.get(key, new Request("http://shop/product/1"))!;
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(page);
  });

  it("never caches signed-in visitors, mutations, the API or admin", () => {
    const cache = new PageCache(policy);
    // The cookies better-auth sets for the shop (auth.server.ts), over http and over https.
    for (const cookie of [
      "theme=x; ahenfie.session_token=abc.def",
      "__Secure-ahenfie.session_token=abc",
      "ahenfie.session_token=abc; cart=1",
    ]) {
      expect(cache.keyFor(new Request("http://shop/", { headers: { cookie } })), cookie).toBeNull();
    }
    // Someone else's cookie of a similar name does not make a visitor signed in.
    expect(cache.keyFor(new Request("http://shop/", { headers: { cookie: "xahenfie.session_token=1" } }))).toBe("/");
    expect(cache.keyFor(new Request("http://shop/", { method: "POST" }))).toBeNull();
    expect(cache.keyFor(new Request("http://shop/api/products?ids=1"))).toBeNull();
    expect(cache.keyFor(new Request("http://shop/admin/orders"))).toBeNull();
    expect(cache.keyFor(new Request("http://shop/order-confirmation/0b7e7f7c-0000-4000-8000-000000000000"))).toBeNull();
    expect(cache.keyFor(new Request("http://shop/track-order"))).toBeNull();
    expect(cache.keyFor(new Request("http://shop/collections/kaftans?sort=newest"))).toBe("/collections/kaftans?sort=newest");
  });

  it("does not store errors, not-found pages or responses that set cookies", async () => {
    const cache = new PageCache(policy);
    await cache.store("/a", new Response("nope", { status: 404, headers: { "content-type": "text/html" } }));
    await cache.store("/b", new Response("x", { headers: { "content-type": "text/html", "set-cookie": "a=b" } }));
    expect(cache.get("/a", new Request("http://shop/a"))).toBeNull();
    expect(cache.get("/b", new Request("http://shop/b"))).toBeNull();
  });

  it("forgets everything on clear", async () => {
    const cache = new PageCache(policy);
    await cache.store("/", html());
    cache.clear();
    expect(cache.get("/", new Request("http://shop/"))).toBeNull();
  });
});
