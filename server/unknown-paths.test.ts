import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routeConfig from "~/routes";
import { catchAllOnlyPaths } from "./unknown-paths";

type Routes = ServerBuild["routes"];

/** The shop's route table as a build lists it (id, parent, path), from app/routes.ts. */
function shopRoutes(): Routes {
  const routes: Routes = { root: { id: "root", path: "", module: {} } as Routes[string] };
  const add = (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      routes[id] = { id, parentId, path: entry.path, index: entry.index, module: {} } as Routes[string];
      add(entry.children ?? [], id);
    }
  };
  add(routeConfig, "root");
  return routes;
}

/** The same table as React Router's matcher takes it. */
function tree(routes: Routes, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route!.parentId === parentId)
    .map((route) => ({ id: route!.id, path: route!.path, index: route!.index, children: tree(routes, route!.id) }) as RouteObject);
}

const NOT_FOUND_ROUTE = "routes/storefront/not-found";

describe("paths only the catch-all route answers", () => {
  const routes = shopRoutes();
  const catchAllOnly = catchAllOnlyPaths(routes);

  it("are the made-up paths, in any case or escape, and React Router sends each of them to the 404 page", () => {
    const madeUp = ["/wp-login.php", "/.env", "/no-such-page", "/nope/deeper/still", "/Kaftans", "/%E2%82%B5", "/collection/kaftans"];
    for (const path of madeUp) {
      expect(catchAllOnly(path), path).toBe(true);
      expect(matchRoutes(tree(routes), path)?.at(-1)?.route.id, path).toBe(NOT_FOUND_ROUTE);
    }
  });

  it("are never a page of the shop, whatever the spelling, nor a path the router alone can judge", () => {
    const ours = [
      "/",
      "/collections/kaftans",
      "/COLLECTIONS/kaftans",
      "/%70roduct/1",
      "/product/999999",
      "/collections/no-such-collection",
      "/checkout/extra",
      "/about",
      "/admin/orders",
      "/api/no-such-endpoint",
      "/sitemap.xml",
      "//double",
      "/%E0%A4%A",
      "/no-such-page.data",
    ];
    for (const path of ours) expect(catchAllOnly(path), path).toBe(false);
  });

  it("are none at all when a route's first segment is a parameter, or there is no single catch-all", () => {
    const withParameterFirst: Routes = {
      ...routes,
      lang: { id: "lang", parentId: "root", path: ":lang/home", module: {} } as Routes[string],
    };
    expect(catchAllOnlyPaths(withParameterFirst)("/wp-login.php")).toBe(false);
    const withoutCatchAll = Object.fromEntries(Object.entries(routes).filter(([id]) => id !== NOT_FOUND_ROUTE)) as Routes;
    expect(catchAllOnlyPaths(withoutCatchAll)("/wp-login.php")).toBe(false);
  });
});
