import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, expect, it } from "vitest";
import { saveProductImage } from "~/modules/catalog/product-images.server";
import { readCustomRequestPhoto } from "~/modules/custom-requests/custom-request-photos.server";
import { uploadedFiles } from "~db/schema/uploads";
import { describeWithDatabase } from "../../../tests/setup/test-database";
import { importUploadedFiles, pruneLocalCopies, readUploadedFile, storeUploadedFiles } from "./uploaded-files.server";
import { uploadedPaths } from "../../../tests/setup/uploaded-files";

describeWithDatabase("uploaded files", (database) => {
  let dataDir: string;
  beforeEach(async () => {
    await database.db.delete(uploadedFiles);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ahenfie-uploaded-files-"));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const storedPaths = () => uploadedPaths(database.db);
  const webp = (background: string) =>
    sharp({ create: { width: 48, height: 60, channels: 3, background } })
      .webp()
      .toBuffer();

  /** Files as a version before migration 0015 kept them in DATA_DIR. */
  async function filesOfAnOlderVersion() {
    const products = path.join(dataDir, "uploads", "products");
    const requests = path.join(dataDir, "custom-requests");
    fs.mkdirSync(products, { recursive: true });
    fs.mkdirSync(requests, { recursive: true });
    const photo = "1".repeat(32);
    const privatePhoto = `${"2".repeat(32)}.webp`;
    const files = {
      [`products/${photo}-480.webp`]: await webp("#c9a227"),
      [`products/${photo}-960.webp`]: await webp("#0f3d2e"),
      [`custom-requests/${privatePhoto}`]: await webp("#7a3b2e"),
    };
    for (const [filePath, bytes] of Object.entries(files)) {
      fs.writeFileSync(path.join(filePath.startsWith("products/") ? products : requests, path.basename(filePath)), bytes);
    }
    // Not the shop's own: left where they are, never imported.
    fs.writeFileSync(path.join(products, "notes.txt"), "hello");
    fs.writeFileSync(path.join(products, `${photo}-480.webp.3f2a9c.tmp`), "half");
    return { files, products, requests, privatePhoto };
  }

  it("copies the photos an older version kept on disk into the database, once, and keeps no private photo on disk", async () => {
    const { files, products, requests, privatePhoto } = await filesOfAnOlderVersion();
    expect(await importUploadedFiles(database.db, dataDir)).toBe(3);
    expect(await storedPaths()).toEqual(Object.keys(files).sort());
    for (const [filePath, bytes] of Object.entries(files)) {
      expect((await readUploadedFile(database.db, filePath))?.bytes.equals(bytes), filePath).toBe(true);
    }
    expect(await readCustomRequestPhoto(privatePhoto, database.db)).toEqual(files[`custom-requests/${privatePhoto}`]);
    // Public photos stay as this instance's local copy; a customer's photos have one home.
    expect(fs.readdirSync(products).length).toBe(4);
    expect(fs.readdirSync(requests)).toEqual([]);

    expect(await importUploadedFiles(database.db, dataDir)).toBe(0);
    expect(await storedPaths()).toEqual(Object.keys(files).sort());
  });

  it("lets several instances start at once on the same files", async () => {
    const { files } = await filesOfAnOlderVersion();
    const copied = await Promise.all([1, 2, 3].map(() => importUploadedFiles(database.db, dataDir)));
    expect(copied.every((count) => count >= 0 && count <= 3)).toBe(true);
    expect(await storedPaths()).toEqual(Object.keys(files).sort());
  });

  it("stores one set of files when the same photo is uploaded several times at once", async () => {
    const png = await sharp({ create: { width: 300, height: 375, channels: 3, background: "#1e6b4f" } })
      .png()
      .toBuffer();
    const bases = await Promise.all(
      Array.from({ length: 4 }, (_, i) => saveProductImage({ bytes: png, type: "image/png", name: `kaftan-${i}.png` }, database.db)),
    );
    expect(new Set(bases).size).toBe(1);
    const name = bases[0]!.split("/").pop()!;
    expect(await storedPaths()).toEqual([240, 480, 768, 960].map((width) => `products/${name}-${width}.webp`));
  });
  it("removes local copies of photos the database no longer holds (review photos moved by migration 0017), and keeps the rest", async () => {
    const folder = path.join(dataDir, "uploads", "products");
    fs.mkdirSync(folder, { recursive: true });
    const kept = `${"d".repeat(32)}-240.webp`;
    const moved = `${"e".repeat(32)}-240.webp`;
    await storeUploadedFiles(database.db, [{ path: `products/${kept}`, contentType: "image/webp", bytes: await webp("#123456") }]);
    fs.writeFileSync(path.join(folder, kept), "kept");
    fs.writeFileSync(path.join(folder, moved), "moved away");
    fs.writeFileSync(path.join(folder, "notes.txt"), "not a photo name: left alone");

    expect(await pruneLocalCopies(database.db, dataDir)).toBe(1);
    expect(fs.readdirSync(folder).sort()).toEqual([kept, "notes.txt"].sort());
    expect(await pruneLocalCopies(database.db, dataDir)).toBe(0);
  });
});
