import type { Context, Next } from "hono";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Db } from "~db/client";
import { deriveMissingProductImage } from "~/modules/catalog/product-images.server";
import { PRODUCT_PHOTO_PATH, readUploadedFile, REVIEW_PHOTO_PATH, STORE_LOGO_PATH } from "~/modules/uploads/uploaded-files.server";
import type { Logger } from "./logger";
import { IMMUTABLE, staticFiles } from "./static-files";

/**
 * `/uploads/*`: the product and review photos uploaded in the admin and with reviews, and the
 * shop's logo (`logos/…`, Settings → General). They live
 * in the database (app/modules/uploads), so every instance serves the same ones; each instance
 * keeps a copy of what it has served under `<dataDir>/uploads/` and serves that first, so a
 * photo costs one query per instance, not one per request. They are named by their content, so
 * neither copy ever goes stale. A product photo stored before one of today's widths existed
 * gets that width made on its first request (deriveMissingProductImage).
 *
 * Review photos (`reviews/…`) are the exception: served only while `reviewPhotoAccess` says so
 * (an approved review for anyone, else staff and the author), never kept on disk, and cached for
 * a minute at most (privately when not public), so a hidden review's photo leaves public view.
 */
export function serveUploads(
  db: Db,
  dataDir: string,
  logger: Logger,
  reviewPhotoAccess: (request: Request, filePath: string) => Promise<"public" | "private" | null>,
) {
  const serveLocalCopy = staticFiles({ root: dataDir }, IMMUTABLE);
  const localCopies = path.join(dataDir, "uploads");

  return async (c: Context, next: Next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const filePath = c.req.path.slice("/uploads/".length);
    if (REVIEW_PHOTO_PATH.test(filePath)) {
      const access = await reviewPhotoAccess(c.req.raw, filePath).catch((error: unknown) => {
        logger.warn({ err: error, path: c.req.path }, "could not check a review photo");
        return null;
      });
      const file = access ? await readUploadedFile(db, filePath) : null;
      if (!file) return next();
      return new Response(c.req.method === "HEAD" ? null : new Uint8Array(file.bytes), {
        headers: {
          "Content-Type": "image/webp",
          "Content-Length": String(file.bytes.byteLength),
          "Cache-Control": access === "public" ? "public, max-age=60" : "private, no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
    }
    const local = await serveLocalCopy(c);
    if (local) return local;
    // Only names the shop writes reach the database (no other folder, no "..", no NUL).
    if (!PRODUCT_PHOTO_PATH.test(filePath) && !STORE_LOGO_PATH.test(filePath)) return next();
    const bytes = await readPhoto(db, filePath).catch((error: unknown) => {
      logger.warn({ err: error, path: c.req.path }, "could not read an uploaded photo");
      return null;
    });
    if (!bytes) return next();
    keepLocalCopy(path.join(localCopies, filePath), bytes).catch((error: unknown) =>
      logger.warn({ err: error, path: c.req.path }, "could not keep a local copy of an uploaded photo"),
    );
    return new Response(c.req.method === "HEAD" ? null : new Uint8Array(bytes), {
      headers: {
        "Content-Type": "image/webp",
        "Content-Length": String(bytes.byteLength),
        "Cache-Control": IMMUTABLE,
        "X-Content-Type-Options": "nosniff",
      },
    });
  };
}

async function readPhoto(db: Db, filePath: string): Promise<Buffer | null> {
  return (await readUploadedFile(db, filePath))?.bytes ?? (await deriveMissingProductImage(db, filePath));
}

/** Written beside the target and renamed, so a half-written file is never served. */
async function keepLocalCopy(target: string, bytes: Buffer) {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${crypto.randomBytes(6).toString("hex")}.tmp`;
  await fs.writeFile(temporary, bytes);
  await fs.rename(temporary, target);
}
