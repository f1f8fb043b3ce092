import { expect, test, type APIRequestContext } from "@playwright/test";

/**
 * The page cache stores what a route declares public (its headers), for documents and for the
 * `.data` payloads of client navigations alike, and nothing else, whatever the path's spelling.
 */

const PUBLIC = /^public, max-age=0, s-maxage=\d+$/;

/** Asks until the answer comes from the page cache (another spec's order may have just cleared it). */
async function expectCached(request: APIRequestContext, path: string) {
  await expect
    .poll(async () => {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toMatch(PUBLIC);
      return response.headers()["x-cache"];
    })
    .toBe("HIT");
}

async function expectNeverCached(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < 3; i++) {
    const response = await request.get(path, { headers });
    expect(response.headers()["x-cache"], path).toBeUndefined();
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
  }
}

test.describe("pages a route declares public", () => {
  for (const path of ["/", "/collections/kaftans", "/product/1", "/about", "/wishlist"]) {
    test(`${path} is kept and served from the page cache`, async ({ request }) => {
      await expectCached(request, path);
    });
  }

  test("the data of a client navigation carries the route's headers and is cached the same way", async ({ request }) => {
    // What React Router's client navigation asks for (storefront pages are islands and load whole
    // now, decision 021, but the data path answers anyone who asks, and must not cost a render each).
    const data = await request.get("/collections/kaftans.data");
    expect(data.status()).toBe(200);
    expect(data.headers()["content-type"]).toContain("text/x-script");
    expect(data.headers()["cache-control"]).toMatch(PUBLIC);
    expect(await data.text()).toContain("Kaftans");
    await expectCached(request, "/collections/kaftans.data");
  });

  test("a visitor with a session cookie is served the same cached page, and unknown cookies change nothing", async ({ request }) => {
    await expectCached(request, "/product/1");
    for (const cookie of ["ahenfie.session_token=not-a-real-session", "utm=1; theme=dark"]) {
      const response = await request.get("/product/1?utm_source=mail", { headers: { cookie } });
      expect(response.headers()["x-cache"], cookie).toBe("HIT");
      expect(response.headers()["cache-control"]).toMatch(PUBLIC);
    }
  });

  test("who is signed in is asked separately and never stored", async ({ request }) => {
    await expectNeverCached(request, "/api/viewer");
    expect(await (await request.get("/api/viewer")).json()).toEqual({ viewer: null });
  });
});

test.describe("a kept page sent by Node's http layer (server/cached-page-listener.ts)", () => {
  /** Headers that differ between any two answers. */
  const perAnswer = new Set(["date", "x-request-id", "keep-alive", "connection"]);
  const comparable = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !perAnswer.has(name)));
  // A URL over 512 characters is never looked up by the fast path, yet its key is the same page
  // ("utm_source" is no parameter of the page): the framework's path serves the same kept page.
  const throughTheFramework = (path: string) => `${path}?utm_source=${"newsletter".repeat(60)}`;

  for (const path of ["/", "/collections/kaftans", "/product/1"]) {
    for (const proto of ["http", "https"]) {
      test(`${path} over ${proto}: the same status, headers and bytes as the framework's path gives a hit`, async ({ request }) => {
        await expectCached(request, path);
        const headers = { "x-forwarded-proto": proto, "accept-encoding": "gzip" };
        const fast = await request.get(path, { headers });
        const framework = await request.get(throughTheFramework(path), { headers });
        expect(fast.headers()["x-cache"]).toBe("HIT");
        expect(framework.headers()["x-cache"]).toBe("HIT");
        expect(fast.status()).toBe(framework.status());
        expect(comparable(fast.headers())).toEqual(comparable(framework.headers()));
        expect(fast.headers()["content-encoding"]).toBe("gzip");
        expect(fast.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
        expect(fast.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
        expect(fast.headers()["content-security-policy"]?.includes("upgrade-insecure-requests")).toBe(proto === "https");
        expect(await fast.text()).toBe(await framework.text());
      });
    }
  }

  test("once the made-up paths' 404 page is kept, the build's scripts and public files are still served as files", async ({ request }) => {
    const home = await (await request.get("/")).text();
    const script = /<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"|<link[^>]*rel="modulepreload"[^>]*href="(\/assets\/[^"]+\.js)"/.exec(home);
    const asset = script?.[1] ?? script?.[2];
    expect(asset, "the home page loads a script").toBeTruthy();
    await expect.poll(async () => (await request.get(`/no-such-page-${Date.now()}`)).headers()["x-cache"]).toBe("HIT");
    const file = await request.get(asset!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toContain("javascript");
    expect(file.headers()["x-cache"]).toBeUndefined();
    expect((await request.get("/favicon.svg")).status()).toBe(200);
    // The icon the pages link is a bitmap: an SVG icon was a document the page's main thread built as it loaded.
    const iconHref = /<link[^>]*rel="icon"[^>]*>/.exec(home)?.[0].match(/href="([^"]+)"/)?.[1];
    expect(iconHref).toBe("/favicon.png");
    const icon = await request.get(iconHref!);
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toBe("image/png");
  });

  test("keeps the request id a proxy gave, and a browser that takes no gzip is sent the page inflated", async ({ request }) => {
    await expectCached(request, "/about");
    const traced = await request.get("/about", { headers: { "x-request-id": "edge-7f3a" } });
    expect(traced.headers()["x-cache"]).toBe("HIT");
    expect(traced.headers()["x-request-id"]).toBe("edge-7f3a");
    const plain = await request.get("/about", { headers: { "accept-encoding": "identity" } });
    expect(plain.headers()["x-cache"]).toBe("HIT");
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    expect(await plain.text()).toContain("</html>");
  });
});

test.describe("pages that are someone's own", () => {
  const order = "0b7e7f7c-0000-4000-8000-000000000000";
  for (const path of [
    "/checkout",
    "/track-order",
    `/order-confirmation/${order}`,
    `/ORDER-CONFIRMATION/${order}`,
    `/Order-Confirmation/${order}`,
    "/Checkout",
    "/auth",
  ]) {
    test(`${path} is never stored`, async ({ request }) => {
      await expectNeverCached(request, path);
    });
  }

  test("a product that does not exist is answered 404 and never stored", async ({ request }) => {
    for (let i = 0; i < 3; i++) {
      const response = await request.get("/product/999999");
      expect(response.status()).toBe(404);
      expect(response.headers()["x-cache"]).toBeUndefined();
    }
  });
});

test.describe("made-up paths", () => {
  test("share one 404 page, rendered once and served from the cache to every other made-up path", async ({ request, page }) => {
    const paths = Array.from({ length: 4 }, (_, i) => `/no-such-page-${Date.now()}-${i}`).concat("/wp-login.php", "/.env");
    await expect
      .poll(async () => {
        const response = await request.get(paths[0]!);
        expect(response.status()).toBe(404);
        return response.headers()["x-cache"];
      })
      .toBe("HIT");
    for (const path of paths.slice(1)) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()["x-cache"], path).toBe("HIT");
      expect(response.headers()["cache-control"], path).toMatch(PUBLIC);
      expect(await response.text(), path).toContain("Oops! Page not found");
    }
    // In the browser the kept page reads as a 404, not indexed, with its way home.
    const response = await page.goto(paths[2]!);
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(/Page not found/);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
  });
});
