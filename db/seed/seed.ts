import { count, sql } from "drizzle-orm";
import type { Db } from "../client";
import { categories, productColors, products, productVariants } from "../schema/catalog";
import { spreadStock, suggestedVariantSku } from "../variant-rules";
import { settings } from "../schema/store";
import { productGalleryBases, productImageBase, seedCategories, seedProducts, type SeedProduct } from "./catalog-data";

const DAY_MS = 24 * 60 * 60 * 1000;

/** True when the catalog has no categories and no products yet. */
export async function isCatalogEmpty(db: Db): Promise<boolean> {
  const [c] = await db.select({ n: count() }).from(categories);
  const [p] = await db.select({ n: count() }).from(products);
  return Number(c?.n ?? 0) === 0 && Number(p?.n ?? 0) === 0;
}

/**
 * Loads the sample catalog in one transaction. Products keep their ids (1..N) so
 * /product/1 … /product/8 are the specification's samples on every fresh install.
 */
export async function seedCatalog(db: Db, now = new Date()): Promise<{ categories: number; products: number }> {
  await db.transaction(async (tx) => {
    const insertedCategories = await tx
      .insert(categories)
      .values(seedCategories.map((c) => ({ slug: c.slug, name: c.name, description: c.description, sortOrder: c.sortOrder })))
      .returning({ id: categories.id, slug: categories.slug });
    const categoryIds = new Map(insertedCategories.map((c) => [c.slug, c.id]));

    await tx.insert(products).values(
      seedProducts.map((p) => ({
        id: p.id,
        slug: p.slug,
        name: p.name,
        description: p.description,
        price: p.price,
        originalPrice: p.originalPrice ?? null,
        categoryId: categoryIds.get(p.category) ?? null,
        sku: p.sku,
        imageUrl: p.colors[0] ? productImageBase(p, p.colors[0].name) : null,
        isFeatured: p.featured,
        isActive: p.active,
        isNew: p.isNew,
        isBestseller: p.bestseller,
        materials: p.materials,
        care: p.care,
        sizes: p.sizes,
        madeToMeasure: p.madeToMeasure !== undefined,
        madeToMeasureSurcharge: p.madeToMeasure?.surcharge ?? 0,
        madeToMeasureDays: p.madeToMeasure?.days ?? 15,
        createdAt: new Date(now.getTime() - p.createdDaysAgo * DAY_MS),
        updatedAt: now,
      })),
    );
    await tx.insert(productColors).values(
      seedProducts.flatMap((p) =>
        p.colors.map((color, position) => ({
          productId: p.id,
          position,
          name: color.name,
          hex: color.hex,
          imageUrl: productImageBase(p, color.name),
          images: productGalleryBases(p, color.name),
        })),
      ),
    );
    await tx.insert(productVariants).values(seedProducts.flatMap(seedVariants));
    // Explicit ids leave the serial behind; move it past them so new products get fresh ids.
    await tx.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`);
    await seedExchangeRates(tx, now);
  });
  return { categories: seedCategories.length, products: seedProducts.length };
}

/**
 * The sample shop's exchange rates (GHS against each display currency, late 2026), dated when
 * the shop was seeded, so a newcomer sees approximate prices abroad at once; Settings flags
 * them after a week. A shop that already has rates keeps them.
 */
export const sampleExchangeRates = { USD: 0.0909, GBP: 0.0689, EUR: 0.0784, NGN: 131.8, XOF: 51.4 } as const;

async function seedExchangeRates(db: Db, now: Date): Promise<void> {
  const setAt = now.toISOString();
  const rates = Object.fromEntries(Object.entries(sampleExchangeRates).map(([currency, rate]) => [currency, { rate, setAt }]));
  await db
    .insert(settings)
    .values({ key: "exchangeRates", value: { base: "GHS", rates }, updatedAt: now })
    .onConflictDoNothing({ target: settings.key });
}

/** A sample product's variants: its stock spread over colours × sizes, then its own cells (variantStock) set. */
function seedVariants(p: SeedProduct) {
  const cells = (p.colors.length > 0 ? p.colors.map((c) => c.name) : [""]).flatMap((color) => p.sizes.map((size) => ({ color, size })));
  const shares = spreadStock(p.stock, cells.length);
  return cells.map(({ color, size }, i) => ({
    productId: p.id,
    color,
    size,
    sku: suggestedVariantSku(p.sku, color, size),
    stock: p.variantStock?.[`${color}|${size}`] ?? shares[i]!,
  }));
}

/** Seeds only an empty catalog; returns whether it seeded. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  if (!(await isCatalogEmpty(db))) return false;
  await seedCatalog(db);
  return true;
}
