import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/cache-control";
import { withWholeBody } from "~/lib/whole-body";
import { ConstantText } from "./gzip-pieces";
import { inlineScriptHashes, NOT_FOUND_KEY, PageCache, sharedRequest } from "./page-cache";

const policy = (hashes: string[]) => `script-src ${hashes.join(" ")}`;
const page = `<html><head><script type="application/ld+json">{"@type":"Product"}</script></head>
<body><script nonce="AAA">window.__ctx = 1;</script><script type="module" nonce="AAA">import "/assets/x.js";</script>
<script src="/assets/y.js"></script></body></html>`;
/** A storefront page as a public route sends it (app/lib/cache-control.ts). */
const html = (cacheControl: string | null = PUBLIC_PAGE_CACHE_CONTROL, extra: Record<string, string> = {}) =>
  new Response(page, {
    headers: { "content-type": "text/html; charset=utf-8", ...(cacheControl ? { "cache-control": cacheControl } : {}), ...extra },
  });
const sha = (s: string) => `'sha256-${crypto.createHash("sha256").update(s).digest("base64")}'`;

describe("page cache", () => {
  it("hashes exactly the executable inline scripts", () => {
    expect(inlineScriptHashes(Buffer.from(page))).toEqual([sha("window.__ctx = 1;"), sha('import "/assets/x.js";')]);
    // Hashed as the bytes sent: UTF-8, whatever the characters.
    const priced = `<body><script>window.__price = "₵1,250 — Ɔdɔ";</script></body>`;
    expect(inlineScriptHashes(Buffer.from(priced))).toEqual([sha('window.__price = "₵1,250 — Ɔdɔ";')]);
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

  it("keeps a page rendered whole as the very bytes it was handed, with its scripts' hashes", async () => {
    const cache = new PageCache(policy);
    const request = new Request("http://shop/product/2", { headers: { "accept-encoding": "gzip" } });
    const body = Buffer.from(page);
    const rendered = withWholeBody(html(), body);
    // Its stream is never read for the cache (here it is gone already): the bytes handed over are kept.
    await rendered.arrayBuffer();
    const first = await cache.store("/product/2", rendered, { request });
    expect(zlib.gunzipSync(Buffer.from(await first.arrayBuffer())).toString()).toBe(page);
    expect(first.headers.get("content-security-policy")).toBe(`script-src ${sha("window.__ctx = 1;")} ${sha('import "/assets/x.js";')}`);
    expect(zlib.gunzipSync(Buffer.from(await cache.get("/product/2", request)!.arrayBuffer())).toString()).toBe(page);
  });

  it("prepares a page once before keeping it and sends the first visitor the kept, gzipped copy", async () => {
    const cache = new PageCache(policy);
    const request = new Request("http://shop/collections/all", { headers: { "accept-encoding": "gzip" } });
    let prepared = 0;
    const style = new ConstantText("<style>body{}</style>");
    const prepareHtml = (bytes: Buffer) => {
      prepared++;
      const at = bytes.indexOf("<head>") + "<head>".length;
      return [bytes.subarray(0, at), style, bytes.subarray(at)];
    };
    const first = await cache.store("/collections/all", html(), { request, prepareHtml });
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(first.headers.get("content-encoding")).toBe("gzip");
    const firstText = zlib.gunzipSync(Buffer.from(await first.arrayBuffer())).toString();
    expect(firstText).toContain("<head><style>body{}</style>");
    const hit = cache.get("/collections/all", new Request("http://shop/collections/all"))!;
    expect(await hit.text()).toBe(firstText);
    expect(prepared).toBe(1);
  });

  it("gzips a page fast when it is rendered and at the best level once it is asked for again", async () => {
    const cache = new PageCache(policy);
    const request = new Request("http://shop/collections/all", { headers: { "accept-encoding": "gzip" } });
    const long = page.replace(
      "<body>",
      `<body>${Array.from({ length: 400 }, (_, i) => `<p>${["Kente", "kaftan", "agbada", "ankara", "Royal Gold", "Emerald"][(i * i) % 6]} ${(i * 7919) % 1000}</p>`).join("")}`,
    );
    const response = new Response(long, { headers: { "content-type": "text/html", "cache-control": PUBLIC_PAGE_CACHE_CONTROL } });
    const first = Buffer.from(await (await cache.store("/collections/all", response, { request })).arrayBuffer());
    const second = Buffer.from(await cache.get("/collections/all", request)!.arrayBuffer());
    expect(second.equals(first)).toBe(true);
    await vi.waitFor(async () => {
      const later = Buffer.from(await cache.get("/collections/all", request)!.arrayBuffer());
      expect(later.length).toBeLessThan(first.length);
      expect(zlib.gunzipSync(later).toString()).toBe(long);
    });
  });

  it("compresses a search at the best level only once it has been served from the cache four times", async () => {
    const cache = new PageCache(policy);
    const key = "/collections/all?q=kente";
    const request = new Request(`http://shop${key}`, { headers: { "accept-encoding": "gzip" } });
    const long = page.replace(
      "<body>",
      `<body>${Array.from({ length: 400 }, (_, i) => `<p>${["Kente", "kaftan", "agbada", "ankara", "Royal Gold", "Emerald"][(i * i) % 6]} ${(i * 7919) % 1000}</p>`).join("")}`,
    );
    const render = () =>
      cache.store(key, new Response(long, { headers: { "content-type": "text/html", "cache-control": PUBLIC_PAGE_CACHE_CONTROL } }), {
        request,
      });
    // Asked twice: kept from the second asking, compressed fast.
    await cache.renderOnce(key, request, render);
    const fast = Buffer.from(await (await cache.renderOnce(key, request, render)).arrayBuffer());
    const served = async () => Buffer.from(await cache.get(key, request)!.arrayBuffer());
    for (let hit = 1; hit <= 3; hit++) {
      expect((await served()).equals(fast), `hit ${hit}`).toBe(true);
      // Time enough for a recompression off the event loop to have come back, had one begun.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await served()).equals(fast)).toBe(true);
    await vi.waitFor(async () => {
      const later = await served();
      expect(later.length).toBeLessThan(fast.length);
      expect(zlib.gunzipSync(later).toString()).toBe(long);
    });
  });

  it("compresses only a kept page's own text again: its stylesheet stays as it was compressed once for all pages", async () => {
    const cache = new PageCache(policy);
    const request = new Request("http://shop/collections/all", { headers: { "accept-encoding": "gzip" } });
    const rules = Array.from({ length: 300 }, (_, i) => `.k${i}{color:#${((i * 7919) % 4096).toString(16).padStart(3, "0")}}`).join("");
    const style = new ConstantText(`<style>${rules}</style>`);
    const words = ["Kente", "kaftan", "agbada", "₵1,250", "Royal Gold", "Emerald", "ankara", "Osu", "smock", "Adinkra", "linen"];
    const own = Array.from(
      { length: 600 },
      (_, i) => `<p class="w${i % 7}">${words[(i * i) % 11]} ${words[(i * 7) % 11]} ${(i * 7919) % 100_000}</p>`,
    ).join("");
    const long = page.replace("<body>", `<body>${own}`);
    const prepareHtml = (bytes: Buffer) => {
      const at = bytes.indexOf("<head>") + "<head>".length;
      return [bytes.subarray(0, at), style, bytes.subarray(at)];
    };
    const response = new Response(long, { headers: { "content-type": "text/html", "cache-control": PUBLIC_PAGE_CACHE_CONTROL } });
    const first = Buffer.from(await (await cache.store("/collections/all", response, { request, prepareHtml })).arrayBuffer());
    const whole = long.replace("<head>", `<head><style>${rules}</style>`);
    expect(zlib.gunzipSync(first).toString()).toBe(whole);
    cache.get("/collections/all", request);
    await vi.waitFor(async () => {
      const later = Buffer.from(await cache.get("/collections/all", request)!.arrayBuffer());
      expect(later.length).toBeLessThan(first.length);
      expect(zlib.gunzipSync(later).toString()).toBe(whole);
      expect(later.indexOf(style.deflated)).toBeGreaterThan(0);
    });
  });

  it("serves signed-in visitors the shared page, but never mutations, the API, admin or anyone's own pages", () => {
    const cache = new PageCache(policy);
    // The cookies better-auth sets for the shop (auth.server.ts), over http and over https: the
    // page is the same for everyone (rendered without cookies, see sharedRequest).
    for (const cookie of [
      "theme=x; ahenfie.session_token=abc.def",
      "__Secure-ahenfie.session_token=abc",
      "ahenfie.session_token=abc; cart=1",
    ]) {
      expect(cache.keyFor(new Request("http://shop/", { headers: { cookie } })), cookie).toBe("/");
    }
    expect(cache.keyFor(new Request("http://shop/product/3/review"))).toBeNull();
    expect(cache.keyFor(new Request("http://shop/account/orders"))).toBeNull();
    expect(cache.keyFor(new Request("http://shop/api/viewer"))).toBeNull();
    expect(cache.keyFor(new Request("http://shop/", { method: "POST" }))).toBeNull();
    expect(cache.keyFor(new Request("http://shop/api/products?ids=1"))).toBeNull();
    expect(cache.keyFor(new Request("http://shop/admin/orders"))).toBeNull();
    expect(cache.keyFor(new Request("http://shop/order-confirmation/0b7e7f7c-0000-4000-8000-000000000000"))).toBeNull();
    expect(cache.keyFor(new Request("http://shop/track-order"))).toBeNull();
    expect(cache.keyFor(new Request("http://shop/collections/kaftans?sort=newest"))).toBe("/collections/kaftans?sort=newest");
  });

  it("ignores cookies other than the session and query parameters the page does not read", () => {
    const cache = new PageCache(policy);
    const key = (url: string, cookie?: string) => cache.keyFor(new Request(`http://shop${url}`, cookie ? { headers: { cookie } } : {}));
    // Another cookie under the shop's prefix, or an empty session cookie, signs nobody in.
    expect(key("/", "ahenfie.anything=1")).toBe("/");
    expect(key("/", "ahenfie.session_data=1; ahenfie.dont_remember=1")).toBe("/");
    expect(key("/", "ahenfie.session_token=")).toBe("/");
    // Cache busters and tracking tags share the page's one entry.
    expect(key("/product/1?x=123&utm_source=mail")).toBe("/product/1");
    expect(key("/about?nocache=1")).toBe("/about");
    expect(key("/?category=suits&junk=1&page=1")).toBe("/?category=suits");
    expect(key("/?category=nonsense&page=2")).toBe("/?page=2");
    // A collection's filters are read as the page reads them: written one way, in one order.
    expect(key("/collections/kaftans?sort=featured&q=%20linen%20&bogus=1")).toBe("/collections/kaftans?q=linen");
    expect(key("/collections/kaftans?page=2&sort=newest")).toBe(key("/collections/kaftans?sort=newest&page=2"));
    expect(key("/collections/kaftans?sort=not-a-sort&page=abc")).toBe("/collections/kaftans");
    // A search the page refuses (400) is never a cache entry, and asking for one does not fail.
    expect(key("/collections/kaftans?q=kente%00")).toBeNull();
    expect(key(`/collections/kaftans?q=${"k".repeat(101)}`)).toBeNull();
    // The collection's filters ask its products from /api/collections/…: the same query, read the same way.
    expect(key("/api/collections/kaftans?sort=featured&q=%20linen%20&bogus=1")).toBe("/api/collections/kaftans?q=linen");
    expect(key("/api/collections/kaftans?page=2&sort=newest")).toBe(key("/api/collections/kaftans?sort=newest&page=2"));
    expect(key("/api/collections/kaftans?q=kente%00")).toBeNull();
    // Every storefront page asks the shipping zones and exchange rates once; no other API answer is kept.
    expect(key("/api/shop-rates?x=1")).toBe("/api/shop-rates");
    expect(key("/API/Shop-Rates")).toBe("/API/Shop-Rates");
    for (const personal of ["/api/viewer", "/api/shop-rates/x", "/api/wishlist", "/api/collections/kaftans/x"])
      expect(key(personal)).toBeNull();
    // A client navigation keeps the routes it asked for, sorted; nothing else.
    expect(key("/product/1.data?_routes=routes/storefront/product,root&v=9")).toBe(
      "/product/1.data?_routes=root%2Croutes%2Fstorefront%2Fproduct",
    );
  });

  it("does not store errors, not-found pages or responses that set cookies", async () => {
    const cache = new PageCache(policy);
    await cache.store("/a", new Response("nope", { status: 404, headers: { "content-type": "text/html" } }));
    await cache.store("/b", new Response("x", { headers: { "content-type": "text/html", "set-cookie": "a=b" } }));
    expect(cache.get("/a", new Request("http://shop/a"))).toBeNull();
    expect(cache.get("/b", new Request("http://shop/b"))).toBeNull();
  });

  it("keeps one 404 page for every made-up path, and none for a path a route judged not found", async () => {
    const cache = new PageCache(policy);
    const catchAllOnly = (pathname: string) => pathname.startsWith("/made-up");
    const notFound = () =>
      new Response("<h1>Oops! Page not found</h1>", {
        status: 404,
        headers: { "content-type": "text/html", "cache-control": PUBLIC_PAGE_CACHE_CONTROL },
      });
    const first = cache.keyFor(new Request("http://shop/made-up/one?utm_source=x"), { catchAllOnly });
    expect(first).toBe(NOT_FOUND_KEY);
    expect(cache.keyFor(new Request("http://shop/made-up-two"), { catchAllOnly })).toBe(first);
    // The personal paths' lock comes first, whatever the route table says.
    expect(cache.keyFor(new Request("http://shop/admin/x"), { catchAllOnly: () => true })).toBeNull();

    const sent = await cache.store(NOT_FOUND_KEY, notFound());
    expect(sent.status).toBe(404);
    const hit = cache.get(NOT_FOUND_KEY, new Request("http://shop/made-up-two"));
    expect(hit?.status).toBe(404);
    expect(hit?.headers.get("x-cache")).toBe("HIT");
    expect(await hit?.text()).toContain("Oops! Page not found");

    // A 404 under a page's own path (an unknown product) is rendered each time, never kept.
    await cache.store("/product/999999", notFound());
    expect(cache.get("/product/999999", new Request("http://shop/product/999999"))).toBeNull();
  });

  it("forgets everything on clear", async () => {
    const cache = new PageCache(policy);
    await cache.store("/", html());
    cache.clear();
    expect(cache.get("/", new Request("http://shop/"))).toBeNull();
  });

  it("stores only what the route declares public with an s-maxage", async () => {
    const cache = new PageCache(policy);
    const request = new Request("http://shop/x");
    for (const cacheControl of [
      null,
      "private, no-store",
      "no-store",
      "public, max-age=60",
      "public, s-maxage=0",
      "public, s-maxage=10, no-cache",
      "private, s-maxage=10",
      "s-maxage=10",
    ]) {
      const sent = await cache.store("/x", html(cacheControl));
      expect(sent.headers.get("x-cache"), String(cacheControl)).toBeNull();
      expect(await sent.text()).toBe(page);
      expect(cache.get("/x", request), String(cacheControl)).toBeNull();
    }
    // The same page, declared public: stored and served.
    await cache.store("/x", html("Public, Max-Age=0, S-MaxAge=10"));
    expect(cache.get("/x", request)?.headers.get("x-cache")).toBe("HIT");
  });

  it("stores a public data payload of a client navigation, but not one that sets a cookie", async () => {
    const cache = new PageCache(policy);
    const data = (extra: Record<string, string> = {}) =>
      new Response("[{}]", { headers: { "content-type": "text/x-script", "cache-control": PUBLIC_PAGE_CACHE_CONTROL, ...extra } });
    await cache.store("/product/1.data", data());
    expect(await cache.get("/product/1.data", new Request("http://shop/product/1.data"))?.text()).toBe("[{}]");
    await cache.store("/product/2.data", data({ "set-cookie": "a=b" }));
    await cache.store("/product/3", html(PUBLIC_PAGE_CACHE_CONTROL, { "set-cookie": "theme=dark" }));
    expect(cache.get("/product/2.data", new Request("http://shop/product/2.data"))).toBeNull();
    expect(cache.get("/product/3", new Request("http://shop/product/3"))).toBeNull();
  });

  it("stores a public JSON answer (a collection's products, the shop's rates), not a private one", async () => {
    const cache = new PageCache(policy);
    const json = (cacheControl: string) =>
      new Response('{"currency":"GHS"}', { headers: { "content-type": "application/json", "cache-control": cacheControl } });
    await cache.store("/api/shop-rates", json("public, max-age=60, s-maxage=60"));
    const hit = cache.get("/api/shop-rates", new Request("http://shop/api/shop-rates", { headers: { "accept-encoding": "gzip" } }));
    expect(hit?.headers.get("x-cache")).toBe("HIT");
    expect(hit?.headers.get("content-type")).toBe("application/json");
    expect(await cache.get("/api/shop-rates", new Request("http://shop/api/shop-rates"))?.json()).toEqual({ currency: "GHS" });
    await cache.store("/api/collections/kaftans", json("private, no-store"));
    expect(cache.get("/api/collections/kaftans", new Request("http://shop/api/collections/kaftans"))).toBeNull();
  });

  it("keeps a page for its s-maxage, at most the cap", async () => {
    const request = new Request("http://shop/");
    const until = async (gone: () => boolean) => {
      const started = Date.now();
      while (!gone() && Date.now() - started < 5_000) await new Promise((resolve) => setTimeout(resolve, 50));
      return Date.now() - started;
    };
    const cache = new PageCache(policy);
    await cache.store("/short", html("public, max-age=0, s-maxage=1"));
    await cache.store("/ten", html());
    expect(cache.get("/short", request)).not.toBeNull();
    const kept = await until(() => cache.get("/short", request) === null);
    expect(kept).toBeGreaterThanOrEqual(900);
    expect(kept).toBeLessThan(3_000);
    expect(cache.get("/ten", request)?.headers.get("x-cache")).toBe("HIT");

    const capped = new PageCache(policy, 1_000);
    await capped.store("/day", html("public, s-maxage=86400"));
    expect(await until(() => capped.get("/day", request) === null)).toBeLessThan(3_000);
  });

  it("serves a stale kept page while a busy server renders it again, once, first in line; a quiet server renders it for the visitor", async () => {
    const request = new Request("http://shop/product/1", { headers: { "accept-encoding": "gzip" } });
    const cache = new PageCache(policy);
    let busy = true;
    let finishRender = () => {};
    const refreshes: string[] = [];
    cache.staleRefresh = {
      busy: () => busy,
      refresh: (key, path) => {
        refreshes.push(path);
        void cache.refresh(key, new Request(`http://shop${path}`), async () => {
          await new Promise<void>((resolve) => (finishRender = resolve));
          return new Response("<p>Ɔdɔ kaftan, 2 left</p>", {
            headers: { "content-type": "text/html", "cache-control": "public, s-maxage=1" },
          });
        });
      },
    };
    await cache.store("/product/1", html("public, max-age=0, s-maxage=1"), { request });
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    // Stale and the server busy: the last copy, while one render brings a new one.
    const stale = cache.get("/product/1", request)!;
    expect(zlib.gunzipSync(Buffer.from(await stale.arrayBuffer())).toString()).toBe(page);
    expect(cache.get("/product/1", request)).not.toBeNull();
    expect(refreshes).toEqual(["/product/1"]);
    finishRender();
    await vi.waitFor(() => expect(zlib.gunzipSync(cache.keptPage("/product/1")!.gzipped).toString()).toBe("<p>Ɔdɔ kaftan, 2 left</p>"));

    // Stale on a quiet server: nothing served from the cache; the visitor's request renders it.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    busy = false;
    expect(cache.get("/product/1", request)).toBeNull();
    expect(refreshes).toHaveLength(1);
    // While the database is away, any kept copy beats "back in a moment".
    expect(cache.get("/product/1", request, { anyAge: true })?.headers.get("x-cache")).toBe("HIT");
  });

  it("never looks up someone's own pages, whatever the spelling of their path", () => {
    const cache = new PageCache(policy);
    for (const path of [
      "/ORDER-CONFIRMATION/0b7e7f7c-0000-4000-8000-000000000000",
      "/Order-Confirmation/x",
      "/%6Frder-confirmation/x",
      "//order-confirmation/x",
      "/Track-Order",
      "/CHECKOUT",
      "/Admin/orders",
      "/API/products",
    ]) {
      expect(cache.keyFor(new Request(`http://shop${path}`)), path).toBeNull();
    }
  });

  it("renders a shared page from the request without any cookie, so no loader can read a session", () => {
    const signedIn = new Request("http://shop/product/1?x=1", {
      headers: { cookie: "ahenfie.session_token=abc; theme=x", accept: "text/html" },
    });
    const shared = sharedRequest(signedIn);
    expect(shared.headers.get("cookie")).toBeNull();
    expect(shared.headers.get("accept")).toBe("text/html");
    expect(shared.url).toBe("http://shop/product/1?x=1");
    const guest = new Request("http://shop/");
    expect(sharedRequest(guest)).toBe(guest);
  });

  it("keeps searches apart in 4 MB: however many are asked twice, the shop's own pages stay kept", async () => {
    const cache = new PageCache(policy);
    const ask = (key: string, body = page) =>
      cache.renderOnce(key, new Request(`http://shop${key}`), () =>
        cache.store(key, new Response(body, { headers: { "content-type": "text/html", "cache-control": PUBLIC_PAGE_CACHE_CONTROL } })),
      );
    await ask("/product/1");
    // 1,200 searches, each asked twice, of some 15 KB gzipped each: 18 MB, more than the whole cache once held.
    const searches = Array.from({ length: 1_200 }, (_, i) => `/collections/all?q=kente${i}`);
    for (const key of searches) {
      const body = page.replace("<body>", `<body><p>${crypto.randomBytes(15_000).toString("base64")}</p>`);
      await ask(key, body);
      await ask(key, body);
    }
    expect(cache.get("/product/1", new Request("http://shop/product/1"))?.headers.get("x-cache")).toBe("HIT");
    const kept = searches.filter((key) => cache.get(key, new Request(`http://shop${key}`)) !== null);
    // 4 MB of them, the latest: some 270.
    expect(kept.length).toBeGreaterThan(200);
    expect(kept.length).toBeLessThan(300);
    expect(kept.at(-1)).toBe(searches.at(-1));
  });

  it("renders a page once however many ask for it at the same moment", async () => {
    const cache = new PageCache(policy);
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return cache.store("/collections/all?q=kente", html());
    };
    const request = () => new Request("http://shop/collections/all?q=kente");
    const answers = await Promise.all(Array.from({ length: 25 }, () => cache.renderOnce("/collections/all?q=kente", request(), render)));
    expect(renders).toBe(1);
    expect(await Promise.all(answers.map((a) => a.text()))).toEqual(Array(25).fill(page));
    expect(answers.filter((a) => a.headers.get("x-cache") === "HIT")).toHaveLength(24);
  });

  it("keeps a page with a query only from its second asking: a flood of searches nobody repeats leaves the cache as it was", async () => {
    const cache = new PageCache(policy);
    const ask = (key: string) => cache.renderOnce(key, new Request(`http://shop${key}`), () => cache.store(key, html()));
    await ask("/product/1");
    expect(cache.get("/product/1", new Request("http://shop/product/1"))?.headers.get("x-cache")).toBe("HIT");
    for (let i = 0; i < 50; i++) {
      const first = await ask(`/collections/all?q=kente${i}`);
      // The visitor is served the page, compressed like a kept one, but it is not kept.
      expect(first.headers.get("x-cache")).toBe("MISS");
      expect(await first.text()).toBe(page);
      expect(cache.get(`/collections/all?q=kente${i}`, new Request("http://shop/"))).toBeNull();
    }
    expect(cache.get("/product/1", new Request("http://shop/product/1"))?.headers.get("x-cache")).toBe("HIT");
    // Asked for again, a search is kept.
    expect((await ask("/collections/all?q=kente7")).headers.get("x-cache")).toBe("MISS");
    expect((await ask("/collections/all?q=kente7")).headers.get("x-cache")).toBe("HIT");
    // So is a collection the shop does not have: anyone can make up endlessly many.
    for (const made of [
      "/collections/zzz-1",
      "/collections/ZZZ-2.data?_routes=routes%2Fstorefront%2Fcollection",
      "/api/collections/zzz-3",
    ]) {
      expect((await ask(made)).headers.get("x-cache"), made).toBe("MISS");
      expect(cache.get(made, new Request("http://shop/")), made).toBeNull();
    }
    await ask("/collections/kaftans");
    expect(cache.get("/collections/kaftans", new Request("http://shop/"))?.headers.get("x-cache")).toBe("HIT");
    await ask("/collections/all");
    expect(cache.get("/collections/all", new Request("http://shop/"))?.headers.get("x-cache")).toBe("HIT");
    // A client navigation's data, whose only parameter names its routes, is kept at once.
    await ask("/product/2.data?_routes=root%2Croutes%2Fstorefront%2Fproduct");
    expect(cache.get("/product/2.data?_routes=root%2Croutes%2Fstorefront%2Fproduct", new Request("http://shop/"))).not.toBeNull();
  });

  it("lets each waiter render its own page when the shared render could not be stored", async () => {
    const cache = new PageCache(policy);
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return cache.store("/x", html("private, no-store"));
    };
    await Promise.all(Array.from({ length: 3 }, () => cache.renderOnce("/x", new Request("http://shop/x"), render)));
    expect(renders).toBe(3);
  });

  it("serves a public page rendered without cookies to everyone, signed in or not", async () => {
    const cache = new PageCache(policy);
    const seen: (string | null)[] = [];
    const render = async (request: Request) => (seen.push(request.headers.get("cookie")), html());
    const signedIn = new Request("http://shop/product/1", { headers: { cookie: "ahenfie.session_token=abc" } });
    expect(await (await cache.serve("/product/1", signedIn, render)).text()).toBe(page);
    const guest = await cache.serve("/product/1", new Request("http://shop/product/1"), render);
    expect(guest.headers.get("x-cache")).toBe("HIT");
    expect(seen).toEqual([null]);
  });

  it("renders a page that turns out private again for the visitor, with their cookies, and keeps neither", async () => {
    const cache = new PageCache(policy);
    const render = async (request: Request, { shared }: { shared: boolean }) => {
      const who = request.headers.get("cookie") ? "Signed in as ama@example.com" : "Sign in";
      return new Response(`<html><body>${who} ${shared ? "(shared)" : "(personal)"}</body></html>`, {
        headers: { "content-type": "text/html", "cache-control": "private, no-store" },
      });
    };
    const signedIn = new Request("http://shop/wishlist", { headers: { cookie: "ahenfie.session_token=abc" } });
    expect(await (await cache.serve("/wishlist", signedIn, render)).text()).toContain("Signed in as ama@example.com (personal)");
    // A guest gets the page rendered once, as anyone; nothing of the shopper's was kept.
    expect(await (await cache.serve("/wishlist", new Request("http://shop/wishlist"), render)).text()).toContain("Sign in (shared)");
    expect(cache.get("/wishlist", new Request("http://shop/wishlist"))).toBeNull();
  });
});
