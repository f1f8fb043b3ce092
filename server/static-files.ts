import { serveStatic } from "@hono/node-server/serve-static";
import type { Context } from "hono";

/** For files named by their content or fingerprint: they never change under their name. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/** For public/'s files (pictures, icons): their names stay when they change, so browsers ask again after a day. */
export const PUBLIC_FILE_CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";

/** The build's scripts and the pictures: answered without a log line, by the framework and the http layer alike. */
export const isUnloggedFilePath = (path: string) => path.startsWith("/assets/") || path.startsWith("/images/");

/**
 * Files under `root` as served by `serveStatic`, each response carrying `cacheControl`; undefined
 * when there is no such file. The header is set on the response itself: one set on the context
 * after the body is made (serveStatic's `onFound`) is lost unless some other middleware has
 * already touched the response.
 */
export function staticFiles(options: { root: string; precompressed?: boolean }, cacheControl: string) {
  const serve = serveStatic(options);
  return async (c: Context): Promise<Response | undefined> => {
    const response = await serve(c, async () => {});
    response?.headers.set("Cache-Control", cacheControl);
    return response ?? undefined;
  };
}
