import zlib from "node:zlib";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

/** The levels the browser's files are compressed at, once, in the build: the best of each. */
const BROTLI: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } };
const GZIP: zlib.ZlibOptions = { level: zlib.constants.Z_BEST_COMPRESSION };

// The browser's files compressed once, at the best levels, beside themselves (x.js.br,
// x.js.gz): the server sends the smallest the browser accepts (server/http.ts) instead of
// gzipping each at a middling level as it goes. Brotli takes 14 % off React's chunk.
export const browserFilesCompressed = () =>
  compression({
    algorithms: [defineAlgorithm("brotliCompress", BROTLI), defineAlgorithm("gzip", GZIP)],
    threshold: 1024,
    exclude: [/\.vite\//], // the build's manifest, read by the build only
    logLevel: "silent",
  });

/** A file's compressed copies as `browserFilesCompressed` makes them, by the extension it gives each. */
export function compressedCopies(code: string): Record<"br" | "gz", Buffer> {
  return { br: zlib.brotliCompressSync(code, BROTLI), gz: zlib.gzipSync(code, GZIP) };
}
