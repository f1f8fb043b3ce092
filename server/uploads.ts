import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Next } from "hono";
import path from "node:path";
import { deriveMissingProductImage } from "~/modules/catalog/product-images.server";
import type { Logger } from "./logger";

/**
 * `/uploads/*`: the photos uploaded in the admin and with reviews, from `<dataDir>/uploads/`.
 * They are named by their content, so they never change. A product photo stored before one of
 * today's widths existed gets that width made on its first request (deriveMissingProductImage).
 */
export function serveUploads(dataDir: string, logger: Logger) {
  const serveStored = serveStatic({ root: dataDir });
  /** The stored file with its caching, or undefined when there is none. */
  const serveFile = async (c: Context) => {
    const response = await serveStored(c, async () => {});
    // Set on the response itself: a header set on the context after the body is made is lost
    // unless another middleware already touched the response.
    response?.headers.set("Cache-Control", "public, max-age=31536000, immutable");
    return response;
  };
  const uploadsDir = path.join(dataDir, "uploads");

  return async (c: Context, next: Next) => {
    const stored = await serveFile(c);
    if (stored) return stored;
    const [, folder, fileName, ...rest] = c.req.path.split("/").slice(1);
    if (c.req.method === "GET" && folder === "products" && fileName && rest.length === 0) {
      const made = await deriveMissingProductImage(uploadsDir, fileName).catch((error: unknown) => {
        logger.warn({ err: error, path: c.req.path }, "could not make a missing width of an uploaded photo");
        return false;
      });
      if (made) return (await serveFile(c)) ?? next();
    }
    return next();
  };
}
