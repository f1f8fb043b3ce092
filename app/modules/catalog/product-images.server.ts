import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import pLimit from "p-limit";
import { PRODUCT_IMAGE_WIDTHS } from "~/lib/images";
import { ImageTooLargeError, NotAnImageError, UnsupportedImageTypeError } from "./product-errors";

/**
 * Product photo uploads. The picture's real content decides (sharp reads it); the file name
 * and the type the browser declared are not trusted. Each upload is stored the way the
 * storefront reads product pictures (app/lib/images.ts): `<base>-<width>.webp` for each of
 * PRODUCT_IMAGE_WIDTHS, where the base is what goes into image_url.
 */
/**
 * sharp (libvips) is loaded when the first photo arrives, not when the server starts: loading it
 * adds some 30 MB to the server's memory, which a shop that is only selling never needs.
 */
export const loadSharp = () => import("sharp").then((module) => module.default);

export const PRODUCT_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Decoding limit: a small file can still claim an enormous picture (a "decompression bomb"). */
export const PRODUCT_IMAGE_MAX_PIXELS = 50_000_000;
/** The storefront shows product pictures at 4:5 (960×1200); the files are cut to match. */
const ASPECT_HEIGHT_PER_WIDTH = 5 / 4;
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
export const uploadedImageSharpOptions = { limitInputPixels: PRODUCT_IMAGE_MAX_PIXELS, failOn: "truncated" } as const;

/**
 * Checks, resizes and stores a product photo; returns its base URL (`/uploads/products/<name>`,
 * without the `-<width>.webp` suffix). Files go to `<uploadsDir>/products/`.
 *
 * - JPEG, PNG and WebP only, at most 8 MB and 50 megapixels; typed errors otherwise.
 * - Turned upright from its EXIF orientation, converted to sRGB, metadata (camera, GPS) dropped.
 * - Cut to the storefront's 4:5 frame (centred, as the page's object-cover would show it) at
 *   each of PRODUCT_IMAGE_WIDTHS (240×300 to 960×1200). Smaller photos are enlarged so every
 *   file exists and matches the widths the page's srcset announces.
 * - Named after a hash of the uploaded bytes: the same photo uploaded twice is one set of
 *   files, and a name cannot be guessed before the photo exists.
 */
export async function saveProductImage(file: UploadedImage, uploadsDir: string): Promise<string> {
  await checkUploadedImage(file);

  const name = crypto.createHash("sha256").update(file.bytes).digest("hex").slice(0, 32);
  const folder = path.join(uploadsDir, "products");
  await fs.mkdir(folder, { recursive: true });

  let resized: { width: number; data: Buffer }[];
  const sharp = await loadSharp();
  try {
    resized = await Promise.all(
      PRODUCT_IMAGE_WIDTHS.map(async (width) => ({
        width,
        data: await sharp(file.bytes, uploadedImageSharpOptions)
          .autoOrient()
          .resize({ width, height: Math.round(width * ASPECT_HEIGHT_PER_WIDTH), fit: "cover", position: "centre" })
          .webp({ quality: 82 })
          .toBuffer(),
      })),
    );
  } catch {
    // The header was readable but the picture itself is broken (a truncated download, say).
    throw new NotAnImageError();
  }

  for (const { width, data } of resized) await writeAtomically(path.join(folder, `${name}-${width}.webp`), data);
  return `/uploads/products/${name}`;
}

/** Written beside the target and renamed, so a half-written file is never served. */
async function writeAtomically(target: string, data: Buffer) {
  const temporary = `${target}.${crypto.randomBytes(6).toString("hex")}.tmp`;
  await fs.writeFile(temporary, data);
  await fs.rename(temporary, target);
}

const LARGEST_WIDTH = Math.max(...PRODUCT_IMAGE_WIDTHS);
const STORED_FILE_NAME = /^([0-9a-f]{32})-(\d+)\.webp$/;
/** One picture made at a time: a burst of requests for old photos must not take every core. */
const derivations = pLimit(1);
const derivationsInFlight = new Map<string, Promise<boolean>>();

/**
 * Photos uploaded before a width joined PRODUCT_IMAGE_WIDTHS lack that width's file, which the
 * page's srcset now names. The first request for it makes it from the photo's largest file (which
 * every upload has) and stores it beside the others; later requests find the file. Only names
 * this module writes and widths the storefront uses qualify, so a request cannot make anything
 * else; concurrent requests for one file share one resize.
 *
 * `fileName` is the last part of the URL (`<name>-<width>.webp`) under `<uploadsDir>/products/`.
 * Returns whether the file exists now.
 */
export function deriveMissingProductImage(uploadsDir: string, fileName: string): Promise<boolean> {
  const match = STORED_FILE_NAME.exec(fileName);
  const width = Number(match?.[2]);
  if (!match || !(PRODUCT_IMAGE_WIDTHS as readonly number[]).includes(width)) return Promise.resolve(false);
  const folder = path.join(uploadsDir, "products");
  const target = path.join(folder, fileName);
  const pending = derivationsInFlight.get(target);
  if (pending) return pending;
  const derivation = derivations(async () => {
    if (await exists(target)) return true;
    const source = path.join(folder, `${match[1]}-${LARGEST_WIDTH}.webp`);
    if (!(await exists(source))) return false;
    const sharp = await loadSharp();
    const data = await sharp(source, uploadedImageSharpOptions)
      .resize({ width, height: Math.round(width * ASPECT_HEIGHT_PER_WIDTH), fit: "cover", position: "centre" })
      .webp({ quality: 82 })
      .toBuffer();
    await writeAtomically(target, data);
    return true;
  }).finally(() => derivationsInFlight.delete(target));
  derivationsInFlight.set(target, derivation);
  return derivation;
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );
