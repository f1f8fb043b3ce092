import type { Db } from "~db/client";
import { eq } from "drizzle-orm";
import { categories, productColors, products, productVariants } from "~db/schema/catalog";
import { suggestedVariantSku } from "~/modules/catalog/variants";

let sequence = 0;
const next = () => ++sequence;

export async function createCategory(db: Db, slug: string, name = slug[0]!.toUpperCase() + slug.slice(1)) {
  const [row] = await db.insert(categories).values({ slug, name, sortOrder: next() }).returning();
  return row!;
}

export interface ProductOverrides {
  name?: string;
  description?: string | null;
  price?: number;
  originalPrice?: number | null;
  categoryId?: number | null;
  /** Units of each colour × size (default 10): a product with 3 colours and 5 sizes holds 15 × stock. */
  stock?: number;
  /** Cells stocked otherwise, as "Colour|Size" ("|M" without colours): { "Ivory|XL": 0 }. */
  variantStock?: Record<string, number>;
  /** The sizes it comes in (default all five). */
  sizes?: string[];
  isFeatured?: boolean;
  isActive?: boolean;
  isNew?: boolean;
  isBestseller?: boolean;
  createdAt?: Date;
  colors?: { name: string; hex: string; imageUrl?: string | null }[];
}

/** A product with sensible defaults; money in pesewas. */
export async function createProduct(db: Db, overrides: ProductOverrides = {}) {
  const n = next();
  const [row] = await db
    .insert(products)
    .values({
      slug: `test-product-${n}`,
      name: overrides.name ?? `Test Product ${n}`,
      description: overrides.description === undefined ? `Description of product ${n}` : overrides.description,
      price: overrides.price ?? 10_000,
      originalPrice: overrides.originalPrice ?? null,
      categoryId: overrides.categoryId ?? null,
      ...(overrides.sizes ? { sizes: overrides.sizes } : {}),
      sku: `TEST-${n}-${Math.random().toString(36).slice(2, 8)}`,
      isFeatured: overrides.isFeatured ?? false,
      isActive: overrides.isActive ?? true,
      isNew: overrides.isNew ?? false,
      isBestseller: overrides.isBestseller ?? false,
      createdAt: overrides.createdAt ?? new Date(Date.UTC(2026, 0, 1) + n * 60_000),
    })
    .returning();
  if (overrides.colors?.length) {
    await db
      .insert(productColors)
      .values(
        overrides.colors.map((c, position) => ({ productId: row!.id, position, name: c.name, hex: c.hex, imageUrl: c.imageUrl ?? null })),
      );
  }
  const colours = overrides.colors?.length ? overrides.colors.map((c) => c.name) : [""];
  await db.insert(productVariants).values(
    colours.flatMap((color) =>
      row!.sizes.map((size) => ({
        productId: row!.id,
        color,
        size,
        sku: suggestedVariantSku(row!.sku, color, size),
        stock: overrides.variantStock?.[`${color}|${size}`] ?? overrides.stock ?? 10,
      })),
    ),
  );
  return row!;
}

/** A variant of a product by colour ("" without colours) and size. */
export async function variantOf(db: Db, productId: number, size: string, color = "") {
  const rows = await db.select().from(productVariants).where(eq(productVariants.productId, productId));
  const found = rows.find((v) => v.color === color && v.size === size);
  if (!found) throw new Error(`Product ${productId} has no variant ${color}|${size}`);
  return found;
}

/** Units left of a product's colour and size. */
export async function stockOfVariant(db: Db, productId: number, size: string, color = ""): Promise<number> {
  return (await variantOf(db, productId, size, color)).stock;
}

/** Units left of a product over all its colours and sizes. */
export async function totalStockOf(db: Db, productId: number): Promise<number> {
  const rows = await db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.productId, productId));
  return rows.reduce((sum, r) => sum + r.stock, 0);
}
