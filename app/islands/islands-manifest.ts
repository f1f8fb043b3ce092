import { createContext } from "react";

/**
 * The build's scripts for each page of islands (vite-islands.ts writes it beside the client's
 * folder): the page's entry and every script it imports, to preload them all at once.
 */
export interface IslandsManifest {
  version: 1;
  pages: Record<string, { entry: string; imports: string[] }>;
}

export const ISLANDS_MANIFEST_FILE = "islands.json";

/**
 * Given by entry.server only, from the build (or, under `npm run dev`, the same pages served by
 * the islands' Vite dev server): without it (in the browser once the router runs, or a server started without a build)
 * every page is hydrated by the router.
 */
export const IslandsManifestContext = createContext<IslandsManifest | null>(null);
