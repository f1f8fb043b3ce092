import fs from "node:fs";
import type { Server as HttpServer } from "node:http";
import path from "node:path";
import { build, createServer, type Alias, type InlineConfig, type Plugin, type PluginOption, type ViteDevServer } from "vite";
import { ISLANDS_MANIFEST_FILE, type IslandsManifest } from "./app/islands/islands-manifest.ts";
import { ISLANDS_PAGES, islandsEntryPath, islandsNamedIn, islandsPagesProblems, type IslandsRoute } from "./app/islands/pages.ts";
import { PAGE_STYLES_FILE, type PageStylesIndex } from "./server/page-styles.ts";
import { islandsChunkGroups } from "./vite-chunks.ts";
import { compileHint } from "./vite-compile-hint.ts";
import { mentionedClasses } from "./vite-page-styles.ts";

/** React's packages, which no script of a page of islands may hold (decision 036). */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
/** Preact, which no script of a page React Router runs may hold. */
const PREACT = /[\\/]node_modules[\\/]preact[\\/]/;

/**
 * React's imports as Preact's compat layer answers them (preactjs.com, "Switching to Preact":
 * aliasing in the bundler), for the islands' build only. Exact names: `react-dom/server` and the
 * like stay unresolved, so nothing of React's server code comes in unnoticed.
 */
export const PREACT_ALIASES: Alias[] = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
];

/**
 * Modules the islands' build answers with the component itself, not deferred: Preact resumes a
 * deferred component's hydration inside its render loop, where the re-render a Radix slider's
 * thumb asks for from its ref runs before the effects that register the thumbs, which then stay
 * hidden. Where React hydrates (the router's pages), the slider still follows the first download.
 */
const DEFERRED_ON_REACT_ONLY = (appDir: string): Alias[] => [
  { find: /^~\/components\/ui\/deferred-slider$/, replacement: path.join(appDir, "components/ui/slider.tsx") },
];

/**
 * How the islands' modules are resolved on Preact, in the build and under `npm run dev` alike:
 * React's imports answered by `preact/compat`, the modules deferred on React only taken eagerly,
 * then the project's own aliases.
 */
export function islandsOnPreactAliases(appDir: string, aliases: Record<string, string>): Alias[] {
  return [
    ...PREACT_ALIASES,
    ...DEFERRED_ON_REACT_ONLY(appDir),
    ...Object.entries(aliases).map(([find, replacement]) => ({ find, replacement })),
  ];
}

interface IslandsBuildOptions {
  /** The project's own aliases (`~`, `~db`), the same in both builds. */
  aliases: Record<string, string>;
  /** Plugins the islands' build shares with the router's (the compressed copies of each file). */
  plugins: () => PluginOption[];
}

/**
 * The pages of islands (decisions 021 and 036), declared once in `app/islands/pages.ts`. Each
 * page's entry, `app/islands/<page>.client.tsx`, is generated here (`islandsEntryModule`): no
 * file of that name exists.
 *
 * - **In the build**, once the router's browser build is written, the islands get a build of
 *   their own (`buildIslands`) into the same folder, in which react and react-dom are
 *   `preact/compat`: the server still renders every page with React, and the browser hydrates
 *   the islands with Preact. The router's pages never load a file of it, and no file of the
 *   router's build holds Preact: this plugin stops the build if one does, and the islands'
 *   build stops if any of its files holds React, React DOM or React Router.
 * - **Under `npm run dev`**, a Vite dev server of their own (`createIslandsDevServer`, mounted
 *   by server/dev.ts under its own base) serves the same entries with the same aliases, so the
 *   pages of islands hydrate on Preact as in production; the router's dev server keeps React and
 *   its Fast Refresh for the router's pages. One dev server cannot give one module two Reacts.
 *
 * It stops the build, and the dev server's start, when a route names a page not declared or a
 * declared page is named by no route.
 */
export function islandsBuild(appDir: string, options: IslandsBuildOptions): Plugin {
  let serving = false;
  let root = "";
  let outDir = "";
  let sourcemap: boolean | "inline" | "hidden" = false;
  let markup: Record<string, string[]> | undefined;
  const checkPages = () => {
    const problems = readIslandsPagesProblems(appDir);
    if (problems.length > 0) throw new Error(`Pages of islands (app/islands/pages.ts):\n- ${problems.join("\n- ")}`);
  };
  return {
    name: "ahenfie:islands",
    enforce: "pre",
    configResolved(config) {
      serving = config.command === "serve";
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      sourcemap = config.build.sourcemap;
    },
    configureServer() {
      checkPages();
    },
    buildStart() {
      if (!serving) checkPages();
    },
    api: {
      devServer: (dev) => createServer(islandsDevConfig({ appDir, root, aliases: options.aliases, ...dev })),
    } satisfies IslandsPluginApi,
    generateBundle(_options, bundle) {
      if (serving) return;
      const chunks = Object.values(bundle).flatMap((file) => (file.type === "chunk" ? [file] : []));
      for (const chunk of chunks) {
        const preact = chunk.moduleIds.find((id) => PREACT.test(id));
        if (preact) this.error(`The router's chunk ${chunk.fileName} holds Preact (${preact}): only the islands' build may (decision 036)`);
      }
      const routes = readIslandsRoutes(appDir);
      markup = Object.fromEntries(
        Object.keys(ISLANDS_PAGES).map((page) => [
          page,
          islandsMarkupChunks(
            appDir,
            routes.filter((route) => route.islands === page).map((route) => route.file),
            chunks,
          ),
        ]),
      );
    },
    async closeBundle(error?: Error) {
      if (serving || error || !markup) return;
      await buildIslands({ appDir, root, outDir, sourcemap, markup, ...options });
    },
  };
}

/** What the router's dev server offers server/dev.ts: the islands' own dev server. */
interface IslandsPluginApi {
  devServer(options: IslandsDevServerOptions): Promise<ViteDevServer>;
}

interface IslandsDevServerOptions {
  /** The path the islands' dev server is mounted under (its modules' addresses begin with it). */
  base: string;
  /** The Node server both dev servers answer through: the islands' hot reload uses its WebSocket. */
  httpServer: HttpServer;
  /** Vite's own messages, as the router's dev server logs them. */
  logLevel: InlineConfig["logLevel"];
}

/**
 * `npm run dev`'s second Vite dev server (decision 036): the pages of islands' entries on
 * Preact, made from the options the router's dev server gave this plugin in vite.config.ts, in
 * middleware mode. server/dev.ts sends it every request under `base`.
 */
export function createIslandsDevServer(router: ViteDevServer, options: Omit<IslandsDevServerOptions, "logLevel">): Promise<ViteDevServer> {
  const api = router.config.plugins.find((plugin) => plugin.name === "ahenfie:islands")?.api as IslandsPluginApi | undefined;
  if (!api) throw new Error("vite.config.ts has no islands plugin (vite-islands.ts): the pages of islands cannot be served");
  return api.devServer({ ...options, logLevel: router.config.logLevel });
}

/**
 * The islands' dev server's configuration: what the islands' build resolves (the same entries,
 * aliases and Preact options), served as modules. Its own dependency cache, since its optimised
 * dependencies are built on Preact. Nothing there accepts hot updates (no Fast Refresh on
 * Preact here): a change to a module a page of islands loaded reloads the page.
 */
function islandsDevConfig({
  appDir,
  root,
  aliases,
  base,
  httpServer,
  logLevel,
}: IslandsDevServerOptions & { appDir: string; root: string; aliases: Record<string, string> }): InlineConfig {
  const modules = ["preact-options", "hydrate-islands", "shell", ...Object.values(ISLANDS_PAGES).filter((module) => module !== null)];
  return {
    configFile: false,
    root,
    base: `${base.replace(/\/$/, "")}/`,
    mode: "development",
    appType: "custom",
    publicDir: false,
    logLevel,
    cacheDir: path.join(root, "node_modules/.vite-islands"),
    plugins: [{ name: "ahenfie:islands-on-preact-dev", enforce: "pre", ...islandsEntries(appDir, { dev: true }) }],
    resolve: { alias: islandsOnPreactAliases(appDir, aliases) },
    optimizeDeps: {
      // What the generated entries import, found before the first page asks (no reload to re-optimise).
      entries: modules.map((module) => path.relative(root, path.join(appDir, "islands", `${module}.{ts,tsx}`))),
      include: ["preact", "preact/hooks", "preact/compat", "preact/compat/client", "preact/compat/jsx-dev-runtime"],
    },
    server: { middlewareMode: true, ws: { server: httpServer } },
  };
}

/** The generated entries: resolved by their file name in the build, by their path under the islands' dev server. */
function islandsEntries(appDir: string, { dev }: { dev: boolean }): Pick<Plugin, "resolveId" | "load"> {
  const entries = new Map(Object.keys(ISLANDS_PAGES).map((page) => [islandsEntryFile(appDir, page), page]));
  return {
    resolveId(id) {
      if (entries.has(id)) return id;
      const page = Object.keys(ISLANDS_PAGES).find((name) => islandsEntryPath(name) === id.split("?")[0]);
      return page ? islandsEntryFile(appDir, page) : null;
    },
    load(id) {
      const page = entries.get(id);
      return page ? islandsEntryModule(page, { dev }) : null;
    },
  };
}

/**
 * The islands' own browser build (decision 036): every page's generated entry, with react and
 * react-dom answered by `preact/compat`, into the router's client folder. It writes
 * `islands.json` beside that folder (each page's entry and the scripts it imports, for the
 * server to preload) and adds its scripts to the page-styles index the router's build wrote
 * (vite-page-styles.ts), each entry also counting the router's chunks that drew its markup.
 */
async function buildIslands({
  appDir,
  root,
  outDir,
  sourcemap,
  markup,
  aliases,
  plugins,
}: IslandsBuildOptions & {
  appDir: string;
  root: string;
  outDir: string;
  sourcemap: boolean | "inline" | "hidden";
  markup: Record<string, string[]>;
}) {
  const stylesFile = path.join(outDir, "..", PAGE_STYLES_FILE);
  const styles = JSON.parse(fs.readFileSync(stylesFile, "utf8")) as PageStylesIndex;
  const styled = new Set(
    Object.values(styles.stylesheets).flatMap((rules) => rules.flatMap(([, , needs]) => (needs ?? []).flatMap((names) => names))),
  );
  const entries = new Map(Object.keys(ISLANDS_PAGES).map((page) => [islandsEntryFile(appDir, page), page]));
  let manifest: IslandsManifest | undefined;
  const islands: Plugin = {
    name: "ahenfie:islands-on-preact",
    enforce: "pre",
    ...islandsEntries(appDir, { dev: false }),
    generateBundle(_options, bundle) {
      manifest = { version: 1, pages: {} };
      const chunks = new Map(Object.values(bundle).flatMap((file) => (file.type === "chunk" ? [[file.fileName, file] as const] : [])));
      for (const chunk of chunks.values()) {
        const react = chunk.moduleIds.find((id) => REACT.test(id));
        if (react) this.error(`The islands' chunk ${chunk.fileName} holds ${react}: a page of islands runs on Preact (decision 036)`);
        // Each script's classes for the page-styles index; an entry also counts the router's chunks that drew its page.
        const page = chunk.isEntry && chunk.facadeModuleId ? entries.get(chunk.facadeModuleId) : undefined;
        styles.scripts[`/${chunk.fileName}`] = mentionedClasses(chunk.code, styled);
        styles.loads[`/${chunk.fileName}`] = [...chunk.imports, ...chunk.dynamicImports, ...(page ? markup[page]! : [])].map(
          (name) => `/${name}`,
        );
      }
      for (const chunk of chunks.values()) {
        const page = chunk.isEntry && chunk.facadeModuleId ? entries.get(chunk.facadeModuleId) : undefined;
        if (!page) continue;
        const imports = new Set<string>();
        const visit = (fileName: string) => {
          const next = chunks.get(fileName);
          if (!next || imports.has(`/${fileName}`)) return;
          if (fileName !== chunk.fileName) imports.add(`/${fileName}`);
          for (const name of next.imports) visit(name);
        };
        visit(chunk.fileName);
        manifest.pages[page] = { entry: `/${chunk.fileName}`, imports: [...imports].sort() };
      }
      const missing = [...entries.values()].filter((page) => !manifest!.pages[page]);
      if (missing.length > 0) this.error(`No entry was built for the pages of islands ${missing.join(", ")}`);
    },
  };
  await build({
    configFile: false,
    root,
    mode: "production",
    logLevel: "warn",
    publicDir: false,
    plugins: [islands, ...plugins(), compileHint("islands-shell")],
    resolve: { alias: islandsOnPreactAliases(appDir, aliases) },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      assetsInlineLimit: 0,
      sourcemap,
      rolldownOptions: {
        input: Object.fromEntries([...entries].map(([file, page]) => [`${page}.client`, file])),
        output: { codeSplitting: { groups: islandsChunkGroups(appDir) } },
      },
    },
  });
  if (!manifest) throw new Error("The islands' build wrote no manifest");
  fs.writeFileSync(path.join(outDir, "..", ISLANDS_MANIFEST_FILE), JSON.stringify(manifest));
  fs.writeFileSync(stylesFile, JSON.stringify(styles));
}

/**
 * The router's chunks that draw a page of islands on the server: the root, the storefront
 * layout when the page is under it, and the routes naming the page (`routeFiles`, from the
 * project's root: `app/routes/storefront/home.tsx`, `app/routes/auth/auth.tsx`). The browser
 * never loads them there, but the page's markup uses their classes, so its share of the
 * stylesheet counts them (vite-page-styles.ts).
 */
export function islandsMarkupChunks(
  appDir: string,
  routeFiles: readonly string[],
  chunks: readonly { fileName: string; facadeModuleId: string | null }[],
): string[] {
  const files = new Set([path.join(appDir, "root.tsx"), ...routeFiles.map((file) => path.join(appDir, "..", file))]);
  if (routeFiles.some((file) => file.startsWith(path.join("app/routes/storefront") + path.sep)))
    files.add(path.join(appDir, "routes/storefront/layout.tsx"));
  return chunks.filter((chunk) => chunk.facadeModuleId && files.has(chunk.facadeModuleId.split("?")[0]!)).map((chunk) => chunk.fileName);
}

/** The generated entry's file name (it exists only as a module id). */
function islandsEntryFile(appDir: string, page: string): string {
  return path.join(appDir, "..", islandsEntryPath(page));
}

/**
 * The entry of a page of islands: Preact's options set first (`app/islands/preact-options.ts`),
 * then the shell's islands and those of the page's module hydrated. Under `npm run dev` the same,
 * after Vite's client (it reloads the page when a module it loaded changes).
 */
export function islandsEntryModule(page: string, { dev }: { dev: boolean }): string {
  const module = (ISLANDS_PAGES as Record<string, string | null>)[page];
  return [
    ...(dev ? [`import "/@vite/client";`] : []),
    `import "~/islands/preact-options";`,
    `import { hydrateIslands } from "~/islands/hydrate-islands";`,
    `import { shellIslands } from "~/islands/shell";`,
    module ? `import { pageIslands } from "~/islands/${module}";` : "const pageIslands = [];",
    `void hydrateIslands([...shellIslands, ...pageIslands]);`,
    "",
  ].join("\n");
}

/** The route files (from the project's root, `app/routes/…`) that name a page of islands in their `handle`. */
export function readIslandsRoutes(appDir: string): IslandsRoute[] {
  const routesDir = path.join(appDir, "routes");
  return (fs.readdirSync(routesDir, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file))
    .flatMap((file) => {
      const islands = islandsNamedIn(fs.readFileSync(path.join(routesDir, file), "utf8"));
      return islands === null ? [] : [{ file: path.join("app/routes", file), islands }];
    });
}

/** The declared pages against the routes that name them (app/islands/pages.ts). */
export function readIslandsPagesProblems(appDir: string): string[] {
  return islandsPagesProblems(ISLANDS_PAGES, readIslandsRoutes(appDir), (module) =>
    [".ts", ".tsx"].some((extension) => fs.existsSync(path.join(appDir, "islands", module + extension))),
  );
}
