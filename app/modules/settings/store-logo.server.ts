import crypto from "node:crypto";
import type { Db } from "~db/client";
import { loadSharp, uploadedImageSharpOptions, withImageDecoding } from "~/modules/catalog/product-images.server";
import { deleteUploadedFiles, storeLogoPath, storeUploadedFiles } from "~/modules/uploads/uploaded-files.server";
import { getStoreSettings, saveStoreSettings } from "./settings.server";
import { STORE_LOGO_MAX_BYTES, STORE_LOGO_MESSAGES } from "./store-logo-rules";
import { STORE_LOGO_BOX, type StoreLogo } from "./store-settings";

/**
 * The shop's logo (Settings → General, decision 032). The picture's content decides, never its
 * name or declared type: PNG, JPEG or WebP of at most 2 MB and 50 megapixels; it is turned
 * upright, fitted inside 480×160 (never enlarged), its metadata dropped, and stored as a WebP
 * (transparency kept) with the other uploads (`logos/<hash>.webp`, served under /uploads/,
 * public). The setting is saved after the file is stored, so a page never names a logo that is
 * not there; the logo it replaces is removed after.
 */
export class StoreLogoError extends Error {
  override name = "StoreLogoError";
}

const ACCEPTED_FORMATS = new Set(["png", "jpeg", "webp"]);
const MAX_PIXELS = 50_000_000;

export async function saveStoreLogo(db: Db, bytes: Uint8Array): Promise<StoreLogo> {
  if (bytes.byteLength > STORE_LOGO_MAX_BYTES) throw new StoreLogoError(STORE_LOGO_MESSAGES.size);
  if (bytes.byteLength === 0) throw new StoreLogoError(STORE_LOGO_MESSAGES.missing);
  const made = await withImageDecoding(async () => {
    const sharp = await loadSharp();
    const metadata = await sharp(bytes, { limitInputPixels: false })
      .metadata()
      .catch(() => null);
    if (!metadata) throw new StoreLogoError(STORE_LOGO_MESSAGES.unreadable);
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw new StoreLogoError(STORE_LOGO_MESSAGES.type);
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_PIXELS) throw new StoreLogoError(STORE_LOGO_MESSAGES.size);
    try {
      return await sharp(bytes, { ...uploadedImageSharpOptions, limitInputPixels: MAX_PIXELS })
        .autoOrient()
        .resize({ ...STORE_LOGO_BOX, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 90, alphaQuality: 100 })
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw new StoreLogoError(STORE_LOGO_MESSAGES.unreadable);
    }
  });
  const name = crypto.createHash("sha256").update(made.data).digest("hex").slice(0, 32);
  const logo: StoreLogo = { url: `/uploads/${storeLogoPath(name)}`, width: made.info.width, height: made.info.height };
  const previous = (await getStoreSettings(db)).logo;
  await storeUploadedFiles(db, [{ path: storeLogoPath(name), contentType: "image/webp", bytes: made.data }]);
  await saveStoreSettings(db, { logo });
  if (previous && previous.url !== logo.url) await deleteUploadedFiles(db, [previous.url.slice("/uploads/".length)]);
  return logo;
}

/** Back to the text wordmark; the stored file goes too. Removing twice is a no-op. */
export async function removeStoreLogo(db: Db): Promise<void> {
  const previous = (await getStoreSettings(db)).logo;
  if (!previous) return;
  await saveStoreSettings(db, { logo: null });
  await deleteUploadedFiles(db, [previous.url.slice("/uploads/".length)]);
}
