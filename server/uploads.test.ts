import { Hono } from "hono";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { saveProductImage } from "~/modules/catalog/product-images.server";
import { createLogger } from "./logger";
import { serveUploads } from "./uploads";

/**
 * A shop that ran before the 240 and 768 widths existed has photos stored only at 480 and 960.
 * The storefront's srcset names every width, so the missing ones must answer too.
 */
describe("serving uploaded photos", () => {
  let dataDir: string;
  let warnings: string[];
  let app: Hono;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ahenfie-uploads-http-"));
    warnings = [];
    const logger = createLogger("warn", { destination: { write: (line: string) => void warnings.push(line) } });
    app = new Hono();
    app.use("/uploads/*", serveUploads(dataDir, logger));
    app.all("*", (c) => c.text("Page not found", 404));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const productsDir = () => path.join(dataDir, "uploads", "products");
  /** A photo as an older version stored it: only its 480 and 960 files. */
  async function storeOldStylePhoto() {
    const png = await sharp({ create: { width: 600, height: 750, channels: 3, background: "#1e6b4f" } })
      .png()
      .toBuffer();
    const base = await saveProductImage({ bytes: png, type: "image/png", name: "agbada.png" }, path.join(dataDir, "uploads"));
    const name = base.split("/").pop()!;
    for (const width of [240, 768]) fs.rmSync(path.join(productsDir(), `${name}-${width}.webp`));
    return { base, name };
  }

  it("serves a stored width as it is, cached for a year", async () => {
    const { base } = await storeOldStylePhoto();
    const response = await app.request(`${base}-480.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(480);
  });

  it("makes a missing width from the largest file on its first request and keeps it", async () => {
    const { base, name } = await storeOldStylePhoto();
    for (const [width, height] of [
      [240, 300],
      [768, 960],
    ]) {
      const response = await app.request(`${base}-${width}.webp`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const picture = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([picture.format, picture.width, picture.height]).toEqual(["webp", width, height]);
    }
    expect(fs.readdirSync(productsDir()).sort()).toEqual([240, 480, 768, 960].map((w) => `${name}-${w}.webp`));
    expect(warnings).toEqual([]);
  });

  it("answers a burst of requests for one missing width with one file, whole", async () => {
    const { base, name } = await storeOldStylePhoto();
    const responses = await Promise.all(Array.from({ length: 8 }, () => app.request(`${base}-240.webp`)));
    const bodies = await Promise.all(responses.map(async (r) => Buffer.from(await r.arrayBuffer())));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    for (const body of bodies) expect(body.equals(bodies[0]!)).toBe(true);
    // No half-written file is left beside it.
    expect(fs.readdirSync(productsDir()).filter((f) => f.startsWith(`${name}-240`))).toEqual([`${name}-240.webp`]);
  });

  it("makes nothing for a width the storefront does not use, a photo that does not exist, or another name", async () => {
    const { base, name } = await storeOldStylePhoto();
    const missing = "0".repeat(32);
    for (const url of [
      `${base}-500.webp`,
      `${base}-1920.webp`,
      `/uploads/products/${missing}-240.webp`,
      `/uploads/products/${name}-240.png`,
      `/uploads/reviews/${name}-240.webp`,
    ]) {
      const response = await app.request(url);
      expect(response.status, url).toBe(404);
    }
    expect(fs.readdirSync(productsDir()).sort()).toEqual([480, 960].map((w) => `${name}-${w}.webp`));
  });

  it("answers 404 and logs when the largest file cannot be read", async () => {
    const { base, name } = await storeOldStylePhoto();
    fs.writeFileSync(path.join(productsDir(), `${name}-960.webp`), "not a picture");
    const response = await app.request(`${base}-240.webp`);
    expect(response.status).toBe(404);
    expect(warnings.join("")).toContain("could not make a missing width of an uploaded photo");
    expect(fs.existsSync(path.join(productsDir(), `${name}-240.webp`))).toBe(false);
  });
});
