import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createElement as h } from "react";
import { createRequestHandler, Outlet, Scripts, useLoaderData, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { smallServerBuild } from "../tests/setup/small-server-build";

/**
 * The shop patches React Router's server rendering (patches/react-router+7.18.4.patch, decision
 * 015) to build a build's route tree once instead of on every render, and to remember which
 * routes match a page's parent paths (they go into the page's manifest, so that a click to a
 * parent needs no request for its route), and to remember which routes a path matched (a
 * request no longer tries every route in turn), and to gather a build's route modules once (the
 * same object every render). A page must carry exactly what it carried before.
 */

function root() {
  return h("html", { lang: "en" }, h("body", null, h(Outlet), h(Scripts)));
}

function Listing() {
  const { title } = useLoaderData() as { title: string };
  return h("h1", null, title);
}

/** A server build of four routes (like the shop's: a home, collections, a product, a catch-all), named after `label`. */
function build(label: string): ServerBuild {
  return smallServerBuild(
    [
      { id: "root", path: "", module: { default: root } },
      { id: "home", parentId: "root", index: true, module: { default: () => h("h1", null, `${label} home`) } },
      {
        id: "collection",
        parentId: "root",
        path: "collections/:category",
        module: { default: Listing, loader: ({ params }: { params: { category?: string } }) => ({ title: `${label} ${params.category}` }) },
      },
      { id: "product", parentId: "root", path: "product/:id", module: { default: () => h("h1", null, "product") } },
      { id: "notFound", parentId: "root", path: "*", module: { default: () => h("h1", null, `${label} not found`) } },
    ],
    { label },
  );
}

/** The route ids in a page's inlined manifest, in order. */
function manifestRouteIds(html: string): string[] {
  const json = /window\.__reactRouterManifest = (\{[\s\S]*?\});\n/.exec(html)?.[1];
  if (!json) throw new Error("The page has no inlined manifest");
  return Object.keys((JSON.parse(json) as { routes: Record<string, unknown> }).routes);
}

async function page(handler: ReturnType<typeof createRequestHandler>, pathname: string): Promise<string> {
  const response = await handler(new Request(`http://shop${pathname}`));
  expect(response.status).toBe(200);
  return response.text();
}

describe("React Router's route tree, built once per build (patched)", () => {
  it("is applied (npm install runs patch-package)", () => {
    const require = createRequire(import.meta.url);
    const dist = path.dirname(require.resolve("react-router"));
    const sources = fs
      .readdirSync(dist)
      .filter((name) => name.endsWith(".mjs"))
      .map((name) => fs.readFileSync(path.join(dist, name), "utf8"))
      .join("\n");
    expect(sources).toContain("function serverRoutesFor(");
    expect(sources).toContain("function entryRouteModulesFor(");
    expect(sources).toContain("function routeIdsMatchingParentPath(");
    expect(sources).toContain("staticDataRoutesByRoutes");
    expect(sources).toContain("function knownMatchesOf(");
  });

  it("gives every render of a page the same manifest: its own routes and those of its parent paths", async () => {
    const handler = createRequestHandler(build("shop"), "production");
    const first = await page(handler, "/collections/kaftans");
    // "/" is the home; "/collections" is matched by the catch-all only.
    expect(manifestRouteIds(first)).toEqual(["root", "collection", "home", "notFound"]);
    expect(first).toContain("<h1>shop kaftans</h1>");
    const again = await page(handler, "/collections/suits");
    expect(manifestRouteIds(again)).toEqual(["root", "collection", "home", "notFound"]);
    expect(again).toContain("<h1>shop suits</h1>");
    expect(again.replace(/suits/g, "kaftans")).toBe(first);

    expect(manifestRouteIds(await page(handler, "/product/7"))).toEqual(["root", "product", "home", "notFound"]);
    expect(manifestRouteIds(await page(handler, "/"))).toEqual(["root", "home"]);
  });

  it("keeps each build's routes to itself", async () => {
    const shop = createRequestHandler(build("shop"), "production");
    const other = createRequestHandler(build("other"), "production");
    await page(shop, "/collections/kaftans");
    const otherPage = await page(other, "/collections/kaftans");
    expect(otherPage).toContain("<h1>other kaftans</h1>");
    expect(otherPage).toContain("/assets/other-collection.js");
    expect(otherPage).not.toContain("/assets/shop-");
    expect(await page(other, "/nowhere")).toContain("<h1>other not found</h1>");
  });

  it("matches a path it has seen as it did the first time, with that request's own params", async () => {
    const handler = createRequestHandler(build("shop"), "production");
    // Asked twice each, in turn: the second answer of each comes from the remembered matches.
    for (let round = 0; round < 2; round++) {
      expect(await page(handler, "/collections/kaftans")).toContain("<h1>shop kaftans</h1>");
      expect(await page(handler, "/collections/suits")).toContain("<h1>shop suits</h1>");
      expect(await page(handler, "/collections/k%C3%A9nte")).toContain("<h1>shop kénte</h1>");
      expect(await page(handler, "/nowhere")).toContain("<h1>shop not found</h1>");
      expect(await page(handler, "/")).toContain("<h1>shop home</h1>");
    }
  });
});
