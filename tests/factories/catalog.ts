import type { Db } from "~db/client";
import { categories, productColors, products } from "~db/schema/catalog";

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
  stockQuantity?: number;
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
      stockQuantity: overrides.stockQuantity ?? 10,
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
  return row!;
}
