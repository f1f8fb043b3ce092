import type { IslandsManifest } from "~/islands/islands-manifest";
import { ISLANDS_PAGES, islandsEntryPath } from "~/islands/pages";
import { readBuildFile } from "./build-file";

/** The build's pages of islands (vite-islands.ts), or null without one: every page is then hydrated by the router. */
export function readIslandsManifest(file: string): IslandsManifest | null {
  return readBuildFile<IslandsManifest>(file, 1);
}

/**
 * The pages of islands under `npm run dev`: the same pages as the build's, each loading its
 * generated entry, which Vite serves as a module with what it imports (vite-islands.ts). Nothing
 * to preload beside it: Vite serves modules one by one.
 */
export function devIslandsManifest(): IslandsManifest {
  return {
    version: 1,
    pages: Object.fromEntries(Object.keys(ISLANDS_PAGES).map((page) => [page, { entry: islandsEntryPath(page), imports: [] }])),
  };
}
