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
 * Given by entry.server only, from the production build: without it (the dev server, or in the
 * browser once the router runs) every page is hydrated by the router.
 */
export const IslandsManifestContext = createContext<IslandsManifest | null>(null);
