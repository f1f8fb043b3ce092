import type { RootData } from "~/lib/root-data";
import { brand } from "~/lib/brand";

/**
 * The store's name (Settings → General) for a route's meta function, read from the root
 * loader's data among the meta args' matches: every <title>, og:site_name and structured data
 * name states the store name as set, not the brand default.
 */
export function storeNameOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string {
  return rootDataOf(matches)?.store?.name ?? brand.name;
}

/** The root loader's data among the meta args' matches (undefined on error pages). */
export function rootDataOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]): RootData | undefined {
  return matches.find((m) => m?.id === "root")?.data as RootData | undefined;
}
