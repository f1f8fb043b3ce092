import fs from "node:fs";
import path from "node:path";
import { ISLANDS_PAGES } from "./app/islands/pages.ts";

/** What the chunking callbacks may ask of the module graph. */
type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; code: string | null } | null;
};

/** The pages whose first load the budget counts (`firstLoadJsKiB` in bench/server.ts). */
const keyPages = ["home", "collection", "product", "checkout"];

/**
 * The browser bundle's chunks, for the storefront's first load. Left to itself the bundler cut
 * the modules every storefront page loads into 50–65 files, one per set of routes sharing them
 * (an icon, a button, a store); gzipped one by one they weighed 12–16 KiB more than together.
 * - `react`: React and React DOM, which every page React Router runs loads.
 * - `router`: React Router, which every page loads except the pages of islands (decision 021).
 * - `islands-<pages>`: our modules that the islands of the key pages (`app/islands/shell.ts` and
 *   the page's module, `app/islands/pages.ts`) import statically, by which of them reach them
 *   (`islands-shell` when all of them do), and the lucide icons they draw. The pages of islands
 *   no longer load these (they have a build of their own, on Preact: `islandsChunkGroups`,
 *   decision 036); the router's pages that draw the same header, cart and cards keep the
 *   grouping they had.
 * - `storefront-shell`: every module of ours that the document (`root.tsx`) and the storefront
 *   layout import statically, with the libraries they use. Every storefront page loads it.
 * - One chunk per set of key pages (`home-collection`, `product`, …): our modules those pages
 *   import statically, and the lucide icons they draw, by which of the four pages reach them.
 *   A module that imports another library (Radix, sonner, …) is left to the bundler, so a
 *   chunk here never drags a library's shared internals along.
 * What only other pages or lazy panels use is chunked as before.
 */
export function storefrontChunkGroups(appDir: string) {
  let graphFacts: ReturnType<typeof readGraph> | undefined;
  const facts = (graph: ModuleGraph) => (graphFacts ??= readGraph(appDir, graph));
  return [
    { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 101 },
    { name: "router", test: /[\\/]node_modules[\\/]react-router[\\/]/, priority: 100 },
    ...islandsGroups((graph) => facts(graph).islandsReaching),
    // A group takes in what its modules import, so a module that imports what an island reaches
    // (even lazily) is left to the bundler: its chunk and the island's never meet the router's.
    {
      name: (id: string, graph: ModuleGraph) => (facts(graph).shell.has(id) && !facts(graph).nearIslands(id) ? "storefront-shell" : null),
      priority: 99,
    },
    // A module's dependencies are reached by the pages that reach it, and maybe more: sets of
    // more pages go first, so a chunk never takes in what a wider set needs.
    ...keyPages.map((_, index) => {
      const pageCount = keyPages.length - index;
      return {
        priority: pageCount,
        name(id: string, graph: ModuleGraph) {
          const pages = facts(graph).pagesReaching.get(id);
          return pages?.length === pageCount && !facts(graph).nearIslands(id) ? pages.join("-") : null;
        },
      };
    }),
  ];
}

/**
 * The chunks of the islands' own build (vite-islands.ts, decision 036), where react and
 * react-dom are Preact's compat layer:
 * - `preact`: Preact, its hooks and compat, which every page of islands loads.
 * - `islands-<pages>`: our modules that the key pages of islands (their generated entries,
 *   `app/islands/<page>.client.tsx`) import statically, by which of them reach them
 *   (`islands-shell` when all of them do), and the lucide icons they draw. Another page of
 *   islands (a content page) loads the groups its islands fall in, so it never splits the key
 *   pages' chunks further.
 * What only lazy panels, dialogs or deferred components use is left to the bundler.
 */
export function islandsChunkGroups(appDir: string) {
  let reaching: Map<string, string[]> | undefined;
  const entry = (page: string) => path.join(appDir, "islands", `${page}.client.tsx`);
  return [
    { name: "preact", test: /[\\/]node_modules[\\/]preact[\\/]/, priority: 101 },
    ...islandsGroups((graph) => (reaching ??= readIslandsReaching(appDir, graph, (page) => [entry(page)]))),
  ];
}

/** The `islands-<pages>` groups: sets of more pages go first, as below (a group takes in what its modules import). */
function islandsGroups(islandsReaching: (graph: ModuleGraph) => Map<string, string[]>) {
  return keyIslandsPages().map((_, index, pages) => {
    const pageCount = pages.length - index;
    return {
      priority: 99.5 + pageCount / 100,
      name(id: string, graph: ModuleGraph) {
        const reaching = islandsReaching(graph).get(id);
        if (reaching?.length !== pageCount) return null;
        // What every page of islands loads (the header, cart, toasts) is their shell.
        return pageCount === pages.length ? "islands-shell" : `islands-${reaching.sort().join("-")}`;
      },
    };
  });
}

/** The modules the key pages of islands reach from `roots`, and the icons they draw: for each, the pages. */
function readIslandsReaching(appDir: string, graph: ModuleGraph, roots: (page: string) => string[]) {
  const icons = lucideIconFiles(graph);
  const islandsReaching = new Map<string, string[]>();
  for (const page of keyIslandsPages()) {
    const add = (id: string) => {
      const pages = islandsReaching.get(id) ?? [];
      if (!pages.includes(page)) islandsReaching.set(id, [...pages, page]);
    };
    const entries = new Set(roots(page).filter((id) => id.endsWith(".client.tsx")));
    for (const id of appModulesReachedFrom(roots(page), graph, appDir)) {
      if (entries.has(id)) continue; // its chunk runs it: only the page of islands loads that one
      for (const icon of lucideImports(graph.getModuleInfo(id)?.code ?? "")) if (icons.files.has(icon)) add(icons.files.get(icon)!);
      // Libraries included: a module left out would go with the first island group that imports it.
      add(id);
    }
  }
  return islandsReaching;
}

/** The modules of `app/islands/` that declare a page's islands: the shell's and the page's own. */
function islandsModules(appDir: string, page: string): string[] {
  const module = (ISLANDS_PAGES as Record<string, string | null>)[page];
  return [path.join(appDir, "islands/shell.ts"), ...(module ? [path.join(appDir, `islands/${module}.ts`)] : [])];
}

function readGraph(appDir: string, graph: ModuleGraph) {
  const routes = path.join(appDir, "routes/storefront");
  const shell = appModulesReachedFrom([path.join(appDir, "root.tsx"), path.join(routes, "layout.tsx")], graph, appDir);
  const pagesReaching = new Map<string, string[]>();
  const reach = (id: string, page: string) => {
    const pages = pagesReaching.get(id) ?? [];
    if (!pages.includes(page)) pagesReaching.set(id, [...pages, page]);
  };
  const icons = lucideIconFiles(graph);
  // Libraries a captured module may import: those every storefront page has already.
  const ownLibraries = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|clsx|class-variance-authority)[\\/]|^\0vite\//;
  const usesOtherLibraries = new Map<string, boolean>();
  const drawsOnOtherLibraries = (id: string): boolean => {
    let result = usesOtherLibraries.get(id);
    if (result === undefined) {
      usesOtherLibraries.set(id, false); // import cycles
      result = (graph.getModuleInfo(id)?.importedIds ?? []).some((next) =>
        next.startsWith(appDir) ? !shell.has(next) && drawsOnOtherLibraries(next) : next !== icons.barrel && !ownLibraries.test(next),
      );
      usesOtherLibraries.set(id, result);
    }
    return result;
  };
  // In the router's build, the islands' modules are those the routes import (the generated entries are the islands' build's).
  const islandsRoots = (page: string) => islandsModules(appDir, page);
  const islandsReaching = readIslandsReaching(appDir, graph, islandsRoots);
  const islandsReach = appModulesReachedFrom(islandsPages().flatMap(islandsRoots), graph, appDir, { lazily: true });
  for (const page of keyPages) {
    const entry = path.join(routes, `${page}.tsx`);
    for (const id of appModulesReachedFrom([entry], graph, appDir)) {
      if (id === entry || shell.has(id)) continue;
      // Icons by every module that draws them, captured or not, so no page borrows another's.
      for (const icon of lucideImports(graph.getModuleInfo(id)?.code ?? "")) if (icons.files.has(icon)) reach(icons.files.get(icon)!, page);
      if (!drawsOnOtherLibraries(id)) reach(id, page);
    }
  }
  // An island's module, or one that imports one, directly or not.
  const near = new Map<string, boolean>();
  const nearIslands = (id: string): boolean => {
    let result = near.get(id);
    if (result === undefined) {
      near.set(id, false); // import cycles
      result =
        islandsReach.has(id) || (graph.getModuleInfo(id)?.importedIds ?? []).some((next) => next.startsWith(appDir) && nearIslands(next));
      near.set(id, result);
    }
    return result;
  };
  return { shell, pagesReaching, islandsReaching, nearIslands };
}

/**
 * The key pages that are pages of islands: their modules are grouped by which of them reach
 * them. Another page of islands (a content page) loads the groups its islands fall in, so it never
 * splits the key pages' chunks further.
 */
function keyIslandsPages(): string[] {
  return islandsPages().filter((page) => keyPages.includes(page));
}

/** The pages of islands, as app/islands/pages.ts declares them (each entry, `app/islands/<page>.client.tsx`, is generated: vite-islands.ts). */
export function islandsPages(): string[] {
  return Object.keys(ISLANDS_PAGES).sort();
}

/** The lucide barrel's id and, for each icon's name, the file it comes from. */
function lucideIconFiles(graph: ModuleGraph) {
  const files = new Map<string, string>();
  const barrel = resolveLucideBarrel();
  if (!barrel) return { barrel, files };
  const code = graph.getModuleInfo(barrel)?.code ?? fs.readFileSync(barrel, "utf8");
  for (const [, names, file] of code.matchAll(/export \{([^}]*)\} from '\.\/icons\/([^']+)'/g))
    for (const [, name] of names!.matchAll(/default as (\w+)/g)) files.set(name!, path.join(path.dirname(barrel), "icons", file!));
  return { barrel, files };
}

function resolveLucideBarrel(): string | undefined {
  try {
    return fs.realpathSync(path.join(import.meta.dirname, "node_modules/lucide/dist/esm/lucide.mjs"));
  } catch {
    return undefined;
  }
}

/** The icons a module imports from lucide (drawn with the Icon kit, app/components/ui/icon.tsx). */
function lucideImports(code: string): string[] {
  return [...code.matchAll(/import \{([^}]*)\} from "lucide"/g)].flatMap(([, names]) =>
    names!
      .split(",")
      .map((name) => name.trim().split(/\s+as\s+/)[0]!)
      .filter(Boolean),
  );
}

/**
 * The modules under `appDir` that `roots` import statically (or `lazily` too), directly or through each other.
 * It stops at node_modules: a barrel such as `radix-ui` imports every primitive, though a page
 * keeps only the ones it uses; the bundler adds the libraries each captured module needs.
 */
function appModulesReachedFrom(roots: string[], graph: ModuleGraph, appDir: string, { lazily = false } = {}): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    for (const next of [...(info?.importedIds ?? []), ...(lazily ? (info?.dynamicallyImportedIds ?? []) : [])])
      if (next.startsWith(appDir)) stack.push(next);
  }
  return seen;
}
