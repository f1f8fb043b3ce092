import { eq } from "drizzle-orm";
import { Hono } from "hono";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, expect, it } from "vitest";
import { saveProductImage } from "~/modules/catalog/product-images.server";
import { deleteUploadedFiles } from "~/modules/uploads/uploaded-files.server";
import { uploadedFiles } from "~db/schema/uploads";
import { describeWithDatabase } from "../tests/setup/test-database";
import { createLogger } from "./logger";
import { serveUploads } from "./uploads";
import { uploadedPaths } from "../tests/setup/uploaded-files";

/**
 * Uploaded photos live in the database, and every instance serves them: two instances here, each
 * with its own data folder (its own disk), on one database.
 */
describeWithDatabase("serving uploaded photos", (database) => {
  let dataDirs: string[];
  let warnings: string[];
  let instances: Hono[];

  beforeEach(async () => {
    await database.db.delete(uploadedFiles);
    // Each test's own list: a local copy still being written when a test ends logs into its own.
    const logged: string[] = (warnings = []);
    const logger = createLogger("warn", { destination: { write: (line: string) => void logged.push(line) } });
    dataDirs = [1, 2].map(() => fs.mkdtempSync(path.join(os.tmpdir(), "ahenfie-uploads-http-")));
    instances = dataDirs.map((dataDir) => {
      const app = new Hono();
      app.use(
        "/uploads/*",
        serveUploads(database.db, dataDir, logger, async () => null),
      );
      app.all("*", (c) => c.text("Page not found", 404));
      return app;
    });
  });
  afterEach(() => {
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const photo = (background: string) =>
    sharp({ create: { width: 600, height: 750, channels: 3, background } })
      .png()
      .toBuffer();
  const storedPaths = (name: string) => uploadedPaths(database.db, `products/${name}-`);
  /** A photo as a version before the 240 and 768 widths stored it: only its 480 and 960 files. */
  async function storeOldStylePhoto() {
    const base = await saveProductImage({ bytes: await photo("#1e6b4f"), type: "image/png", name: "agbada.png" }, database.db);
    const name = base.split("/").pop()!;
    await deleteUploadedFiles(database.db, [`products/${name}-240.webp`, `products/${name}-768.webp`]);
    return { base, name };
  }
  const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

  it("serves a photo uploaded through one instance from every instance, cached for a year", async () => {
    const [first, second] = instances;
    const base = await saveProductImage({ bytes: await photo("#c9a227"), type: "image/png", name: "kente.png" }, database.db);
    const fromSecond = await second!.request(`${base}-480.webp`);
    expect(fromSecond.status).toBe(200);
    expect(fromSecond.headers.get("Content-Type")).toBe("image/webp");
    expect(fromSecond.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const bytes = await bytesOf(fromSecond);
    expect((await sharp(bytes).metadata()).width).toBe(480);
    expect((await bytesOf(await first!.request(`${base}-480.webp`))).equals(bytes)).toBe(true);
    // Each instance keeps what it served, whole, and serves it from there next time.
    const name = base.split("/").pop()!;
    const localCopy = path.join(dataDirs[1]!, "uploads", "products", `${name}-480.webp`);
    await expect.poll(() => fs.existsSync(localCopy) && fs.readFileSync(localCopy).equals(bytes)).toBe(true);
    await database.db.delete(uploadedFiles);
    const again = await second!.request(`${base}-480.webp`);
    expect([again.status, again.headers.get("Cache-Control")]).toEqual([200, "public, max-age=31536000, immutable"]);
    expect(warnings).toEqual([]);
  });

  it("makes a missing width from the largest file on its first request and stores it for every instance", async () => {
    const { base, name } = await storeOldStylePhoto();
    for (const [width, height] of [
      [240, 300],
      [768, 960],
    ]) {
      const response = await instances[0]!.request(`${base}-${width}.webp`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const picture = await sharp(await bytesOf(response)).metadata();
      expect([picture.format, picture.width, picture.height]).toEqual(["webp", width, height]);
    }
    expect(await storedPaths(name)).toEqual([240, 480, 768, 960].map((w) => `products/${name}-${w}.webp`));
    expect(warnings).toEqual([]);
  });

  it("answers a burst of requests for one missing width, on two instances, with the same bytes and one stored file", async () => {
    const { base, name } = await storeOldStylePhoto();
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => instances[i % 2]!.request(`${base}-240.webp`)));
    const bodies = await Promise.all(responses.map(bytesOf));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    for (const body of bodies) expect(body.equals(bodies[0]!)).toBe(true);
    expect(await storedPaths(name)).toEqual([240, 480, 960].map((w) => `products/${name}-${w}.webp`));
    const [stored] = await database.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.path, `products/${name}-240.webp`));
    expect(stored!.bytes.equals(bodies[0]!)).toBe(true);
  });

  it("makes and serves nothing for a width the storefront does not use, an unknown photo, another name or a private photo", async () => {
    const { base, name } = await storeOldStylePhoto();
    await database.db
      .insert(uploadedFiles)
      .values({ path: `custom-requests/${"a".repeat(32)}.webp`, contentType: "image/webp", bytes: Buffer.from("private") });
    const unknown = "0".repeat(32);
    for (const url of [
      `${base}-500.webp`,
      `${base}-1920.webp`,
      `/uploads/products/${unknown}-240.webp`,
      `/uploads/products/${name}-240.png`,
      `/uploads/reviews/${name}-240.webp`,
      `/uploads/custom-requests/${"a".repeat(32)}.webp`,
      `/uploads/products/../custom-requests/${"a".repeat(32)}.webp`,
    ]) {
      const response = await instances[0]!.request(url);
      expect(response.status, url).toBe(404);
    }
    expect(await storedPaths(name)).toEqual([480, 960].map((w) => `products/${name}-${w}.webp`));
  });

  it("answers 404 and logs when the largest file cannot be read", async () => {
    const { base, name } = await storeOldStylePhoto();
    await database.db
      .update(uploadedFiles)
      .set({ bytes: Buffer.from("not a picture") })
      .where(eq(uploadedFiles.path, `products/${name}-960.webp`));
    const response = await instances[0]!.request(`${base}-240.webp`);
    expect(response.status).toBe(404);
    expect(warnings.join("")).toContain("could not read an uploaded photo");
    expect(await storedPaths(name)).toEqual([480, 960].map((w) => `products/${name}-${w}.webp`));
  });
});
