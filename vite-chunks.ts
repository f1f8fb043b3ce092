import path from "node:path";

/** What the chunking callbacks may ask of the module graph. */
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * The browser bundle's chunks, for the storefront's first load. Left to itself the bundler cut
 * the modules every storefront page loads into some 50 files (one per set of routes sharing
 * them: an icon, a button, a store): gzipped one by one they weighed 12–16 KiB more than
 * together. Two groups instead:
 * - `framework`: React, React DOM, React Router (every page of the site loads all three);
 * - `storefront-shell`: every module of ours that the document (`root.tsx`) and the storefront
 *   layout import statically, with the libraries they use. Every storefront page loads it.
 * What a page or a lazy panel uses besides is chunked as before.
 */
export function storefrontChunkGroups(appDir: string) {
  let shell: Set<string> | undefined;
  return [
    { name: "framework", test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
    {
      name(id: string, graph: ModuleGraph) {
        shell ??= appModulesReachedFrom([path.join(appDir, "root.tsx"), path.join(appDir, "routes/storefront/layout.tsx")], graph, appDir);
        return shell.has(id) ? "storefront-shell" : null;
      },
      priority: 1,
    },
  ];
}

/**
 * The modules under `appDir` that `roots` import statically, directly or through each other.
 * It stops at node_modules: a barrel such as `radix-ui` imports every primitive, though a page
 * keeps only the ones it uses; the bundler adds the libraries each captured module needs.
 */
function appModulesReachedFrom(roots: string[], graph: ModuleGraph, appDir: string): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) if (next.startsWith(appDir)) stack.push(next);
  }
  return seen;
}
