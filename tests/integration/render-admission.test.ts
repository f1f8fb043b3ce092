import { getRequestListener } from "@hono/node-server";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createElement as h } from "react";
import { Outlet } from "react-router";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { loadConfig } from "~/env.server";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/cache-control";
import { createShopHttp } from "../../server/http";
import { createLogger } from "../../server/logger";
import { shopHttpServices } from "../setup/shop-http-services";
import { smallServerBuild } from "../setup/small-server-build";
import { describeWithDatabase } from "../setup/test-database";

/**
 * A flood of new searches against the shop's own Node server (server/index.ts's listener):
 * once the line of pages waiting for a render is full, a new search is answered "One moment,
 * please" by the http layer at once (server/render-admission.ts), while a kept page is still
 * served and a shopper's checkout, which has a render slot of its own, is answered.
 */
describeWithDatabase("a flood of new searches turned away at the http layer", (database) => {
  /** Search renders hold their slot until the test lets them finish. */
  let releaseSearches = () => {};
  let searchesMayFinish: Promise<void>;
  let server: http.Server | undefined;
  const ordersPlaced: string[] = [];
  beforeEach(() => {
    searchesMayFinish = new Promise<void>((resolve) => (releaseSearches = resolve));
    // React Router prints aborted renders to the console (the server routes it to its log).
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(async () => {
    releaseSearches();
    vi.restoreAllMocks();
    await new Promise((resolve) => server?.close(resolve));
    server?.closeAllConnections();
  });

  /** The shop on a free port, with three render slots (two for pages, one kept for shoppers) and no wait limit. */
  async function startShop(): Promise<string> {
    const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://shop.test", LOG_LEVEL: "silent" });
    const logger = createLogger("silent");
    const build = smallServerBuild([
      { id: "root", path: "", module: { default: () => h("html", null, h("body", null, h(Outlet))) } },
      {
        id: "collection",
        parentId: "root",
        path: "collections/:category",
        module: {
          default: () => h("h1", null, "Kaftans"),
          loader: () => searchesMayFinish.then(() => ({})),
          headers: () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL }),
        },
      },
      {
        id: "checkout",
        parentId: "root",
        path: "checkout",
        module: {
          default: () => h("h1", null, "Checkout"),
          action: async ({ request }: { request: Request }) => {
            ordersPlaced.push(String((await request.formData()).get("item")));
            return { placed: true };
          },
        },
      },
      {
        id: "product",
        parentId: "root",
        path: "product/:id",
        module: { default: () => h("h1", null, "Kente stole"), headers: () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL }) },
      },
    ]);
    const { app, answerBeforeApp } = createShopHttp({
      services: shopHttpServices(database, config, logger),
      logger,
      build,
      mode: "production",
      renderSlots: 3,
      // No page is turned away for its wait here: only for the length of the line.
      longestPageWaitMs: 60_000,
    });
    const appListener = getRequestListener(app.fetch);
    server = http.createServer((request, response) => {
      const toApp = () => void appListener(request, response);
      if (!answerBeforeApp(request, response, toApp)) toApp();
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  }

  it("answers the searches past a full line at once, and still serves a kept page and checkout", async () => {
    const origin = await startShop();
    const gzip = { "accept-encoding": "gzip" };
    const product = () => fetch(`${origin}/product/1`, { headers: gzip });
    expect((await product()).status).toBe(200);

    // Two searches take the pages' two slots and eight wait (four a slot): the line is full, and
    // two of these twelve are turned away. Nothing finishes meanwhile, so which two is a matter of
    // arrival, how many is not.
    const searches = ["kente", "agbada", "smock", "batakari", "dashiki", "fugu", "kaba", "slit", "boubou", "jalabiya", "kufi", "ntama"];
    const answers = searches.map((word) => fetch(`${origin}/collections/kaftans?q=${word}`));
    const settled: Response[] = [];
    for (const answer of answers) void answer.then((response) => settled.push(response));
    await vi.waitFor(() => expect(settled).toHaveLength(2));
    for (const turnedAway of settled) {
      expect(turnedAway.status).toBe(503);
      expect(turnedAway.headers.get("retry-after")).toBe("2");
      expect(turnedAway.headers.get("cache-control")).toBe("no-store");
      expect(turnedAway.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await turnedAway.text()).toContain("One moment, please");
    }

    // Beside the flood: the kept page from the cache, and a shopper's order in their own slot.
    const kept = await product();
    expect(kept.status).toBe(200);
    expect(kept.headers.get("x-cache")).toBe("HIT");
    expect(await kept.text()).toContain("Kente stole");
    const order = await fetch(`${origin}/checkout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://shop.test" },
      body: new URLSearchParams({ item: "kente stole" }),
    });
    expect(order.status).toBe(200);
    expect(await order.text()).toContain("Checkout");
    expect(ordersPlaced).toEqual(["kente stole"]);
    expect(settled).toHaveLength(2);

    // The searches in line are rendered once the two ahead of them finish: none was dropped.
    releaseSearches();
    const statuses = (await Promise.all(answers)).map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 503)).toHaveLength(2);
  });
});
