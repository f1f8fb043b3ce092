import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { productFormValues } from "~/modules/catalog/product-form-data";
import { readProductForm } from "~/modules/catalog/product-form.server";
import { createProduct, getAdminProduct, updateProduct } from "~/modules/catalog/product-management.server";
import { MAX_COLOR_IMAGES, productFormSchema } from "~/modules/catalog/product.schema";
import { getProduct, getProductCards } from "~/modules/catalog/storefront-queries.server";
import type { Db } from "~db/client";
import { categories, productColors, products } from "~db/schema/catalog";
import { orders } from "~db/schema/orders";
import { describeWithDatabase } from "../setup/test-database";

let png: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  png = new Uint8Array(
    await sharp({ create: { width: 40, height: 50, channels: 3, background: "#1E6B4F" } })
      .png()
      .toBuffer(),
  );
});

/** The product form as the admin dialog posts it: one colour whose gallery slots are `images`. */
function galleryForm(images: (string | File)[], extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  const fields = { name: "Gallery Kaftan", price: "450.00", sizes: "M", isActive: "on", ...extra };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set("colors[0].name", "Royal Gold");
  form.set("colors[0].hex", "#C9A227");
  form.set("variants[0].color", "Royal Gold");
  form.set("variants[0].size", "M");
  form.set("variants[0].stock", "5");
  images.forEach((picture, slot) => {
    form.set(`colors[0].images[${slot}]`, typeof picture === "string" ? picture : "");
    if (typeof picture !== "string") form.set(`colors[0].imageFiles[${slot}]`, picture);
  });
  return form;
}

async function read(form: FormData, db: Db) {
  const reading = await readProductForm(form, db);
  if (!reading.ok) throw new Error(`refused: ${JSON.stringify(reading.fieldErrors)}`);
  return reading.input;
}

describeWithDatabase("a colour's gallery", (database) => {
  beforeEach(async () => {
    await database.db.delete(orders);
    await database.db.delete(products);
    await database.db.delete(categories);
  });

  it("saves the pictures in the order on screen, a new photo in its own slot, and the first as the cover", async () => {
    const created = await createProduct(
      database.db,
      await read(
        galleryForm(["/uploads/products/front", new File([png], "side.png", { type: "image/png" }), "/uploads/products/back"]),
        database.db,
      ),
    );
    const [colour] = (await getAdminProduct(database.db, created.id)).colors;
    expect(colour!.images).toHaveLength(3);
    expect(colour!.images[0]).toBe("/uploads/products/front");
    expect(colour!.images[1]).toMatch(/^\/uploads\/products\/[0-9a-f]{32}$/);
    expect(colour!.images[2]).toBe("/uploads/products/back");
    expect(colour!.imageUrl).toBe("/uploads/products/front");
    const uploaded = colour!.images[1]!;

    // Reordered in the dialog: the back view first, the front last.
    const edited = productFormValues(await getAdminProduct(database.db, created.id));
    expect(edited.colors[0]!.images).toEqual(colour!.images);
    await updateProduct(
      database.db,
      created.id,
      await read(galleryForm(["/uploads/products/back", uploaded, "/uploads/products/front"]), database.db),
    );

    const [row] = await database.db.select().from(productColors).where(eq(productColors.productId, created.id));
    expect(row!.images).toEqual(["/uploads/products/back", uploaded, "/uploads/products/front"]);
    expect(row!.imageUrl).toBe("/uploads/products/back");

    // The storefront follows: the product page's gallery and the card's (and cart's) cover.
    const shown = await getProduct(database.db, created.id);
    expect(shown!.colors[0]).toMatchObject({
      image: "/uploads/products/back",
      images: ["/uploads/products/back", uploaded, "/uploads/products/front"],
    });
    const [card] = await getProductCards(database.db, [created.id]);
    expect(card!.image).toBe("/uploads/products/back");
  });

  it("removes a picture, and a colour without pictures has no cover", async () => {
    const created = await createProduct(database.db, await read(galleryForm(["/uploads/products/a", "/uploads/products/b"]), database.db));
    await updateProduct(database.db, created.id, await read(galleryForm(["/uploads/products/b"]), database.db));
    expect((await getAdminProduct(database.db, created.id)).colors[0]).toMatchObject({
      images: ["/uploads/products/b"],
      imageUrl: "/uploads/products/b",
    });
    await updateProduct(database.db, created.id, await read(galleryForm([]), database.db));
    expect((await getAdminProduct(database.db, created.id)).colors[0]).toMatchObject({ images: [], imageUrl: null });
  });

  it("takes one picture sent the old way (imageUrl) as a gallery of one", async () => {
    const input = productFormSchema.parse({
      name: "One Picture",
      price: "100",
      sizes: ["M"],
      variants: [{ color: "Navy", size: "M", stock: "1" }],
      colors: [{ name: "Navy", hex: "#1F2A44", imageUrl: "/images/products/x/navy" }],
    });
    const created = await createProduct(database.db, input);
    expect((await getAdminProduct(database.db, created.id)).colors[0]).toMatchObject({
      images: ["/images/products/x/navy"],
      imageUrl: "/images/products/x/navy",
    });
  });
});

describeWithDatabase("the gallery's rules", (database) => {
  it(`refuses more than ${MAX_COLOR_IMAGES} pictures per colour and a picture from elsewhere`, async () => {
    const tooMany = await readProductForm(
      galleryForm(Array.from({ length: MAX_COLOR_IMAGES + 1 }, (_, i) => `/uploads/products/p${i}`)),
      database.db,
    );
    expect(tooMany).toMatchObject({ ok: false, fieldErrors: { "colors[0].images": `At most ${MAX_COLOR_IMAGES} pictures per colour` } });

    const foreign = await readProductForm(galleryForm(["/uploads/products/a", "https://example.com/x.jpg"]), database.db);
    expect(foreign).toMatchObject({ ok: false, fieldErrors: { "colors[0].images[1]": expect.stringMatching(/picture on this site/) } });
  });

  it("puts a refused photo's message under its own slot", async () => {
    const notAPicture = new File([new TextEncoder().encode("hello")], "notes.png", { type: "image/png" });
    const reading = await readProductForm(galleryForm(["/uploads/products/a", notAPicture]), database.db);
    expect(reading.ok).toBe(false);
    expect(Object.keys((reading as { fieldErrors: Record<string, string> }).fieldErrors)).toEqual(["colors[0].images[1]"]);
  });
});
