import type { Plugin } from "vite";
import { compressedCopies } from "./vite-compression.ts";

/** V8's explicit compile hint (v8.dev, "Explicit compile hints", Chrome 136 and later). */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * Marks one chunk of the islands' build for eager compilation: V8 compiles every function of the
 * file while it streams in, on a background thread, instead of each on the page's main thread at
 * its first call. Only the islands' shell (`chunkName`): every page of islands runs most of it as
 * it hydrates the header, cart and toasts, the first hydration Lighthouse counts as blocking.
 * Marking every chunk compiled code no page runs and cost more than it saved (docs/performance.md).
 *
 * V8 honours the comment only before any code, and Vite puts its preload map (`__vite__mapDeps`)
 * first in the chunk when it finishes the bundle, after `postBanner` would have run: the comment is
 * written once the bundle is whole (`order: "post"`), and the chunk's compressed copies, which
 * vite-plugin-compression2 made from the code without it, are made again (`compressedCopies`).
 */
export function compileHint(chunkName: string): Plugin {
  return {
    name: "ahenfie:compile-hint",
    apply: "build",
    enforce: "post",
    // A new file name for the new content: a browser holding the unmarked file keeps it forever (immutable).
    augmentChunkHash: (chunk) => (chunk.name === chunkName ? COMPILE_HINT : undefined),
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const chunk = Object.values(bundle).find((file) => file.type === "chunk" && file.name === chunkName);
        if (chunk?.type !== "chunk") return this.error(`No chunk named ${chunkName} to mark for eager compilation`);
        chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
        // Its source map (ANALYZE=1) one line lower to match.
        const map = bundle[`${chunk.fileName}.map`];
        if (map?.type === "asset") {
          const json = JSON.parse(String(map.source)) as { mappings: string };
          map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
        }
        for (const [extension, bytes] of Object.entries(compressedCopies(chunk.code))) {
          const copy = bundle[`${chunk.fileName}.${extension}`];
          if (copy?.type === "asset") copy.source = bytes;
        }
      },
    },
  };
}
