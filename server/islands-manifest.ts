import type { IslandsManifest } from "~/islands/islands-manifest";
import { readBuildFile } from "./build-file";

/** The build's pages of islands (vite-islands.ts), or null without one: every page is then hydrated by the router. */
export function readIslandsManifest(file: string): IslandsManifest | null {
  return readBuildFile<IslandsManifest>(file, 1);
}
