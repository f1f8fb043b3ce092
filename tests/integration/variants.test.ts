import crypto from "node:crypto";
import { count, eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { productVariants } from "~db/schema/catalog";
import { orderItems, orders } from "~db/schema/orders";
import { emailOutbox } from "~db/schema/store";
import { getProduct, listCollection } from "~/modules/catalog/storefront-queries.server";
import { invalidateCatalogCache } from "~/modules/catalog/catalog-cache.server";
import { checkoutSchema, type CheckoutInput } from "~/modules/orders/checkout.schema";
import { OrderRefusedError, StockGoneError } from "~/modules/orders/order-errors";
import { changeOrderStatus } from "~/modules/orders/order-status.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { collectionFiltersSchema } from "~/modules/catalog/catalog.schema";
import { createCategory, createProduct, stockOfVariant, totalStockOf } from "../factories/catalog";
import { describeWithDatabase } from "../setup/test-database";

const context = { userId: null, origin: "https://shop.example", storeName: "Ahenfie" };
const COLOURS = [
  { name: "Ivory", hex: "#F4EFE6" },
  { name: "Indigo", hex: "#27335C" },
];

function checkout(items: CheckoutInput["items"]): CheckoutInput {
  return checkoutSchema.parse({
    email: "kofi@example.com",
    name: "Kofi Boateng",
    phone: "+233 24 000 0000",
    address: "12 Ring Road, Accra",
    region: "GH-AA",
    items,
    idempotencyKey: crypto.randomUUID(),
  });
}

/** One unit of a colour (its place on the product page) and size. */
const line = (productId: number, colorIndex: number, size: string, quantity = 1) => ({ productId, colorIndex, size, quantity });

describeWithDatabase("stock per colour and size", (database) => {
  let categoryId: number;
  beforeAll(async () => {
    categoryId = (await createCategory(database.db, "kaftans")).id;
  });
  beforeEach(async () => {
    await database.db.delete(orders);
    await database.db.delete(emailOutbox);
  });
  const countOf = async (table: typeof orders | typeof emailOutbox) => Number((await database.db.select({ n: count() }).from(table))[0]!.n);

  it("50 shoppers after the last 3 Ivory XL get exactly 3 orders, while Indigo M sells to everyone who asks", async () => {
    const kaftan = await createProduct(database.db, {
      name: "Osu Linen Kaftan",
      categoryId,
      colors: COLOURS,
      stock: 40,
      variantStock: { "Ivory|XL": 3 },
    });
    const scarce = Array.from({ length: 50 }, () => placeOrder(database.db, checkout([line(kaftan.id, 0, "XL")]), context));
    const plentiful = Array.from({ length: 20 }, () => placeOrder(database.db, checkout([line(kaftan.id, 1, "M")]), context));
    const [scarceResults, plentifulResults] = await Promise.all([Promise.allSettled(scarce), Promise.allSettled(plentiful)]);

    expect(scarceResults.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    const refusals = scarceResults.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refusals).toHaveLength(47);
    for (const refusal of refusals) {
      expect(refusal.reason).toBeInstanceOf(OrderRefusedError);
      expect(refusal.reason.message).toBe("Osu Linen Kaftan (Ivory, XL) is out of stock. Please remove it from your cart.");
    }
    expect(plentifulResults.every((r) => r.status === "fulfilled")).toBe(true);

    expect(await stockOfVariant(database.db, kaftan.id, "XL", "Ivory")).toBe(0);
    expect(await stockOfVariant(database.db, kaftan.id, "M", "Indigo")).toBe(20);
    // Every other cell untouched: 10 cells × 40, minus the 20 Indigo M sold.
    expect(await totalStockOf(database.db, kaftan.id)).toBe(9 * 40 - 20);
    expect(await countOf(orders)).toBe(23);
    expect(await countOf(emailOutbox)).toBe(23);
  });

  it("an order for two variants takes from each, and one sold out refuses the whole order by name", async () => {
    const kaftan = await createProduct(database.db, { name: "Adinkra Kaftan", colors: COLOURS, stock: 5, variantStock: { "Indigo|L": 1 } });
    const placed = await placeOrder(database.db, checkout([line(kaftan.id, 0, "M", 2), line(kaftan.id, 1, "L", 1)]), context);
    expect(placed.created).toBe(true);
    expect(await stockOfVariant(database.db, kaftan.id, "M", "Ivory")).toBe(3);
    expect(await stockOfVariant(database.db, kaftan.id, "L", "Indigo")).toBe(0);
    const items = await database.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    expect(items.map((i) => [i.color, i.size, i.quantity, i.variantId !== null]).sort()).toEqual([
      ["Indigo", "L", 1, true],
      ["Ivory", "M", 2, true],
    ]);

    // Indigo L is now gone: an order wanting it and Ivory M takes neither.
    await expect(placeOrder(database.db, checkout([line(kaftan.id, 0, "M", 1), line(kaftan.id, 1, "L", 1)]), context)).rejects.toThrow(
      "Adinkra Kaftan (Indigo, L) is out of stock. Please remove it from your cart.",
    );
    expect(await stockOfVariant(database.db, kaftan.id, "M", "Ivory")).toBe(3);
    // More than is left names what is left.
    await expect(placeOrder(database.db, checkout([line(kaftan.id, 1, "S", 6)]), context)).rejects.toThrow(
      "Only 5 of Adinkra Kaftan (Indigo, S) left in stock. Please lower the quantity.",
    );
  });

  it("refuses a standard line without a size, and a line without a colour for a product that has colours", async () => {
    const kaftan = await createProduct(database.db, { name: "Kente Kaftan", colors: COLOURS });
    await expect(
      placeOrder(database.db, checkout([{ productId: kaftan.id, colorIndex: 0, size: null, quantity: 1 }]), context),
    ).rejects.toThrow("Please choose a size for Kente Kaftan on its page.");
    await expect(
      placeOrder(database.db, checkout([{ productId: kaftan.id, colorIndex: null, size: "M", quantity: 1 }]), context),
    ).rejects.toThrow(/Kente Kaftan is not available in the colour in your cart/);
    expect(await totalStockOf(database.db, kaftan.id)).toBe(100);
  });

  it("ten cancellations of one order at once return its variants' stock once", async () => {
    const kaftan = await createProduct(database.db, { name: "Ashanti Kaftan", colors: COLOURS, stock: 4 });
    const placed = await placeOrder(database.db, checkout([line(kaftan.id, 0, "L", 3), line(kaftan.id, 1, "L", 2)]), context);
    expect(await stockOfVariant(database.db, kaftan.id, "L", "Ivory")).toBe(1);
    expect(await stockOfVariant(database.db, kaftan.id, "L", "Indigo")).toBe(2);

    const results = await Promise.all(
      Array.from({ length: 10 }, () => changeOrderStatus(database.db, placed.id, "cancelled", "admin@example.com")),
    );
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(await stockOfVariant(database.db, kaftan.id, "L", "Ivory")).toBe(4);
    expect(await stockOfVariant(database.db, kaftan.id, "L", "Indigo")).toBe(4);
    // Cancelling again changes nothing.
    await changeOrderStatus(database.db, placed.id, "cancelled", "admin@example.com");
    expect(await totalStockOf(database.db, kaftan.id)).toBe(40);
  });

  it("taking a cancelled order back takes its variant again, or stays cancelled naming the variant sold meanwhile", async () => {
    const kaftan = await createProduct(database.db, { name: "Volta Kaftan", colors: COLOURS, stock: 2 });
    const placed = await placeOrder(database.db, checkout([line(kaftan.id, 1, "XL", 2)]), context);
    await changeOrderStatus(database.db, placed.id, "cancelled", "admin@example.com");
    expect(await stockOfVariant(database.db, kaftan.id, "XL", "Indigo")).toBe(2);
    await placeOrder(database.db, checkout([line(kaftan.id, 1, "XL", 1)]), context);

    const refused = changeOrderStatus(database.db, placed.id, "processing", "admin@example.com");
    await expect(refused).rejects.toBeInstanceOf(StockGoneError);
    await expect(changeOrderStatus(database.db, placed.id, "processing", "admin@example.com")).rejects.toThrow(
      "Volta Kaftan (Indigo, XL) has only 1 left in stock and this order needs 2, so it stays cancelled.",
    );
    expect(await stockOfVariant(database.db, kaftan.id, "XL", "Indigo")).toBe(1);
  });

  it("a variant deleted since the order was placed gives nothing back when the order is cancelled", async () => {
    const kaftan = await createProduct(database.db, { name: "Tamale Smock", stock: 3 });
    const placed = await placeOrder(database.db, checkout([{ productId: kaftan.id, colorIndex: null, size: "XXL", quantity: 1 }]), context);
    await database.db.delete(productVariants).where(eq(productVariants.sku, (await variantSku(kaftan.id, "XXL"))!));
    await changeOrderStatus(database.db, placed.id, "cancelled", "admin@example.com");
    expect(await totalStockOf(database.db, kaftan.id)).toBe(4 * 3);
    const [item] = await database.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    expect(item).toMatchObject({ variantId: null, size: "XXL", name: "Tamale Smock" });
  });

  async function variantSku(productId: number, size: string) {
    const rows = await database.db.select().from(productVariants).where(eq(productVariants.productId, productId));
    return rows.find((v) => v.size === size)?.sku;
  }

  it("listings: in stock only means some colour and size in stock, and the product page has each variant's stock", async () => {
    const soldOut = await createProduct(database.db, { name: "Gone Wrapper", categoryId, colors: COLOURS, stock: 0 });
    const lastOne = await createProduct(database.db, {
      name: "Last One Wrapper",
      categoryId,
      colors: COLOURS,
      stock: 0,
      variantStock: { "Indigo|S": 1 },
    });
    invalidateCatalogCache(database.db);
    const all = await listCollection(database.db, "kaftans", collectionFiltersSchema.parse({ q: "Wrapper" }), 12);
    expect(Object.fromEntries(all.items.map((p) => [p.name, p.totalStock]))).toEqual({ "Gone Wrapper": 0, "Last One Wrapper": 1 });
    const inStock = await listCollection(database.db, "kaftans", collectionFiltersSchema.parse({ q: "Wrapper", instock: "1" }), 12);
    expect(inStock.items.map((p) => p.name)).toEqual(["Last One Wrapper"]);

    const detail = await getProduct(database.db, lastOne.id);
    expect(detail!.variants).toHaveLength(10);
    expect(detail!.variants.filter((v) => v.stock > 0)).toEqual([expect.objectContaining({ color: "Indigo", size: "S", stock: 1 })]);
    expect((await getProduct(database.db, soldOut.id))!.totalStock).toBe(0);
  });
});
