import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { NotAnImageError } from "~/modules/catalog/product-errors";
import { checkUploadedImage, loadSharp, uploadedImageSharpOptions, type UploadedImage } from "~/modules/catalog/product-images.server";

/**
 * A customer's reference photos for a custom request. They may show the customer, so they are
 * private: kept under DATA_DIR/custom-requests (never the public uploads folder) with names that
 * cannot be guessed, and served only to staff (routes/admin/custom-request-photo.ts).
 */
export const CUSTOM_REQUEST_PHOTO_NAME = /^[0-9a-f]{32}\.webp$/;
/** Big enough for a tailor to see the detail of a cloth, small enough to open quickly. */
const MAX_EDGE = 1600;

export const customRequestPhotosDir = (dataDir: string) => path.join(dataDir, "custom-requests");

/**
 * Checks a photo as product photos are checked (content, type, size, pixels), turns it upright,
 * drops its metadata (camera, GPS) and stores it as WebP; returns the stored name.
 */
export async function saveCustomRequestPhoto(file: UploadedImage, dataDir: string): Promise<string> {
  await checkUploadedImage(file);
  let data: Buffer;
  const sharp = await loadSharp();
  try {
    data = await sharp(file.bytes, uploadedImageSharpOptions)
      .autoOrient()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new NotAnImageError();
  }
  const name = `${crypto.randomBytes(16).toString("hex")}.webp`;
  const folder = customRequestPhotosDir(dataDir);
  await fs.mkdir(folder, { recursive: true });
  const target = path.join(folder, name);
  // Written beside the target and renamed, so a half-written file is never served.
  const temporary = `${target}.${crypto.randomBytes(6).toString("hex")}.tmp`;
  await fs.writeFile(temporary, data);
  await fs.rename(temporary, target);
  return name;
}

/** Removes photos stored for a request that was then not saved. */
export async function deleteCustomRequestPhotos(names: string[], dataDir: string): Promise<void> {
  await Promise.all(
    names
      .filter((n) => CUSTOM_REQUEST_PHOTO_NAME.test(n))
      .map((n) => fs.rm(path.join(customRequestPhotosDir(dataDir), n), { force: true })),
  );
}

/** A stored photo's bytes, or null when the name is not one of ours or the file is gone. */
export async function readCustomRequestPhoto(name: string, dataDir: string): Promise<Buffer | null> {
  if (!CUSTOM_REQUEST_PHOTO_NAME.test(name)) return null;
  try {
    return await fs.readFile(path.join(customRequestPhotosDir(dataDir), name));
  } catch {
    return null;
  }
}
