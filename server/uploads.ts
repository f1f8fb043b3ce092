import type { Context, Next } from "hono";
import path from "node:path";
import { deriveMissingProductImage } from "~/modules/catalog/product-images.server";
import type { Logger } from "./logger";
import { IMMUTABLE, staticFiles } from "./static-files";

/**
 * `/uploads/*`: the photos uploaded in the admin and with reviews, from `<dataDir>/uploads/`.
 * They are named by their content, so they never change. A product photo stored before one of
 * today's widths existed gets that width made on its first request (deriveMissingProductImage).
 */
export function serveUploads(dataDir: string, logger: Logger) {
  const serveFile = staticFiles({ root: dataDir }, IMMUTABLE);
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
