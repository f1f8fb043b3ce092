import { describe, expect, it } from "vitest";
import { ISLANDS_PAGES, islandsNamedIn, islandsPagesProblems } from "./pages";
import { islandsEntryModule, readIslandsPagesProblems } from "../../vite-islands";

const declared = { home: "home", "not-found": null };
const routes = [
  { file: "app/routes/storefront/home.tsx", islands: "home" },
  { file: "app/routes/storefront/not-found.tsx", islands: "not-found" },
];
const allModules = () => true;

describe("pages of islands, declared once (app/islands/pages.ts)", () => {
  it("finds nothing wrong when every route names a declared page and every page is named", () => {
    expect(islandsPagesProblems(declared, routes, allModules)).toEqual([]);
  });

  it("stops on a route naming a page not declared: a mistyped name never falls back to the router's hydration", () => {
    const mistyped = [routes[0]!, { file: "app/routes/storefront/not-found.tsx", islands: "notfound" }];
    expect(islandsPagesProblems(declared, mistyped, allModules)).toEqual([
      'app/routes/storefront/not-found.tsx names the page of islands "notfound", which app/islands/pages.ts does not declare (declared: home, not-found)',
      'app/islands/pages.ts declares the page of islands "not-found", which no route names in its handle',
    ]);
  });

  it("stops on a declared page no route names", () => {
    expect(islandsPagesProblems({ ...declared, checkout: "checkout" }, routes, allModules)).toEqual([
      'app/islands/pages.ts declares the page of islands "checkout", which no route names in its handle',
    ]);
  });

  it("stops on a page whose islands module does not exist", () => {
    expect(islandsPagesProblems(declared, routes, (module) => module !== "home")).toEqual([
      'app/islands/pages.ts gives the page of islands "home" the module app/islands/home.ts, which does not exist',
    ]);
  });

  it("reads the page a route's handle names, and nothing from a route without one", () => {
    expect(islandsNamedIn('export const handle = { islands: "product" } satisfies IslandsHandle;')).toBe("product");
    expect(islandsNamedIn("export const handle = {\n  islands: 'home',\n};")).toBe("home");
    expect(islandsNamedIn('export const handle = { breadcrumb: "Orders" };\nconst islands: "x" = "x";')).toBeNull();
    expect(islandsNamedIn("export async function loader() {}")).toBeNull();
  });

  it("finds the shop's own routes and declaration in agreement", () => {
    expect(readIslandsPagesProblems(new URL("..", import.meta.url).pathname)).toEqual([]);
  });

  it("generates each page's entry: the shell's islands and its page's, with Preact's options set first, in the build and in development alike", () => {
    expect(Object.keys(ISLANDS_PAGES)).toContain("product");
    const product = islandsEntryModule("product", { dev: false });
    expect(product.split("\n")[0]).toBe('import "~/islands/preact-options";');
    expect(product).toContain('import { pageIslands } from "~/islands/product";');
    expect(product).toContain("hydrateIslands([...shellIslands, ...pageIslands])");
    expect(product).not.toContain("react-router");
    expect(islandsEntryModule("not-found", { dev: false })).not.toContain("~/islands/not-found");
    // Under `npm run dev` (the islands' own dev server, on Preact): Vite's client first, then the build's entry as it is.
    const home = islandsEntryModule("home", { dev: true }).split("\n");
    expect(home[0]).toBe('import "/@vite/client";');
    expect(home.slice(1).join("\n")).toBe(islandsEntryModule("home", { dev: false }));
    expect(home.join("\n")).not.toContain("react-router");
  });
});
