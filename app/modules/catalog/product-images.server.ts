import crypto from "node:crypto";
import pLimit from "p-limit";
import type Sharp from "sharp";
import type { Db } from "~db/client";
import { PRODUCT_IMAGE_WIDTHS, productImageHeight } from "~/lib/images";
import {
  PRODUCT_PHOTO_PATH,
  productPhotoPath,
  readUploadedFile,
  reviewPhotoPath,
  storeUploadedFiles,
} from "~/modules/uploads/uploaded-files.server";
import { ImageTooLargeError, NotAnImageError, UnsupportedImageTypeError } from "./product-errors";

/**
 * Product photo uploads. The picture's real content decides (sharp reads it); the file name
 * and the type the browser declared are not trusted. Each upload is stored the way the
 * storefront reads product pictures (app/lib/images.ts): `<base>-<width>.webp` for each of
 * PRODUCT_IMAGE_WIDTHS, where the base is what goes into image_url. They are stored in the
 * database (app/modules/uploads) and served under /uploads/ (server/uploads.ts).
 */
/**
 * sharp (libvips) is loaded when the first photo arrives, not when the server starts: loading it
 * adds some 30 MB to the server's memory, which a shop that is only selling never needs.
 */
let sharpLoaded: Promise<typeof Sharp> | undefined;
export function loadSharp() {
  sharpLoaded ??= import("sharp").then(({ default: sharp }) => {
    // Memory stays bounded under a flood of uploads: libvips keeps no cache of decoded pictures
    // (every upload is a different picture) and one decode uses one thread, so a photo never
    // takes both cores from the shoppers browsing meanwhile.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return sharpLoaded;
}

/**
 * Every decode of an uploaded photo on this process (product, review and custom request photos,
 * and the widths made later) waits its turn here: one at a time, so a burst of large photos
 * (from one address or many) queues instead of holding several decoded pictures in memory and
 * every core at once. What waits is only the compressed upload, already counted by the body limit.
 */
const imageDecoding = pLimit(1);
export const withImageDecoding = <T>(work: () => Promise<T>): Promise<T> => imageDecoding(work);

export const PRODUCT_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Decoding limit: a small file can still claim an enormous picture (a "decompression bomb"). */
export const PRODUCT_IMAGE_MAX_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export interface UploadedImage {
  bytes: Uint8Array;
  /** As declared by the browser; informative only. */
  type: string;
  name: string;
}

async function readFormat(bytes: Uint8Array) {
  try {
    // Only the header is read here, so no pixel limit yet: a too-large picture should be
    // reported as too large, not as unreadable.
    const sharp = await loadSharp();
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    return { format: metadata.format as string | undefined, pixels: (metadata.width ?? 0) * (metadata.height ?? 0) };
  } catch {
    throw new NotAnImageError();
  }
}

/**
 * The checks every uploaded photo passes (product, review and custom request photos): JPEG, PNG
 * or WebP by its content, at most 8 MB and 50 megapixels; typed errors (ProductImageError) otherwise.
 */
export async function checkUploadedImage(file: UploadedImage): Promise<void> {
  if (file.bytes.byteLength > PRODUCT_IMAGE_MAX_BYTES) throw new ImageTooLargeError("8 MB");
  if (file.bytes.byteLength === 0) throw new NotAnImageError();
  const { format, pixels } = await readFormat(file.bytes);
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new UnsupportedImageTypeError(format ?? "unknown");
  if (pixels > PRODUCT_IMAGE_MAX_PIXELS) {
    throw new ImageTooLargeError("50 megapixels", "The image has too many pixels. Please upload one of at most 50 megapixels.");
  }
}

/** Decoding options for a checked photo: the pixel limit, and a truncated file is an error. */
export const uploadedImageSharpOptions = {
  limitInputPixels: PRODUCT_IMAGE_MAX_PIXELS,
  failOn: "truncated",
  // Reads the picture top to bottom once: a resize then holds a few rows, not the whole image.
  sequentialRead: true,
} as const;
/** How every stored photo is encoded. */
export const storedWebpOptions = { quality: 82 } as const;

/** The storefront's 4:5 frame at `width`, cut centred as the page's object-cover would show it. */
const productFrame = (width: number) => ({ width, height: productImageHeight(width), fit: "cover", position: "centre" }) as const;

/**
 * Checks, resizes and stores a product photo (review photos: saveReviewPhoto); returns its base URL
 * (`/uploads/products/<name>`, without the `-<width>.webp` suffix). The files go to the database
 * (uploaded-files.server.ts), so every instance serves them.
 *
 * - JPEG, PNG and WebP only, at most 8 MB and 50 megapixels; typed errors otherwise.
 * - Turned upright from its EXIF orientation, converted to sRGB, metadata (camera, GPS) dropped.
 * - Cut to the storefront's 4:5 frame (centred, as the page's object-cover would show it) at
 *   each of PRODUCT_IMAGE_WIDTHS (240×300 to 960×1200). Smaller photos are enlarged so every
 *   file exists and matches the widths the page's srcset announces.
 * - Named after a hash of the uploaded bytes: the same photo uploaded twice is one set of
 *   files, and a name cannot be guessed before the photo exists.
 */
export async function saveProductImage(file: UploadedImage, db: Db): Promise<string> {
  const name = crypto.createHash("sha256").update(file.bytes).digest("hex").slice(0, 32);
  const resized = await resizeToProductWidths(file);
  // All widths in one statement: a page never names a photo that has only some of them.
  await storeUploadedFiles(
    db,
    resized.map(({ width, data }) => ({ path: productPhotoPath(name, width), contentType: "image/webp", bytes: data })),
  );
  return `/uploads/products/${name}`;
}

/**
 * A review's photo: checked and cut as a product photo is, but named by random bytes (not by
 * its content, which the uploader could hash to find it) and kept under `reviews/`, which
 * `/uploads/` serves only for an approved review, or to staff and the review's author
 * (app/modules/reviews/review-photos.server.ts). Returns its base URL (`/uploads/reviews/<name>`).
 */
export async function saveReviewPhoto(file: UploadedImage, db: Db): Promise<string> {
  const resized = await resizeToProductWidths(file);
  const name = crypto.randomBytes(16).toString("hex");
  await storeUploadedFiles(
    db,
    resized.map(({ width, data }) => ({ path: reviewPhotoPath(name, width), contentType: "image/webp", bytes: data })),
  );
  return `/uploads/reviews/${name}`;
}

/** Checks a photo and cuts it to each of PRODUCT_IMAGE_WIDTHS, in the process's decoding turn. */
function resizeToProductWidths(file: UploadedImage): Promise<{ width: number; data: Buffer }[]> {
  return withImageDecoding(async () => {
    await checkUploadedImage(file);
    const sharp = await loadSharp();
    const widths: { width: number; data: Buffer }[] = [];
    try {
      // One width after another: one decoded picture in memory at a time.
      for (const width of PRODUCT_IMAGE_WIDTHS) {
        widths.push({
          width,
          data: await sharp(file.bytes, uploadedImageSharpOptions)
            .autoOrient()
            .resize(productFrame(width))
            .webp(storedWebpOptions)
            .toBuffer(),
        });
      }
    } catch {
      // The header was readable but the picture itself is broken (a truncated download, say).
      throw new NotAnImageError();
    }
    return widths;
  });
}

const LARGEST_WIDTH = Math.max(...PRODUCT_IMAGE_WIDTHS);
const derivationsInFlight = new Map<string, Promise<Buffer | null>>();

/**
 * Photos uploaded before a width joined PRODUCT_IMAGE_WIDTHS lack that width's file, which the
 * page's srcset now names. The first request for it makes it from the photo's largest file (which
 * every upload has) and stores it beside the others; later requests find it. Only names this
 * module writes and widths the storefront uses qualify, so a request cannot make anything else;
 * concurrent requests for one file on this instance share one resize (another instance making
 * the same file at the same time stores the same bytes, and the first one stored stays).
 *
 * `filePath` is the file's path under `/uploads/` (`products/<name>-<width>.webp`). Returns the
 * file's bytes, or null when it cannot be made.
 */
export function deriveMissingProductImage(db: Db, filePath: string): Promise<Buffer | null> {
  const match = PRODUCT_PHOTO_PATH.exec(filePath);
  const width = Number(match?.[2]);
  if (!match || !(PRODUCT_IMAGE_WIDTHS as readonly number[]).includes(width)) return Promise.resolve(null);
  const pending = derivationsInFlight.get(filePath);
  if (pending) return pending;
  // One picture made at a time (withImageDecoding): a burst of requests for old photos must not take every core.
  const derivation = withImageDecoding(async () => {
    const existing = await readUploadedFile(db, filePath);
    if (existing) return existing.bytes;
    const source = await readUploadedFile(db, productPhotoPath(match[1]!, LARGEST_WIDTH));
    if (!source) return null;
    const sharp = await loadSharp();
    const data = await sharp(source.bytes, uploadedImageSharpOptions).resize(productFrame(width)).webp(storedWebpOptions).toBuffer();
    await storeUploadedFiles(db, [{ path: filePath, contentType: "image/webp", bytes: data }]);
    return data;
  }).finally(() => derivationsInFlight.delete(filePath));
  derivationsInFlight.set(filePath, derivation);
  return derivation;
}
