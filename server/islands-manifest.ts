import type { IslandsManifest } from "~/islands/islands-manifest";
import { ISLANDS_PAGES, islandsEntryPath } from "~/islands/pages";
import { readBuildFile } from "./build-file";

/** The build's pages of islands (vite-islands.ts), or null without one: every page is then hydrated by the router. */
export function readIslandsManifest(file: string): IslandsManifest | null {
  return readBuildFile<IslandsManifest>(file, 1);
}

/** Where `npm run dev` mounts the islands' own Vite dev server, on Preact (server/dev.ts, vite-islands.ts). */
export const ISLANDS_DEV_BASE = "/@islands";

/**
 * The pages of islands under `npm run dev`: the same pages as the build's, each loading its
 * generated entry, which the islands' dev server serves as a module with what it imports, on
 * Preact (vite-islands.ts). Nothing to preload beside it: Vite serves modules one by one.
 */
export function devIslandsManifest(): IslandsManifest {
  return {
    version: 1,
    pages: Object.fromEntries(
      Object.keys(ISLANDS_PAGES).map((page) => [page, { entry: `${ISLANDS_DEV_BASE}${islandsEntryPath(page)}`, imports: [] }]),
    ),
  };
}
