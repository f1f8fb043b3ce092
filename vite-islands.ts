import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { ISLANDS_MANIFEST_FILE, type IslandsManifest } from "./app/islands/islands-manifest.ts";
import { ISLANDS_PAGES, islandsEntryPath, islandsNamedIn, islandsPagesProblems } from "./app/islands/pages.ts";

const ROUTER = /[\\/]node_modules[\\/]react-router[\\/]/;

/**
 * The pages of islands (decision 021), declared once in `app/islands/pages.ts`, in the build and
 * in `npm run dev` alike. Each page's entry, `app/islands/<page>.client.tsx`, is generated here
 * (`islandsEntryModule`): no file of that name exists. The build adds each as an entry of the
 * browser's code, sharing its chunks with the router's pages, and writes `islands.json` beside
 * the client's folder to tell the server which scripts each page loads; the dev server has Vite
 * serve the same entries as modules (server/islands-manifest.ts), so a page of islands runs
 * there as it does in production.
 *
 * It stops the build, and the dev server's start, when a route names a page not declared or a
 * declared page is named by no route; and the build when anything an island reaches, even
 * lazily, imports React Router: that code would break in a page the router does not run, and
 * the router's 39 KiB would come back.
 */
export function islandsBuild(appDir: string): Plugin {
  const entries = new Map(Object.keys(ISLANDS_PAGES).map((page) => [islandsEntryFile(appDir, page), page]));
  let manifest: IslandsManifest | undefined;
  let serving = false;
  const checkPages = () => {
    const problems = readIslandsPagesProblems(appDir);
    if (problems.length > 0) throw new Error(`Pages of islands (app/islands/pages.ts):\n- ${problems.join("\n- ")}`);
  };
  return {
    name: "ahenfie:islands",
    // Before Vite's own resolver, which would look for the generated entries on disk.
    enforce: "pre",
    configResolved(config) {
      serving = config.command === "serve";
    },
    configureServer() {
      checkPages();
    },
    buildStart() {
      if (!serving) checkPages();
    },
    options(options) {
      if (serving) return options;
      const input = options.input;
      const more = [...entries.keys()];
      if (Array.isArray(input)) options.input = [...input, ...more];
      else if (typeof input === "string") options.input = [input, ...more];
      else if (input) options.input = { ...input, ...Object.fromEntries([...entries].map(([file, page]) => [`islands-${page}`, file])) };
      return options;
    },
    resolveId(id) {
      // The build names an entry by its file; the browser asks the dev server for its path.
      if (entries.has(id)) return id;
      const page = Object.keys(ISLANDS_PAGES).find((name) => islandsEntryPath(name) === id.split("?")[0]);
      return page ? islandsEntryFile(appDir, page) : null;
    },
    load(id) {
      const page = entries.get(id);
      return page ? islandsEntryModule(page, { dev: serving }) : null;
    },
    generateBundle(_options, bundle) {
      if (serving) return;
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
      const missing = [...entries.values()].filter((page) => !manifest!.pages[page]);
      if (missing.length > 0) this.error(`No entry was built for the pages of islands ${missing.join(", ")}`);
    },
    writeBundle(options) {
      if (!serving && manifest && options.dir)
        fs.writeFileSync(path.join(options.dir, "..", ISLANDS_MANIFEST_FILE), JSON.stringify(manifest));
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

/** The generated entry's file name (it exists only as a module id). */
function islandsEntryFile(appDir: string, page: string): string {
  return path.join(appDir, "..", islandsEntryPath(page));
}

/**
 * The entry of a page of islands: hydrates the shell's islands and those of the page's module.
 * In development, React Router's Fast Refresh runtime is set up first, as its own scripts do on
 * the router's pages (the app's components are compiled to register with it).
 */
export function islandsEntryModule(page: string, { dev }: { dev: boolean }): string {
  const module = (ISLANDS_PAGES as Record<string, string | null>)[page];
  return [
    dev ? `import "virtual:react-router/inject-hmr-runtime";` : "",
    `import { hydrateIslands } from "~/islands/hydrate-islands";`,
    `import { shellIslands } from "~/islands/shell";`,
    module ? `import { pageIslands } from "~/islands/${module}";` : "const pageIslands = [];",
    `void hydrateIslands([...shellIslands, ...pageIslands]);`,
    "",
  ].join("\n");
}

/** The declared pages against the routes that name them (app/islands/pages.ts). */
export function readIslandsPagesProblems(appDir: string): string[] {
  const routesDir = path.join(appDir, "routes");
  const routes = (fs.readdirSync(routesDir, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file))
    .flatMap((file) => {
      const islands = islandsNamedIn(fs.readFileSync(path.join(routesDir, file), "utf8"));
      return islands === null ? [] : [{ file: path.join("app/routes", file), islands }];
    });
  return islandsPagesProblems(ISLANDS_PAGES, routes, (module) =>
    [".ts", ".tsx"].some((extension) => fs.existsSync(path.join(appDir, "islands", module + extension))),
  );
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
