import crypto from "node:crypto";
import zlib from "node:zlib";
import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { formatMoney } from "~/lib/money";
import { imageSrc } from "~/lib/images";
import {
  DuplicateSkuError,
  ImageTooLargeError,
  NotAnImageError,
  ProductNotFoundError,
  UnknownCategoryError,
  UnsupportedImageTypeError,
} from "~/modules/catalog/product-errors";
import { parseAdminProductFilters } from "~/modules/catalog/product-filters.schema";
import { productFormValues } from "~/modules/catalog/product-form-data";
import { productFormSchema, type ProductFormInput } from "~/modules/catalog/product.schema";
import {
  createProduct,
  deleteProduct,
  getAdminProduct,
  listAdminProducts,
  updateProduct,
} from "~/modules/catalog/product-management.server";
import { saveProductImage } from "~/modules/catalog/product-images.server";
import { readUploadedFile } from "~/modules/uploads/uploaded-files.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { changeOrderStatus } from "~/modules/orders/order-status.server";
import { getOrderDetails } from "~/modules/orders/order-details.server";
import { checkoutSchema } from "~/modules/orders/checkout.schema";
import { categories, productColors, products } from "~db/schema/catalog";
import { orderItems, orders } from "~db/schema/orders";
import { createCategory, createProduct as insertProduct } from "../factories/catalog";
import { describeWithDatabase } from "../setup/test-database";
import { uploadedPaths } from "../setup/uploaded-files";

const form = (input: ProductFormInput) => productFormSchema.parse(input);
/** A posted form, read as the browser's check and the action's guard read it (Conform, no coercion). */
const posted = (data: FormData) => {
  const submission = parseWithZod(data, { schema: productFormSchema, disableAutoCoercion: true });
  if (submission.status !== "success") throw new Error(`refused: ${JSON.stringify(submission.error)}`);
  return submission.value;
};
/** The first message per field, named as Conform names fields ("price", "colors[1].name"). */
const errorsOf = (input: ProductFormInput) => {
  const result = productFormSchema.safeParse(input);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const name = issue.path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("");
    errors[name] ??= issue.message;
  }
  return errors;
};
/** A product without colours in M and L, 12 of each: its stock grid is one cell per size (colour ""). */
const basics = {
  name: "Royal Kente Kaftan",
  price: "299.99",
  sizes: ["M", "L"],
  variants: [
    { color: "", size: "M", stock: "12" },
    { color: "", size: "L", stock: "12" },
  ],
  isActive: "on",
};
/** One stock cell of a product without colours, as the form sends it. */
const cell = (stock: string | number) => ({ ...basics, variants: [{ color: "", size: "M", stock }] });

describe("the product form's parsing rules", () => {
  it("reads a submitted form: price in pesewas, stock as a whole number, blanks as null, ticks as true", () => {
    const data = new FormData();
    for (const [key, value] of Object.entries({
      name: "  Royal Kente Kaftan ",
      description: "",
      price: "299.99",
      originalPrice: "349.5",
      categoryId: "",
      sku: " ",
      imageUrl: "",
      isFeatured: "on",
      isActive: "on",
      materials: "Hand-woven kente\n\n100% cotton ",
      care: "Dry clean only",
      "colors[0].name": "Royal Gold",
      "colors[0].hex": "#c9a227",
      "colors[0].imageUrl": "/uploads/products/abc",
      "colors[1].name": "",
      "colors[1].hex": "",
      "variants[0].color": "Royal Gold",
      "variants[0].size": "m",
      "variants[0].sku": " ",
      "variants[0].stock": "12",
      "variants[1].color": "Royal Gold",
      "variants[1].size": "XL",
      "variants[1].sku": "AHF-GOLD-XL",
      "variants[1].stock": "0",
    })) {
      data.append(key, value);
    }
    data.append("sizes", "XL");
    data.append("sizes", "M");
    const product = posted(data);
    expect(product).toMatchObject({
      name: "Royal Kente Kaftan",
      description: null,
      price: 29_999,
      originalPrice: 34_950,
      categoryId: null,
      sku: null,
      imageUrl: null,
      isFeatured: true,
      isActive: true,
      isNew: false,
      isBestseller: false,
      materials: ["Hand-woven kente", "100% cotton"],
      care: ["Dry clean only"],
      colors: [{ name: "Royal Gold", hex: "#C9A227", imageUrl: "/uploads/products/abc" }],
      sizes: ["M", "XL"],
      variants: [
        { id: null, color: "Royal Gold", size: "M", sku: null, stock: 12 },
        { id: null, color: "Royal Gold", size: "XL", sku: "AHF-GOLD-XL", stock: 0 },
      ],
    });
    expect(formatMoney(product.price)).toBe("₵299.99");
  });

  it("takes typed values too: 299.99 → ₵299.99, 0.1 → ₵0.10", () => {
    const typed = form({ ...basics, price: 299.99, variants: [{ size: "M", stock: 3, stockSeen: 5, id: 7 }] });
    expect(typed.price).toBe(29_999);
    expect(typed.variants).toEqual([{ id: 7, color: "", size: "M", sku: null, stock: 3, stockSeen: 5 }]);
    expect(form({ ...basics, price: "0.1" }).price).toBe(10);
    expect(form({ ...basics, price: "1200" }).price).toBe(120_000);
  });

  it("explains what is wrong with a price, stock, original price, colour or size", () => {
    expect(errorsOf({ ...basics, price: "" }).price).toBe("Price is required");
    expect(errorsOf({ ...basics, price: "-5" }).price).toBe("Price cannot be negative");
    expect(errorsOf({ ...basics, price: "2.999" }).price).toBe("Price can have at most 2 decimal places");
    expect(errorsOf({ ...basics, price: "abc" }).price).toBe("Price must be a number, like 299.99");
    expect(errorsOf({ ...basics, price: Number.NaN }).price).toBe("Price must be a number, like 299.99");
    // "299,99" means 299.99 in much of the world; it is refused rather than read as 29,999.
    expect(errorsOf({ ...basics, price: "299,99" }).price).toBe("Price must be a number, like 299.99");
    expect(errorsOf({ ...basics, price: "0" }).price).toBe("Price must be more than ₵0.00");
    expect(errorsOf(cell(""))["variants[0].stock"]).toBe("Stock is required");
    expect(errorsOf(cell("1.5"))["variants[0].stock"]).toBe("Stock must be a whole number");
    expect(errorsOf(cell("-1"))["variants[0].stock"]).toBe("Stock cannot be negative");
    expect(errorsOf(cell("1000001"))["variants[0].stock"]).toBe("Stock must be at most 1,000,000");
    expect(errorsOf({ ...basics, name: "  " }).name).toBe("Name is required");
    expect(errorsOf({ ...basics, originalPrice: "299.99" }).originalPrice).toBe("Original price must be higher than the price");
    expect(errorsOf({ ...basics, colors: [{ name: "Gold", hex: "gold" }] })["colors[0].hex"]).toBe("Colour code must look like #C9A227");
    expect(
      errorsOf({
        ...basics,
        colors: [
          { name: "Gold", hex: "#C9A227" },
          { name: "gold", hex: "#000000" },
        ],
      })["colors[1].name"],
    ).toBe("Colour 1 is already called “Gold”: give each colour its own name");
    // A blank row (an added colour never filled in) is dropped, and the next row's error keeps its own index.
    expect(
      errorsOf({
        ...basics,
        colors: [
          { name: "", hex: "" },
          { name: "Gold", hex: "gold" },
        ],
      }),
    ).toEqual({
      "colors[1].hex": "Colour code must look like #C9A227",
    });
    expect(errorsOf({ ...basics, sizes: ["M", "XS"] }).sizes).toBe("Unknown size XS: choose from S, M, L, XL, XXL");
    expect(errorsOf({ ...basics, sizes: [] }).sizes).toBe("Choose at least one size");
    expect(errorsOf({ ...basics, imageUrl: "https://elsewhere.example/x.jpg" }).imageUrl).toMatch(/picture on this site/);
  });
});

describeWithDatabase("admin products", (database) => {
  let kaftans: { id: number };
  let suits: { id: number };

  beforeEach(async () => {
    await database.db.delete(orders);
    await database.db.delete(products);
    await database.db.delete(categories);
    kaftans = await createCategory(database.db, "kaftans");
    suits = await createCategory(database.db, "suits");
  });

  it("creates a product with every field, a slug from its name, and reads it back for editing", async () => {
    const created = await createProduct(
      database.db,
      form({
        ...basics,
        description: "Hand-woven in Bonwire",
        originalPrice: "349.99",
        categoryId: String(kaftans.id),
        sku: "AHF-KAF-101",
        isNew: "on",
        materials: "Kente\nCotton",
        care: "Dry clean",
        colors: [
          { name: "Royal Gold", hex: "#C9A227", imageUrl: "/uploads/products/gold" },
          { name: "Emerald", hex: "#1E6B4F", imageUrl: "" },
        ],
        // One stock cell per colour × size; a blank SKU gets the suggested one.
        variants: [
          { color: "Royal Gold", size: "M", stock: "12" },
          { color: "Royal Gold", size: "L", sku: "GOLD-L-SPECIAL", stock: "3" },
          { color: "Emerald", size: "M", stock: "0" },
          { color: "Emerald", size: "L", sku: "", stock: "5" },
        ],
      }),
    );
    const product = await getAdminProduct(database.db, created.id);
    expect(product).toMatchObject({
      name: "Royal Kente Kaftan",
      slug: "royal-kente-kaftan",
      description: "Hand-woven in Bonwire",
      price: 29_999,
      originalPrice: 34_999,
      totalStock: 20,
      variantsSoldOut: 1,
      variantsLow: 2,
      sku: "AHF-KAF-101",
      isActive: true,
      isNew: true,
      isFeatured: false,
      category: { id: kaftans.id, slug: "kaftans", name: "Kaftans" },
      image: "/uploads/products/gold",
      materials: ["Kente", "Cotton"],
      care: ["Dry clean"],
      sizes: ["M", "L"],
      colors: [
        { name: "Royal Gold", hex: "#C9A227", imageUrl: "/uploads/products/gold" },
        { name: "Emerald", hex: "#1E6B4F", imageUrl: null },
      ],
      variants: [
        { color: "Royal Gold", size: "M", sku: "AHF-KAF-101-ROYAL-GOLD-M", stock: 12 },
        { color: "Royal Gold", size: "L", sku: "GOLD-L-SPECIAL", stock: 3 },
        { color: "Emerald", size: "M", sku: "AHF-KAF-101-EMERALD-M", stock: 0 },
        { color: "Emerald", size: "L", sku: "AHF-KAF-101-EMERALD-L", stock: 5 },
      ],
    });
    // The edit dialog opens with the values the admin typed, each stock cell showing its figure.
    expect(productFormValues(product)).toMatchObject({ price: "299.99", originalPrice: "349.99", materials: "Kente\nCotton" });
    expect(productFormValues(product).variants[1]).toEqual({
      id: String(product.variants[1]!.id),
      color: "Royal Gold",
      size: "L",
      sku: "GOLD-L-SPECIAL",
      stock: "3",
      stockSeen: "3",
    });
    expect(form(productFormValues(product))).toMatchObject({ price: 29_999, sku: "AHF-KAF-101", categoryId: kaftans.id });

    const again = await createProduct(database.db, form({ ...basics, sku: "" }));
    expect(again.slug).toBe("royal-kente-kaftan-2");
    expect(again.sku).toBeNull();
  });

  it("refuses a SKU another product has, whatever its case, with a clear message", async () => {
    await createProduct(database.db, form({ ...basics, sku: "AHF-KAF-200" }));
    const duplicate = createProduct(database.db, form({ ...basics, name: "Another Kaftan", sku: "ahf-kaf-200" }));
    await expect(duplicate).rejects.toBeInstanceOf(DuplicateSkuError);
    await expect(duplicate).rejects.toThrow("Another product already uses the SKU ahf-kaf-200. SKUs must be unique.");
    const other = await createProduct(database.db, form({ ...basics, name: "Other", sku: "AHF-KAF-201" }));
    await expect(updateProduct(database.db, other.id, form({ ...basics, sku: "AHF-KAF-200" }))).rejects.toBeInstanceOf(DuplicateSkuError);
    // Many products may have no SKU.
    await createProduct(database.db, form({ ...basics, sku: "" }));
    await createProduct(database.db, form({ ...basics, sku: "" }));
  });

  it("lets exactly one of several simultaneous saves with the same SKU and name through", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => createProduct(database.db, form({ ...basics, name: "Same Name", sku: "RACE-1" }))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused.every((r) => r.reason instanceof DuplicateSkuError)).toBe(true);
    const named = await Promise.all(
      Array.from({ length: 4 }, () => createProduct(database.db, form({ ...basics, name: "Twin Kaftan", sku: "" }))),
    );
    expect(new Set(named.map((p) => p.slug)).size).toBe(4);
  });

  it("saves a dozen new products with the same name at once, each with its own slug", async () => {
    // Creators of one name take turns for its slug: none is refused however many arrive together.
    const named = await Promise.all(
      Array.from({ length: 12 }, () => createProduct(database.db, form({ ...basics, name: "Crowded Kaftan", sku: "" }))),
    );
    expect(named.map((p) => p.slug).sort()).toEqual(
      ["crowded-kaftan", ...Array.from({ length: 11 }, (_, i) => `crowded-kaftan-${i + 2}`)].sort(),
    );
  });

  it("refuses a category that does not exist", async () => {
    const attempt = createProduct(database.db, form({ ...basics, categoryId: 999_999 }));
    await expect(attempt).rejects.toBeInstanceOf(UnknownCategoryError);
    expect(await database.db.select().from(products)).toHaveLength(0);
  });

  it("searches name and SKU case-insensitively, filters by category and status, and pages with a total", async () => {
    for (let i = 1; i <= 25; i++) {
      await insertProduct(database.db, {
        name: i % 5 === 0 ? `Kente Kaftan ${i}` : `Linen Shirt ${i}`,
        categoryId: i % 2 ? kaftans.id : suits.id,
        isActive: i % 4 !== 0,
        createdAt: new Date(Date.UTC(2026, 1, i)),
      });
    }
    const withSku = await createProduct(database.db, form({ ...basics, name: "Agbada Set", sku: "AGB-777", categoryId: suits.id }));

    const all = await listAdminProducts(database.db, { pageSize: 10 });
    expect([all.total, all.pageCount, all.items.length]).toEqual([26, 3, 10]);
    // Newest first: the product made last leads, then 25th February, 24th…
    expect(all.items.slice(0, 3).map((p) => p.name)).toEqual(["Agbada Set", "Kente Kaftan 25", "Linen Shirt 24"]);
    const last = await listAdminProducts(database.db, { pageSize: 10, page: 3 });
    expect([last.page, last.items.length]).toEqual([3, 6]);
    expect((await listAdminProducts(database.db, { pageSize: 10, page: 9 })).page).toBe(3);

    const kente = await listAdminProducts(database.db, { search: "  kENTE " });
    expect(kente.items.map((p) => p.name).sort()).toEqual([
      "Kente Kaftan 10",
      "Kente Kaftan 15",
      "Kente Kaftan 20",
      "Kente Kaftan 25",
      "Kente Kaftan 5",
    ]);
    expect((await listAdminProducts(database.db, { search: "agb-7" })).items.map((p) => p.id)).toEqual([withSku.id]);
    expect((await listAdminProducts(database.db, { search: "100%" })).total).toBe(0);

    // Odd numbers are kaftans (13), even ones suits (12, plus the Agbada Set); multiples of 4 are inactive.
    expect((await listAdminProducts(database.db, { categorySlug: "kaftans" })).total).toBe(13);
    expect((await listAdminProducts(database.db, { categoryId: suits.id })).total).toBe(13);
    expect((await listAdminProducts(database.db, { status: "inactive" })).total).toBe(6);
    expect((await listAdminProducts(database.db, { status: "active", categorySlug: "suits" })).total).toBe(7);
    expect((await listAdminProducts(database.db, { categorySlug: "no-such-thing" })).total).toBe(0);
    expect((await listAdminProducts(database.db, parseAdminProductFilters(new URLSearchParams("q=kente&status=active")))).total).toBe(4);
  });

  it("updates every field and replaces the colours; the slug stays", async () => {
    const created = await createProduct(
      database.db,
      form({
        ...basics,
        sku: "UPD-1",
        colors: [
          { name: "Gold", hex: "#C9A227" },
          { name: "Navy", hex: "#1F2A44" },
        ],
      }),
    );
    const updated = await updateProduct(
      database.db,
      created.id,
      form({
        name: "Royal Kente Kaftan II",
        price: "319.00",
        categoryId: String(suits.id),
        sku: "UPD-2",
        sizes: "S, XXL",
        isFeatured: "on",
        colors: [{ name: "Ivory", hex: "#f4efe6" }],
        variants: [
          { color: "Ivory", size: "S", stock: "4" },
          { color: "Ivory", size: "XXL", stock: "0" },
        ],
      }),
    );
    expect(updated).toMatchObject({
      slug: "royal-kente-kaftan",
      name: "Royal Kente Kaftan II",
      price: 31_900,
      totalStock: 4,
      sku: "UPD-2",
      isActive: false,
      isFeatured: true,
      category: { slug: "suits" },
      sizes: ["S", "XXL"],
      colors: [{ name: "Ivory", hex: "#F4EFE6", imageUrl: null }],
      // The grid follows the new colours and sizes: Gold and Navy in M and L are gone.
      variants: [
        { color: "Ivory", size: "S", sku: "UPD-2-IVORY-S", stock: 4 },
        { color: "Ivory", size: "XXL", sku: "UPD-2-IVORY-XXL", stock: 0 },
      ],
    });
    await expect(updateProduct(database.db, 987_654, form(basics))).rejects.toBeInstanceOf(ProductNotFoundError);
    await expect(getAdminProduct(database.db, 987_654)).rejects.toThrow("Product not found");
  });

  it("keeps sales made while the edit dialog was open in each stock cell the admin left alone", async () => {
    const created = await createProduct(database.db, form(basics));
    const opened = productFormValues(await getAdminProduct(database.db, created.id));
    expect(opened.variants.map((v) => [v.size, v.stock, v.stockSeen])).toEqual([
      ["M", "12", "12"],
      ["L", "12", "12"],
    ]);
    // A shopper buys 3 in M while the dialog is open.
    await placeOrder(
      database.db,
      checkoutSchema.parse({
        email: "ama@example.com",
        name: "Ama Mensah",
        phone: "+233 24 000 0000",
        address: "12 Ring Road, Accra",
        region: "GH-AA",
        items: [{ productId: created.id, size: "M", quantity: 3 }],
        idempotencyKey: crypto.randomUUID(),
      }),
      { userId: null, origin: "https://shop.example", storeName: "Ahenfie" },
    );
    const stockBySize = (product: { variants: { size: string; stock: number }[] }) =>
      Object.fromEntries(product.variants.map((v) => [v.size, v.stock]));

    // The admin renames the product and restocks L only: M keeps the sale (9), L takes the typed 20.
    const restockedL = opened.variants.map((v) => (v.size === "L" ? { ...v, stock: "20" } : v));
    const renamed = await updateProduct(database.db, created.id, form({ ...opened, name: "Renamed Kaftan", variants: restockedL }));
    expect(stockBySize(renamed)).toEqual({ M: 9, L: 20 });
    expect(renamed.totalStock).toBe(29);

    // A figure the admin did type wins, even over a sale made meanwhile.
    const restockedM = opened.variants.map((v) => (v.size === "M" ? { ...v, stock: "25" } : v));
    const restocked = await updateProduct(database.db, created.id, form({ ...opened, variants: restockedM }));
    expect(stockBySize(restocked)).toEqual({ M: 25, L: 20 });
  });

  it("deletes a product while its past orders stay readable, and cancelling them still works", async () => {
    const product = await insertProduct(database.db, {
      name: "Retiring Smock",
      price: 18_999,
      stock: 5,
      categoryId: kaftans.id,
      colors: [{ name: "Indigo", hex: "#2E3A87" }],
    });
    const placed = await placeOrder(
      database.db,
      checkoutSchema.parse({
        email: "ama@example.com",
        name: "Ama Mensah",
        phone: "+233 24 000 0000",
        address: "12 Ring Road, Accra",
        region: "GH-AA",
        items: [{ productId: product.id, colorIndex: 0, size: "L", quantity: 2 }],
        idempotencyKey: crypto.randomUUID(),
      }),
      { userId: null, origin: "https://shop.example", storeName: "Ahenfie" },
    );

    expect(await deleteProduct(database.db, product.id)).toEqual({ id: product.id, name: "Retiring Smock" });
    expect(await database.db.select().from(productColors).where(eq(productColors.productId, product.id))).toHaveLength(0);
    await expect(deleteProduct(database.db, product.id)).rejects.toBeInstanceOf(ProductNotFoundError);

    const order = await getOrderDetails(database.db, placed.id);
    expect(order?.items).toMatchObject([
      { productId: null, name: "Retiring Smock", unitPrice: 18_999, quantity: 2, size: "L", color: "Indigo" },
    ]);
    expect(order?.subtotalAmount).toBe(2 * 18_999);
    expect(await changeOrderStatus(database.db, placed.id, "cancelled", "admin@example.com")).toEqual({ changed: true });
    expect(await database.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id))).toHaveLength(1);
  });
});

describeWithDatabase("product image uploads", (database) => {
  const storedFiles = () => uploadedPaths(database.db);
  const fileOf = async (base: string, width: number) =>
    (await readUploadedFile(database.db, imageSrc(base, width).replace(/^\/uploads\//, "")))!.bytes;

  it("stores a PNG as WebP files 240 to 960 wide in the storefront's 4:5 frame and returns their base", async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#c9a227" } })
      .png()
      .toBuffer();
    const base = await saveProductImage({ bytes: png, type: "image/png", name: "kaftan.png" }, database.db);
    expect(base).toMatch(/^\/uploads\/products\/[0-9a-f]{32}$/);
    for (const [width, height] of [
      [240, 300],
      [480, 600],
      [768, 960],
      [960, 1200],
    ] as const) {
      const metadata = await sharp(await fileOf(base, width)).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", width, height]);
    }
    // The same photo again is the same files.
    expect(await saveProductImage({ bytes: png, type: "image/png", name: "again.png" }, database.db)).toBe(base);
    expect((await storedFiles()).filter((f) => f.startsWith(`products/${base.split("/").pop()!}-`))).toHaveLength(4);
  });

  it("turns a photo upright from its EXIF orientation", async () => {
    // Stored sideways: left half red, right half blue, with "rotate 90° clockwise to view".
    const sideways = await sharp({ create: { width: 1000, height: 800, channels: 3, background: "#ff0000" } })
      .composite([{ input: { create: { width: 500, height: 800, channels: 3, background: "#0000ff" } }, left: 500, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const base = await saveProductImage({ bytes: sideways, type: "image/jpeg", name: "phone.jpg" }, database.db);
    const { data, info } = await sharp(await fileOf(base, 480))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    // Upright, the red half is on top and the blue half below.
    expect(pixel(240, 20)[0]).toBeGreaterThan(200);
    expect(pixel(240, 580)[2]).toBeGreaterThan(200);
  });

  it("judges by the content, not the name or declared type", async () => {
    const jpeg = await sharp({ create: { width: 64, height: 80, channels: 3, background: "#1e6b4f" } })
      .jpeg()
      .toBuffer();
    await expect(saveProductImage({ bytes: jpeg, type: "application/octet-stream", name: "photo.bin" }, database.db)).resolves.toMatch(
      /^\/uploads\/products\//,
    );
    const before = await storedFiles();
    const text = new TextEncoder().encode("this is not a picture, only text pretending to be one\n");
    await expect(saveProductImage({ bytes: text, type: "image/png", name: "kaftan.png" }, database.db)).rejects.toBeInstanceOf(
      NotAnImageError,
    );
    await expect(saveProductImage({ bytes: text, type: "image/png", name: "kaftan.png" }, database.db)).rejects.toThrow(
      "The file is not a readable image. Please upload a JPEG, PNG or WebP picture.",
    );
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    await expect(saveProductImage({ bytes: gif, type: "image/png", name: "x.png" }, database.db)).rejects.toBeInstanceOf(
      UnsupportedImageTypeError,
    );
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    await expect(saveProductImage({ bytes: svg, type: "image/png", name: "x.png" }, database.db)).rejects.toThrow(
      "Only JPEG, PNG and WebP images can be uploaded.",
    );
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses a file over 8 MB before reading it", async () => {
    const big = new Uint8Array(8 * 1024 * 1024 + 1);
    const attempt = saveProductImage({ bytes: big, type: "image/jpeg", name: "huge.jpg" }, database.db);
    await expect(attempt).rejects.toBeInstanceOf(ImageTooLargeError);
    await expect(attempt).rejects.toThrow("The image is too large. Please upload one of at most 8 MB.");
  });

  it("refuses a small file that claims more than 50 megapixels (a decompression bomb)", async () => {
    // A 99-byte PNG whose header says 10,000 × 10,000: decoding it would take 300 MB.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(10_000, 0);
    header.writeUInt32BE(10_000, 4);
    header[8] = 8; // bits per channel
    header[9] = 2; // RGB
    const bomb = Buffer.concat([
      Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
      chunk("IHDR", header),
      chunk("IDAT", zlib.deflateSync(Buffer.alloc(20_002))),
      chunk("IEND", Buffer.alloc(0)),
    ]);
    const attempt = saveProductImage({ bytes: bomb, type: "image/png", name: "bomb.png" }, database.db);
    await expect(attempt).rejects.toBeInstanceOf(ImageTooLargeError);
    await expect(attempt).rejects.toThrow("The image has too many pixels. Please upload one of at most 50 megapixels.");
  });
});
