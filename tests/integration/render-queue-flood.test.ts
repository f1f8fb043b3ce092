import { createElement as h } from "react";
import { Outlet } from "react-router";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { loadConfig } from "~/env.server";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/cache-control";
import { createHttpApp } from "../../server/http";
import { createLogger } from "../../server/logger";
import { shopHttpServices } from "../setup/shop-http-services";
import { smallServerBuild } from "../setup/small-server-build";
import { describeWithDatabase } from "../setup/test-database";

/**
 * A flood of new searches beside a shopper at checkout (server/render-queue.ts, decision 028):
 * searches wait their turn for a bounded time and are then answered "One moment, please"; the
 * shopper's own page goes first and is never turned away.
 */
describeWithDatabase("a flood of new searches beside checkout", (database) => {
  /** How many times the product page was rendered. */
  let productPrinting = 0;
  /** Search renders hold their slot until the test lets them finish. */
  let releaseSearches = () => {};
  let searchesMayFinish: Promise<void>;
  beforeEach(() => {
    searchesMayFinish = new Promise<void>((resolve) => (releaseSearches = resolve));
    // React Router prints aborted renders to the console (the server routes it to its log).
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    releaseSearches();
    vi.restoreAllMocks();
  });

  function app() {
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
      { id: "checkout", parentId: "root", path: "checkout", module: { default: () => h("h1", null, "Checkout") } },
      {
        id: "product",
        parentId: "root",
        path: "product/:id",
        module: {
          default: () => h("h1", null, `Kente stole, printing ${productPrinting}`),
          loader: () => ({ printing: ++productPrinting }),
          // Fresh for one second, then stale.
          headers: () => ({ "Cache-Control": "public, max-age=0, s-maxage=1" }),
        },
      },
    ]);
    return createHttpApp({
      services: shopHttpServices(database, config, logger),
      logger,
      build,
      mode: "production",
      renderSlots: 2,
    });
  }

  it("turns away the searches that could not start within the wait, and serves checkout first", async () => {
    const shop = app();
    const search = (word: string) => shop.request(`http://shop.test/collections/kaftans?q=${word}`);
    // Two searches take both render slots; three more wait behind them.
    const rendering = [search("kente"), search("agbada")];
    const waiting = [search("smock"), search("batakari"), search("dashiki")];
    const checkout = shop.request("http://shop.test/checkout");

    const turnedAway = await Promise.all(waiting);
    for (const answer of turnedAway) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("2");
      expect(answer.headers.get("cache-control")).toBe("no-store");
      const page = await answer.text();
      expect(page).toContain("One moment, please");
      expect(page).toContain('<meta http-equiv="refresh" content="2">');
    }
    releaseSearches();
    const served = await Promise.all(rendering);
    expect(served.map((answer) => answer.status)).toEqual([200, 200]);
    const own = await checkout;
    expect(own.status).toBe(200);
    expect(await own.text()).toContain("Checkout");
  });

  it("a client navigation turned away is told to load the page as a document", async () => {
    const shop = app();
    const busy = [
      shop.request("http://shop.test/collections/kaftans?q=kente"),
      shop.request("http://shop.test/collections/kaftans?q=agbada"),
    ];
    const navigation = await shop.request("http://shop.test/collections/kaftans.data?q=smock&_routes=collection");
    expect(navigation.status).toBe(204);
    expect(navigation.headers.get("x-remix-redirect")).toBe("/collections/kaftans?q=smock");
    expect(navigation.headers.get("x-remix-reload-document")).toBe("true");
    releaseSearches();
    await Promise.all(busy);
  });

  it("serves a kept page gone stale while searches hold every slot, and renders it again first in line", async () => {
    const shop = app();
    const product = async () => (await shop.request("http://shop.test/product/1")).text();
    productPrinting = 0;
    expect(await product()).toContain("Kente stole, printing 1");
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    const rendering = [
      shop.request("http://shop.test/collections/kaftans?q=kente"),
      shop.request("http://shop.test/collections/kaftans?q=agbada"),
    ];
    const waiting = shop.request("http://shop.test/collections/kaftans?q=smock");
    // Every slot taken and a search waiting: the stale copy at once, not "One moment", not a wait.
    expect(await product()).toContain("Kente stole, printing 1");
    expect(await product()).toContain("Kente stole, printing 1");
    releaseSearches();
    await Promise.all([...rendering, waiting]);
    // Its new copy was rendered once, ahead of the waiting search, and is what is served now.
    await vi.waitFor(async () => expect(await product()).toContain("Kente stole, printing 2"));
    expect(productPrinting).toBe(2);
  });
});
