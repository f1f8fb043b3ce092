import crypto from "node:crypto";
import type { Db } from "~db/client";
import { NotAnImageError } from "~/modules/catalog/product-errors";
import {
  checkUploadedImage,
  loadSharp,
  storedWebpOptions,
  uploadedImageSharpOptions,
  withImageDecoding,
  type UploadedImage,
} from "~/modules/catalog/product-images.server";
import {
  CUSTOM_REQUEST_PHOTO_NAME,
  customRequestPhotoPath,
  deleteUploadedFiles,
  readUploadedFile,
  storeUploadedFiles,
} from "~/modules/uploads/uploaded-files.server";

/**
 * A customer's reference photos for a custom request. They may show the customer, so they are
 * private: stored in the database apart from the public photos (never under /uploads/), with
 * names that cannot be guessed, and served only to staff (routes/admin/custom-request-photo.ts).
 */
export { CUSTOM_REQUEST_PHOTO_NAME };
/** Big enough for a tailor to see the detail of a cloth, small enough to open quickly. */
const MAX_EDGE = 1600;

/**
 * Checks a photo as product photos are checked (content, type, size, pixels), turns it upright,
 * drops its metadata (camera, GPS) and stores it as WebP; returns the stored name.
 */
export async function saveCustomRequestPhoto(file: UploadedImage, db: Db): Promise<string> {
  // Checked and decoded in the process's one decoding turn (withImageDecoding).
  const data = await withImageDecoding(async () => {
    await checkUploadedImage(file);
    const sharp = await loadSharp();
    try {
      return await sharp(file.bytes, uploadedImageSharpOptions)
        .autoOrient()
        .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: "inside", withoutEnlargement: true })
        .webp(storedWebpOptions)
        .toBuffer();
    } catch {
      throw new NotAnImageError();
    }
  });
  const name = `${crypto.randomBytes(16).toString("hex")}.webp`;
  await storeUploadedFiles(db, [{ path: customRequestPhotoPath(name), contentType: "image/webp", bytes: data }]);
  return name;
}

/** Removes photos stored for a request that was then not saved. */
export async function deleteCustomRequestPhotos(names: string[], db: Db): Promise<void> {
  await deleteUploadedFiles(db, names.filter((name) => CUSTOM_REQUEST_PHOTO_NAME.test(name)).map(customRequestPhotoPath));
}

/** A stored photo's bytes, or null when the name is not one of ours or the photo is gone. */
export async function readCustomRequestPhoto(name: string, db: Db): Promise<Buffer | null> {
  if (!CUSTOM_REQUEST_PHOTO_NAME.test(name)) return null;
  return (await readUploadedFile(db, customRequestPhotoPath(name)))?.bytes ?? null;
}
