import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { storefrontChunkGroups } from "./vite-chunks.ts";
import { browserFilesCompressed } from "./vite-compression.ts";
import { pageStylesIndex } from "./vite-page-styles.ts";
import { islandsBuild } from "./vite-islands.ts";

const aliases = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "~db": fileURLToPath(new URL("./db", import.meta.url)),
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tailwindcss(),
    reactRouter(),
    !isSsrBuild && browserFilesCompressed(),
    // Each page's share of the stylesheet, for the server to inline (vite-page-styles.ts).
    !isSsrBuild && pageStylesIndex(),
    // The pages hydrated as islands, without the router's code, on Preact: a build of their own
    // once the router's is written (vite-islands.ts, decisions 021 and 036).
    !isSsrBuild && islandsBuild(aliases["~"], { aliases, plugins: () => [browserFilesCompressed()] }),
  ],
  resolve: { alias: aliases },
  build: {
    assetsInlineLimit: 0,
    sourcemap: process.env.ANALYZE === "1",
    // The browser's chunks (see vite-chunks.ts); the server build is one file in the end.
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: storefrontChunkGroups(fileURLToPath(new URL("./app", import.meta.url))) } } },
  },
  ssr: {
    // pg, sharp and PGlite stay plain Node imports on the server.
    external: ["pg", "sharp", "@electric-sql/pglite", "pino"],
    // Bundled, so the server holds only the icons and primitives the pages use: imported
    // whole from node_modules, lucide's icons alone took some 35 MB of the server's memory.
    noExternal: ["lucide", "radix-ui", /^@radix-ui\//],
  },
}));
