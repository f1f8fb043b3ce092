import { expect, test } from "@playwright/test";

/**
 * The browser's scripts and stylesheets leave the server compressed at build time: Brotli for
 * browsers that take it, gzip for the rest, as they are for anyone else, and kept for a year.
 */

test("a page's scripts and stylesheet arrive as Brotli, gzip or plain, the same file each way", async ({ request }) => {
  // A page of islands hydrates with Preact, a router page with React (decision 036): both kinds.
  const html = await (await request.get("/")).text();
  const routerHtml = await (await request.get("/auth-test")).text();
  const islandsFramework = /\/assets\/preact-[\w-]+\.js/.exec(html)?.[0];
  const routerFramework = /\/assets\/react-[\w-]+\.js/.exec(routerHtml)?.[0];
  const stylesheet = /\/assets\/storefront-shell-[\w-]+\.css/.exec(html)?.[0];
  expect(islandsFramework, "the home page names Preact's chunk").toBeTruthy();
  expect(routerFramework, "the sign-in check (the router's) names React's chunk").toBeTruthy();
  expect(stylesheet, "the page names its stylesheet").toBeTruthy();

  for (const path of [islandsFramework!, routerFramework!, stylesheet!]) {
    const plain = await request.get(path, { headers: { "accept-encoding": "identity" } });
    expect(plain.status()).toBe(200);
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    const plainBytes = await plain.body();

    const sizes: Record<string, number> = {};
    // What a browser that takes Brotli asks for, then one that does not.
    for (const [encoding, accepted] of [
      ["br", "gzip, deflate, br"],
      ["gzip", "gzip, deflate"],
    ] as const) {
      const response = await request.get(path, { headers: { "accept-encoding": accepted } });
      expect(response.headers()["content-encoding"], `${path} for ${encoding}`).toBe(encoding);
      expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(response.headers()["vary"]).toMatch(/accept-encoding/i);
      sizes[encoding] = Number(response.headers()["content-length"]);
      // Playwright inflates what it receives: the shopper's browser gets the very same file.
      expect((await response.body()).equals(plainBytes), `${path} as ${encoding}`).toBe(true);
    }
    expect(sizes.br).toBeLessThan(sizes.gzip!);
    expect(sizes.gzip).toBeLessThan(plainBytes.length / 2);
  }
});

test("the browser loads the page's scripts as Brotli", async ({ page }) => {
  const encodings = new Map<string, string | undefined>();
  page.on("response", async (response) => {
    if (new URL(response.url()).pathname.endsWith(".js")) encodings.set(response.url(), (await response.allHeaders())["content-encoding"]);
  });
  await page.goto("/product/1");
  await page.waitForLoadState("networkidle");
  const islandsFramework = [...encodings].find(([url]) => url.includes("/assets/preact-"));
  expect(islandsFramework?.[1]).toBe("br");
  await page.goto("/auth-test");
  await page.waitForLoadState("networkidle");
  const routerFramework = [...encodings].find(([url]) => url.includes("/assets/react-"));
  expect(routerFramework?.[1]).toBe("br");
});
