import crypto from "node:crypto";
import { expect, it } from "vitest";
import { DuplicateVariantSkuError } from "~/modules/catalog/product-errors";
import { createProduct, getAdminProduct, updateProduct } from "~/modules/catalog/product-management.server";
import { productFormSchema, type ProductFormInput } from "~/modules/catalog/product.schema";
import { checkoutSchema } from "~/modules/orders/checkout.schema";
import { changeOrderStatus } from "~/modules/orders/order-status.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { describeWithDatabase } from "../setup/test-database";

const form = (input: ProductFormInput) => productFormSchema.parse(input);
const context = { userId: null, origin: "https://shop.example", storeName: "Ahenfie" };

/** The grid as { "Ivory|M": 4 }, to compare at a glance. */
const grid = (variants: { color: string; size: string; stock: number }[]) =>
  Object.fromEntries(variants.map((v) => [`${v.color}|${v.size}`, v.stock]));

const kaftan = {
  name: "Osu Linen Kaftan",
  price: "450.00",
  sku: "OSU-100",
  isActive: true,
  sizes: ["M", "L"],
  colors: [
    { name: "Ivory", hex: "#F4EFE6" },
    { name: "Indigo", hex: "#27335C" },
  ],
} satisfies ProductFormInput;

describeWithDatabase("the product form's stock grid", (database) => {
  it("creates one variant per colour and size with the figures given, suggested SKUs for blank ones", async () => {
    const created = await createProduct(
      database.db,
      form({
        ...kaftan,
        variants: [
          { color: "Ivory", size: "M", stock: "4", sku: "OSU-IVORY-MEDIUM" },
          { color: "Indigo", size: "L", stock: "2" },
        ],
      }),
    );
    expect(grid(created.variants)).toEqual({ "Ivory|M": 4, "Ivory|L": 0, "Indigo|M": 0, "Indigo|L": 2 });
    expect(created.variants.map((v) => v.sku).sort()).toEqual([
      "OSU-100-INDIGO-L",
      "OSU-100-INDIGO-M",
      "OSU-100-IVORY-L",
      "OSU-IVORY-MEDIUM",
    ]);
    expect(created.totalStock).toBe(6);
    expect(created.variantsSoldOut).toBe(2);
    expect(created.variantsLow).toBe(2);
  });

  it("a renamed colour keeps its variants, their stock and their order lines; a cell left as shown keeps sales made meanwhile", async () => {
    const created = await createProduct(
      database.db,
      form({ ...kaftan, sku: "OSU-200", variants: [{ color: "Ivory", size: "M", stock: "5" }] }),
    );
    const shown = await getAdminProduct(database.db, created.id);
    // A shopper buys 2 Ivory M while the dialog is open.
    const placed = await placeOrder(
      database.db,
      checkoutSchema.parse({
        email: "ama@example.com",
        name: "Ama Mensah",
        phone: "+233 24 000 0000",
        address: "12 Ring Road, Accra",
        region: "GH-AA",
        items: [{ productId: created.id, colorIndex: 0, size: "M", quantity: 2 }],
        idempotencyKey: crypto.randomUUID(),
      }),
      context,
    );
    // Staff rename Ivory to Cream and set Indigo L to 9, leaving the Ivory M cell as it showed (5).
    const cells = shown.variants.map((v) => ({
      id: v.id,
      color: v.color === "Ivory" ? "Cream" : v.color,
      size: v.size,
      sku: v.sku,
      stock: v.color === "Indigo" && v.size === "L" ? "9" : String(v.stock),
      stockSeen: String(v.stock),
    }));
    const saved = await updateProduct(
      database.db,
      created.id,
      form({ ...kaftan, sku: "OSU-200", colors: [{ name: "Cream", hex: "#F4EFE6" }, kaftan.colors[1]], variants: cells }),
    );
    expect(grid(saved.variants)).toEqual({ "Cream|M": 3, "Cream|L": 0, "Indigo|M": 0, "Indigo|L": 9 });
    const cream = saved.variants.find((v) => v.color === "Cream" && v.size === "M")!;
    expect(cream.id).toBe(shown.variants.find((v) => v.color === "Ivory" && v.size === "M")!.id);
    expect(cream.sku).toBe("OSU-200-IVORY-M");
    // The order placed in Ivory gives its stock back to the renamed variant.
    await changeOrderStatus(database.db, placed.id, "cancelled", "admin@example.com");
    expect(grid((await getAdminProduct(database.db, created.id)).variants)["Cream|M"]).toBe(5);
  });

  it("a size unticked or a colour removed deletes its variants; a size added starts at 0", async () => {
    const created = await createProduct(
      database.db,
      form({ ...kaftan, sku: "OSU-300", variants: [{ color: "Indigo", size: "M", stock: "7" }] }),
    );
    const saved = await updateProduct(
      database.db,
      created.id,
      form({
        ...kaftan,
        sku: "OSU-300",
        sizes: ["M", "XL"],
        colors: [kaftan.colors[1]],
        variants: created.variants.map((v) => ({ ...v, stock: String(v.stock), stockSeen: String(v.stock) })),
      }),
    );
    expect(grid(saved.variants)).toEqual({ "Indigo|M": 7, "Indigo|XL": 0 });
  });

  it("two SKUs swapped between cells save; a SKU another product uses is refused by name and nothing changes", async () => {
    const first = await createProduct(
      database.db,
      form({ ...kaftan, sku: "OSU-400", variants: [{ color: "Ivory", size: "M", stock: "1" }] }),
    );
    const ivoryM = first.variants.find((v) => v.color === "Ivory" && v.size === "M")!;
    const ivoryL = first.variants.find((v) => v.color === "Ivory" && v.size === "L")!;
    const swapped = await updateProduct(
      database.db,
      first.id,
      form({
        ...kaftan,
        sku: "OSU-400",
        variants: first.variants.map((v) => ({
          ...v,
          sku: v.id === ivoryM.id ? ivoryL.sku : v.id === ivoryL.id ? ivoryM.sku : v.sku,
          stock: String(v.stock),
          stockSeen: String(v.stock),
        })),
      }),
    );
    expect(swapped.variants.find((v) => v.id === ivoryM.id)!.sku).toBe(ivoryL.sku);

    const second = await createProduct(database.db, form({ ...kaftan, name: "Second Kaftan", sku: "OSU-500" }));
    const clash = updateProduct(
      database.db,
      second.id,
      form({
        ...kaftan,
        name: "Second Kaftan",
        sku: "OSU-500",
        variants: second.variants.map((v, i) => ({ ...v, sku: i === 0 ? "osu-400-ivory-l" : v.sku, stock: "8" })),
      }),
    );
    await expect(clash).rejects.toBeInstanceOf(DuplicateVariantSkuError);
    await expect(clash).rejects.toThrow("Another product already uses the SKU OSU-400-IVORY-L for one of its sizes.");
    expect(grid((await getAdminProduct(database.db, second.id)).variants)).toEqual({
      "Ivory|M": 0,
      "Ivory|L": 0,
      "Indigo|M": 0,
      "Indigo|L": 0,
    });
  });

  it("the form refuses a SKU used twice in the grid and a negative or fractional stock, at the cell", () => {
    const result = productFormSchema.safeParse({
      ...kaftan,
      variants: [
        { color: "Ivory", size: "M", stock: "-1", sku: "A-1" },
        { color: "Ivory", size: "L", stock: "2.5", sku: "a-1" },
      ],
    });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(issues).toEqual({
      "variants.0.stock": "Stock cannot be negative",
      "variants.1.stock": "Stock must be a whole number",
    });
    const twice = productFormSchema.safeParse({
      ...kaftan,
      variants: [
        { color: "Ivory", size: "M", stock: "1", sku: "A-1" },
        { color: "Ivory", size: "L", stock: "2", sku: "a-1" },
      ],
    });
    expect(twice.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([["variants.1.sku", "SKU a-1 is used twice"]]);
  });
});
