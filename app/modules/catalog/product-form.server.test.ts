import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { describeWithDatabase } from "../../../tests/setup/test-database";
import { readProductForm } from "./product-form.server";
import { checkPickedImage, PRODUCT_IMAGE_MESSAGES, PRODUCT_IMAGE_UPLOAD_MAX_BYTES } from "./product-image-rules";
import { PRODUCT_IMAGE_MAX_BYTES } from "./product-images.server";
import { uploadedPaths } from "../../../tests/setup/uploaded-files";

let png: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  png = new Uint8Array(
    await sharp({ create: { width: 40, height: 50, channels: 3, background: "#C9A227" } })
      .png()
      .toBuffer(),
  );
});

function productForm(fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  // One stock cell: size M of a product without colours (colour left blank), 7 in stock.
  const values = { name: "Akwaaba Kaftan", price: "123.45", sizes: "M", "variants[0].size": "M", "variants[0].stock": "7", ...fields };
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  return form;
}

const pngFile = (name = "kaftan.png") => new File([png], name, { type: "image/png" });
describeWithDatabase("readProductForm", (database) => {
  const storedFiles = () => uploadedPaths(database.db);

  it("stores the uploaded photo as WebP files 240 to 960 wide and puts its base URL into imageUrl", async () => {
    const form = productForm({ imageUrl: "/uploads/products/old" });
    form.set("imageFile", pngFile());
    const reading = await readProductForm(form, database.db);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.input.price).toBe(12345);
    expect(reading.input.variants).toEqual([{ id: null, color: "", size: "M", sku: null, stock: 7, stockSeen: undefined }]);
    expect(reading.input.imageUrl).toMatch(/^\/uploads\/products\/[0-9a-f]{32}$/);
    const name = reading.input.imageUrl!.split("/").pop();
    expect(await storedFiles()).toEqual([240, 480, 768, 960].map((width) => `products/${name}-${width}.webp`));
  });

  it("keeps the current picture when the file input was left empty", async () => {
    const form = productForm({ imageUrl: "/images/products/royal-kente-kaftan" });
    form.set("imageFile", new File([], "", { type: "application/octet-stream" }));
    const reading = await readProductForm(form, database.db);
    expect(reading).toMatchObject({ ok: true, input: { imageUrl: "/images/products/royal-kente-kaftan" } });
  });

  it("gives each colour its own uploaded picture", async () => {
    const form = productForm({
      "colors[0].name": "Gold",
      "colors[0].hex": "#c9a227",
      "colors[1].name": "Forest",
      "colors[1].hex": "#0f3d2e",
    });
    form.set("colors[1].imageFile", pngFile("forest.png"));
    const reading = await readProductForm(form, database.db);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.input.colors[0]).toEqual({ name: "Gold", hex: "#C9A227", imageUrl: null, images: [] });
    expect(reading.input.colors[1]?.imageUrl).toMatch(/^\/uploads\/products\/[0-9a-f]{32}$/);
    // The one picture is the colour's whole gallery, and its cover.
    expect(reading.input.colors[1]?.images).toEqual([reading.input.colors[1]?.imageUrl]);
  });

  it("stores nothing while another field is wrong", async () => {
    const before = await storedFiles();
    const form = productForm({ name: " " });
    // A valid picture not stored before: it would add two files if it were saved.
    const other = await sharp({ create: { width: 30, height: 30, channels: 3, background: "#0F3D2E" } })
      .png()
      .toBuffer();
    form.set("imageFile", new File([new Uint8Array(other)], "other.png", { type: "image/png" }));
    const reading = await readProductForm(form, database.db);
    expect(reading).toEqual({ ok: false, fieldErrors: { name: "Name is required" } });
    expect(await storedFiles()).toEqual(before);
  });

  it("reports a file that is not a picture under the field it came from", async () => {
    const form = productForm({ "colors[0].name": "Gold", "colors[0].hex": "#C9A227" });
    form.set("imageFile", new File(["just text"], "kaftan.png", { type: "image/png" }));
    form.set("colors[0].imageFile", new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], "gold.png", { type: "image/png" }));
    const reading = await readProductForm(form, database.db);
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(reading.fieldErrors.imageUrl).toMatch(/not a readable image/);
    expect(reading.fieldErrors["colors[0].imageUrl"]).toBeDefined();
  });
});

describe("checkPickedImage", () => {
  it("uses the server's size limit", () => {
    expect(PRODUCT_IMAGE_UPLOAD_MAX_BYTES).toBe(PRODUCT_IMAGE_MAX_BYTES);
  });

  it("accepts JPEG, PNG and WebP up to the limit and explains anything else", () => {
    expect(checkPickedImage({ type: "image/webp", size: PRODUCT_IMAGE_UPLOAD_MAX_BYTES })).toBeNull();
    expect(checkPickedImage({ type: "image/gif", size: 10 })).toBe(PRODUCT_IMAGE_MESSAGES.type);
    expect(checkPickedImage({ type: "image/jpeg", size: PRODUCT_IMAGE_UPLOAD_MAX_BYTES + 1 })).toBe(PRODUCT_IMAGE_MESSAGES.size);
  });
});
