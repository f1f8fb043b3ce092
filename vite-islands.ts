import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { ISLANDS_MANIFEST_FILE, type IslandsManifest } from "./app/islands/islands-manifest.ts";
import { islandsPages } from "./vite-chunks.ts";

const ROUTER = /[\\/]node_modules[\\/]react-router[\\/]/;

/**
 * Builds the pages of islands (decision 021) with the rest of the browser's code: each
 * `app/islands/<page>.client.tsx` becomes an entry of the client build, sharing its chunks
 * with the router's pages, and `islands.json` beside the client's folder tells the server
 * which scripts each page loads.
 *
 * It stops the build when anything an island reaches, even lazily, imports React Router: that
 * code would break in a page the router does not run, and the router's 39 KiB would come back.
 */
export function islandsBuild(appDir: string): Plugin {
  const entries = new Map(islandsPages(appDir).map((page) => [path.join(appDir, "islands", `${page}.client.tsx`), page]));
  let manifest: IslandsManifest | undefined;
  return {
    name: "ahenfie:islands",
    apply: "build",
    options(options) {
      const input = options.input;
      const more = [...entries.keys()];
      if (Array.isArray(input)) options.input = [...input, ...more];
      else if (typeof input === "string") options.input = [input, ...more];
      else if (input) options.input = { ...input, ...Object.fromEntries([...entries].map(([file, page]) => [`islands-${page}`, file])) };
      return options;
    },
    generateBundle(_options, bundle) {
      manifest = { version: 1, pages: {} };
      const chunks = new Map(Object.values(bundle).flatMap((file) => (file.type === "chunk" ? [[file.fileName, file] as const] : [])));
      for (const chunk of chunks.values()) {
        const page = chunk.isEntry && chunk.facadeModuleId ? entries.get(chunk.facadeModuleId) : undefined;
        if (!page) continue;
        this.info(`islands: ${page}`);
        const routerPath = pathToRouter(chunk.facadeModuleId!, (id) => this.getModuleInfo(id));
        if (routerPath) this.error(`The islands of "${page}" reach React Router: ${routerPath.join(" → ")}`);
        const imports = new Set<string>();
        const reached = new Set<string>();
        const visit = (fileName: string, statically: boolean, via: string[]) => {
          if (reached.has(`${fileName}:${statically}`)) return;
          reached.add(`${fileName}:${statically}`);
          const next = chunks.get(fileName);
          if (!next) return;
          if (next.moduleIds.some((id) => ROUTER.test(id))) {
            this.error(
              `The islands of "${page}" load React Router's chunk through the bundler's grouping: ${[...via, fileName].join(" → ")}`,
            );
          }
          if (statically && fileName !== chunk.fileName) imports.add(`/${fileName}`);
          for (const name of next.imports) visit(name, statically, [...via, fileName]);
          for (const name of next.dynamicImports) visit(name, false, [...via, fileName]);
        };
        visit(chunk.fileName, true, []);
        manifest.pages[page] = { entry: `/${chunk.fileName}`, imports: [...imports].sort() };
      }
    },
    writeBundle(options) {
      if (manifest && options.dir) fs.writeFileSync(path.join(options.dir, "..", ISLANDS_MANIFEST_FILE), JSON.stringify(manifest));
    },
  };
}

/**
 * The router's chunks that draw a page of islands on the server: the root, the storefront
 * layout and the page's route (`app/routes/storefront/<page>.tsx`). The browser never loads
 * them there, but the page's markup uses their classes, so its share of the stylesheet counts
 * them (vite-page-styles.ts).
 */
export function islandsMarkupChunks(
  appDir: string,
  entryModule: string | null,
  chunks: readonly { fileName: string; facadeModuleId: string | null }[],
): string[] {
  const page =
    entryModule && path.dirname(entryModule) === path.join(appDir, "islands")
      ? /^(.*)\.client\.tsx$/.exec(path.basename(entryModule))?.[1]
      : null;
  if (!page) return [];
  const files = new Set([
    path.join(appDir, "root.tsx"),
    path.join(appDir, "routes/storefront/layout.tsx"),
    path.join(appDir, `routes/storefront/${page}.tsx`),
  ]);
  return chunks.filter((chunk) => chunk.facadeModuleId && files.has(chunk.facadeModuleId.split("?")[0]!)).map((chunk) => chunk.fileName);
}

type ModuleInfo = { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;

/** The chain of imports from `entry` to React Router, if there is one. */
function pathToRouter(entry: string, info: (id: string) => ModuleInfo): string[] | null {
  const parent = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (ROUTER.test(id)) {
      const chain: string[] = [];
      for (let at: string | null = id; at !== null; at = parent.get(at) ?? null) chain.unshift(path.basename(at));
      return chain;
    }
    if (id.includes("node_modules")) continue; // a library's own imports are its business
    const module = info(id);
    for (const next of [...(module?.importedIds ?? []), ...(module?.dynamicallyImportedIds ?? [])]) {
      if (parent.has(next)) continue;
      parent.set(next, id);
      queue.push(next);
    }
  }
  return null;
}
