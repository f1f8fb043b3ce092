import { eq, inArray } from "drizzle-orm";
import fs from "node:fs/promises";
import path from "node:path";
import type { Db } from "~db/client";
import { asBuffer, uploadedFiles } from "~db/schema/uploads";

/**
 * Uploaded photos live in the database (`uploaded_files`), so every instance of the shop serves
 * the same ones. A file is named by where it is read from:
 * - `products/<hash>-<width>.webp`: product photos (and review photos uploaded before issue 41),
 *   public under `/uploads/`;
 * - `reviews/<random>-<width>.webp`: review photos, under `/uploads/` only once staff approve the
 *   review (server/uploads.ts asks app/modules/reviews/review-photos.server.ts);
 * - `custom-requests/<random>.webp`: a customer's reference photos, for staff only.
 * - `logos/<hash>.webp`: the shop's logo (app/modules/settings/store-logo.server.ts), public.
 * Names come from a hash of the content or from random bytes, so a stored file never changes.
 */
export interface UploadedFile {
  path: string;
  contentType: string;
  bytes: Uint8Array;
}

/** Product and review photos: `products/<32 hex>-<width>.webp`. */
export const PRODUCT_PHOTO_PATH = /^products\/([0-9a-f]{32})-(\d+)\.webp$/;
export const productPhotoPath = (name: string, width: number) => `products/${name}-${width}.webp`;
/** Review photos: `reviews/<32 random hex>-<width>.webp` (random: nobody can name one before seeing it). */
export const REVIEW_PHOTO_PATH = /^reviews\/([0-9a-f]{32})-(\d+)\.webp$/;
export const reviewPhotoPath = (name: string, width: number) => `reviews/${name}-${width}.webp`;
/** The shop's logo (Settings → General): `logos/<32 hex of its content>.webp`, public under `/uploads/`. */
export const STORE_LOGO_PATH = /^logos\/[0-9a-f]{32}\.webp$/;
export const storeLogoPath = (name: string) => `logos/${name}.webp`;
/** A custom request's photo, by its stored name (`<32 hex>.webp`). */
export const CUSTOM_REQUEST_PHOTO_NAME = /^[0-9a-f]{32}\.webp$/;
export const customRequestPhotoPath = (name: string) => `custom-requests/${name}`;

/** Stores files in one statement. A path already stored keeps its bytes: they are the same. */
export async function storeUploadedFiles(db: Db, files: UploadedFile[]): Promise<void> {
  if (files.length === 0) return;
  // In a transaction, which the activity log records when staff upload (decision 049).
  await db.transaction((tx) =>
    tx
      .insert(uploadedFiles)
      .values(files.map((file) => ({ path: file.path, contentType: file.contentType, bytes: asBuffer(file.bytes) })))
      .onConflictDoNothing(),
  );
}

export async function readUploadedFile(db: Db, filePath: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  const [file] = await db
    .select({ contentType: uploadedFiles.contentType, bytes: uploadedFiles.bytes })
    .from(uploadedFiles)
    .where(eq(uploadedFiles.path, filePath));
  return file ?? null;
}

export async function deleteUploadedFiles(db: Db, paths: string[]): Promise<void> {
  if (paths.length > 0) await db.transaction((tx) => tx.delete(uploadedFiles).where(inArray(uploadedFiles.path, paths)));
}

/**
 * Where each kind of upload was kept on disk before it moved into the database (migration 0015),
 * and which of the files there are the shop's. Public photos stay on disk as the instance's local
 * copy (serveUploads reads it first); a customer's private photos are removed once the database
 * has them, so they have one home.
 */
const FOLDERS_ON_DISK = [
  {
    folder: ["uploads", "products"],
    prefix: "products/",
    isPhoto: (filePath: string) => PRODUCT_PHOTO_PATH.test(filePath),
    removeCopied: false,
  },
  {
    folder: ["custom-requests"],
    prefix: "custom-requests/",
    isPhoto: (filePath: string) => CUSTOM_REQUEST_PHOTO_NAME.test(path.basename(filePath)),
    removeCopied: true,
  },
];
/**
 * Written in `dataDir` once everything there is in the database. The local copies serveUploads
 * writes later come from the database, so later starts have nothing to look through.
 */
const IMPORTED_MARKER = "uploads-in-database";
/** Names looked up per query, and files read and inserted per statement (a few MB at most). */
const CHECK_BATCH = 500;
const IMPORT_BATCH = 25;

/**
 * Copies the uploads an older version kept under `dataDir` into the database, those it does not
 * have yet; returns how many. Run at start, so an upgraded shop keeps every photo: the first
 * start costs one query per 500 files on disk, later ones only a look for the marker. Several
 * instances may run it at once: a file another one stored first is left as it is.
 */
export async function importUploadedFiles(db: Db, dataDir: string): Promise<number> {
  const marker = path.join(dataDir, IMPORTED_MARKER);
  if (await fs.stat(marker).catch(ignoreMissing)) return 0;
  let imported = 0;
  for (const { folder, prefix, isPhoto, removeCopied } of FOLDERS_ON_DISK) {
    const directory = path.join(dataDir, ...folder);
    const onDisk = (filePath: string) => path.join(directory, filePath.slice(prefix.length));
    const photos = (await fs.readdir(directory).catch(ignoreMissing))?.map((file) => prefix + file).filter(isPhoto) ?? [];
    for (let start = 0; start < photos.length; start += CHECK_BATCH) {
      const paths = photos.slice(start, start + CHECK_BATCH);
      const known = new Set(
        (await db.select({ path: uploadedFiles.path }).from(uploadedFiles).where(inArray(uploadedFiles.path, paths))).map(
          (row) => row.path,
        ),
      );
      const missing = paths.filter((filePath) => !known.has(filePath));
      for (let from = 0; from < missing.length; from += IMPORT_BATCH) {
        const read = await Promise.all(
          missing.slice(from, from + IMPORT_BATCH).map(async (filePath) => {
            // Gone since the folder was listed: another instance sharing this folder moved it.
            const bytes = await fs.readFile(onDisk(filePath)).catch(ignoreMissing);
            return bytes ? { path: filePath, contentType: "image/webp", bytes } : null;
          }),
        );
        const files = read.filter((file) => file !== null);
        await storeUploadedFiles(db, files);
        imported += files.length;
      }
      if (removeCopied) await Promise.all(paths.map((filePath) => fs.rm(onDisk(filePath), { force: true })));
    }
  }
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(marker, "Uploaded photos kept here by earlier versions are in the database (uploaded_files).\n");
  return imported;
}

/**
 * Removes this instance's local copies (`<dataDir>/uploads/products/`, kept by server/uploads.ts)
 * of photos the database no longer holds, so the instance stops serving them. Migration 0017
 * moved review photos older versions had stored among the product photos (named by their
 * content, so anyone holding the picture could fetch it before staff approved the review) to
 * private names; a copy served before the move would otherwise stay public from disk. Run at
 * start, after importUploadedFiles; cheap: names only, a query per 500 files.
 */
export async function pruneLocalCopies(db: Db, dataDir: string): Promise<number> {
  const directory = path.join(dataDir, "uploads", "products");
  const photos =
    (await fs.readdir(directory).catch(ignoreMissing))?.map((file) => `products/${file}`).filter((p) => PRODUCT_PHOTO_PATH.test(p)) ?? [];
  let removed = 0;
  for (let start = 0; start < photos.length; start += CHECK_BATCH) {
    const paths = photos.slice(start, start + CHECK_BATCH);
    const known = new Set(
      (await db.select({ path: uploadedFiles.path }).from(uploadedFiles).where(inArray(uploadedFiles.path, paths))).map((row) => row.path),
    );
    const stale = paths.filter((filePath) => !known.has(filePath));
    await Promise.all(stale.map((filePath) => fs.rm(path.join(directory, filePath.slice("products/".length)), { force: true })));
    removed += stale.length;
  }
  return removed;
}

function ignoreMissing(error: NodeJS.ErrnoException): null {
  if (error.code === "ENOENT") return null;
  throw error;
}
