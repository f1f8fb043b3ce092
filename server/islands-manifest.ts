import fs from "node:fs";
import type { IslandsManifest } from "~/islands/islands-manifest";

/** The build's pages of islands (vite-islands.ts), or null without one: every page is then hydrated by the router. */
export function readIslandsManifest(file: string): IslandsManifest | null {
  try {
    const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as IslandsManifest;
    return manifest.version === 1 ? manifest : null;
  } catch {
    return null;
  }
}
