import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { escapeLike } from "~/lib/sql-like";
import type { Db } from "~db/client";
import { categories, productColors, products, productVariants } from "~db/schema/catalog";
import { firstColorImage, resolveProductImage, totalStock } from "~/modules/catalog/storefront-queries.server";
import { LOW_STOCK_THRESHOLD } from "./stock-level";
import { writeVariants } from "./product-variants.server";
import { isForeignKeyViolation, uniqueViolation } from "~/lib/database-errors.server";
import { DuplicateSkuError, DuplicateVariantSkuError, ProductNotFoundError, UnknownCategoryError } from "./product-errors";
import { ADMIN_PRODUCTS_PAGE_SIZE, type AdminProductFilters } from "./product-filters.schema";
import type { ProductColorInput, ProductInput } from "./product.schema";
import type { AdminProduct, AdminProductCategory, AdminProductListing, AdminProductRow } from "./product-management-types";
import { freeProductSlug } from "./product-slug.server";
import { announceStorefrontChange } from "~/modules/storefront/storefront-changes.server";

/**
 * Admin products: the table (search, filters, paging in the database), the edit dialog's
 * product, and create, update and delete. Each change announces itself to the storefront's
 * caches once it has committed (announceStorefrontChange); callers do nothing more.
 */

const rowColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  sku: products.sku,
  price: products.price,
  originalPrice: products.originalPrice,
  totalStock,
  variantsSoldOut: sql<number>`(select count(*)::integer from ${productVariants}
    where ${productVariants.productId} = ${products.id} and ${productVariants.stock} = 0)`.mapWith(Number),
  variantsLow: sql<number>`(select count(*)::integer from ${productVariants}
    where ${productVariants.productId} = ${products.id} and ${productVariants.stock} between 1 and ${LOW_STOCK_THRESHOLD})`.mapWith(Number),
  isActive: products.isActive,
  isFeatured: products.isFeatured,
  isNew: products.isNew,
  isBestseller: products.isBestseller,
  imageUrl: products.imageUrl,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  categoryId: categories.id,
  categorySlug: categories.slug,
  categoryName: categories.name,
  colorImage: firstColorImage,
};

/** A row as the selection above reads it: the table row's fields before shaping. */
type Row = Omit<AdminProductRow, "category" | "image" | "createdAt" | "updatedAt"> & {
  imageUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
  categoryId: number | null;
  categorySlug: string | null;
  categoryName: string | null;
  colorImage: string | null;
};

function toRow(row: Row): AdminProductRow {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    sku: row.sku,
    price: Number(row.price),
    originalPrice: row.originalPrice === null ? null : Number(row.originalPrice),
    totalStock: row.totalStock,
    variantsSoldOut: row.variantsSoldOut,
    variantsLow: row.variantsLow,
    isActive: row.isActive,
    isFeatured: row.isFeatured,
    isNew: row.isNew,
    isBestseller: row.isBestseller,
    category: row.categoryId === null ? null : { id: row.categoryId, slug: row.categorySlug ?? "", name: row.categoryName ?? "" },
    image: resolveProductImage(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function listConditions(filters: AdminProductFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const search = filters.search?.trim().replace(/\s+/g, " ");
  if (search) {
    // Both columns have trigram indexes, so a substring search does not read the whole table.
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(or(ilike(products.name, pattern), ilike(products.sku, pattern)));
  }
  if (filters.categoryId !== undefined) conditions.push(eq(products.categoryId, filters.categoryId));
  else if (filters.categorySlug) {
    conditions.push(
      sql`${products.categoryId} = (select ${categories.id} from ${categories} where ${categories.slug} = ${filters.categorySlug})`,
    );
  }
  if (filters.status === "active") conditions.push(eq(products.isActive, true));
  if (filters.status === "inactive") conditions.push(eq(products.isActive, false));
  return and(...conditions);
}

/** One page of the admin products table, newest first, with the number of matches. */
export async function listAdminProducts(db: Db, filters: AdminProductFilters = {}): Promise<AdminProductListing> {
  const pageSize = Math.min(Math.max(Math.trunc(filters.pageSize ?? ADMIN_PRODUCTS_PAGE_SIZE), 1), 100);
  const requested = Math.max(Math.trunc(filters.page ?? 1), 1);
  const where = listConditions(filters);
  const pageQuery = (page: number) =>
    db
      .select(rowColumns)
      .from(products)
      .leftJoin(categories, eq(products.categoryId, categories.id))
      .where(where)
      // The order of products_admin_created_idx (Drizzle Kit builds it DESC NULLS LAST).
      .orderBy(sql`${products.createdAt} desc nulls last`, sql`${products.id} desc nulls last`)
      .limit(pageSize)
      .offset((page - 1) * pageSize);

  const [[counted], firstRows] = await Promise.all([db.select({ total: count() }).from(products).where(where), pageQuery(requested)]);
  const total = Number(counted?.total ?? 0);
  const pageCount = Math.ceil(total / pageSize);
  // A page past the end (the last product of a page was deleted) shows the last page.
  const page = Math.min(requested, Math.max(pageCount, 1));
  const rows = page === requested ? firstRows : await pageQuery(page);
  return { items: rows.map(toRow), total, page, pageCount, pageSize };
}

/** Categories for the form's select and the table's filter, in storefront order. */
export async function listProductCategories(db: Db): Promise<AdminProductCategory[]> {
  return db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

/** A product with every field and its colours, inactive ones too. */
export async function getAdminProduct(db: Db, id: number): Promise<AdminProduct> {
  const [row] = await db
    .select({
      ...rowColumns,
      description: products.description,
      materials: products.materials,
      care: products.care,
      sizes: products.sizes,
      madeToMeasure: products.madeToMeasure,
      madeToMeasureSurcharge: products.madeToMeasureSurcharge,
      madeToMeasureDays: products.madeToMeasureDays,
    })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(eq(products.id, id));
  if (!row) throw new ProductNotFoundError(id);
  const [colors, variants] = await Promise.all([
    db
      .select({ name: productColors.name, hex: productColors.hex, imageUrl: productColors.imageUrl, images: productColors.images })
      .from(productColors)
      .where(eq(productColors.productId, id))
      .orderBy(asc(productColors.position)),
    db
      .select({
        id: productVariants.id,
        color: productVariants.color,
        size: productVariants.size,
        sku: productVariants.sku,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(asc(productVariants.id)),
  ]);
  return {
    ...toRow(row),
    description: row.description,
    imageUrl: row.imageUrl,
    materials: row.materials,
    care: row.care,
    sizes: row.sizes,
    colors,
    variants,
    madeToMeasure: row.madeToMeasure,
    madeToMeasureSurcharge: Number(row.madeToMeasureSurcharge),
    madeToMeasureDays: row.madeToMeasureDays,
  };
}

function productValues(input: ProductInput) {
  return {
    name: input.name,
    description: input.description,
    price: input.price,
    originalPrice: input.originalPrice,
    categoryId: input.categoryId,
    sku: input.sku,
    imageUrl: input.imageUrl,
    isFeatured: input.isFeatured,
    isActive: input.isActive,
    isNew: input.isNew,
    isBestseller: input.isBestseller,
    materials: input.materials,
    care: input.care,
    sizes: input.sizes,
    madeToMeasure: input.madeToMeasure,
    madeToMeasureSurcharge: input.madeToMeasureSurcharge,
    // Blank while made to measure is off: the days stay as they were (the column's default for a new product).
    ...(input.madeToMeasureDays === undefined ? {} : { madeToMeasureDays: input.madeToMeasureDays }),
  };
}

async function assertCategoryExists(db: Db, categoryId: number | null) {
  if (categoryId === null) return;
  const [found] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!found) throw new UnknownCategoryError(categoryId);
}

/**
 * Writes a product's colours in their order: the row at each position is changed only where it
 * differs (nothing refers to a colour row by its id: carts and orders name the colour), rows past
 * the new last one go, new ones are added. So a save that leaves the colours alone writes none,
 * and the activity log shows only the colours staff changed (decision 049).
 */
async function replaceColors(db: Db, productId: number, colors: ProductColorInput[]) {
  const existing = await db.select().from(productColors).where(eq(productColors.productId, productId));
  const atPosition = new Map(existing.map((row) => [row.position, row]));
  // The gallery and its cover are written together: image_url is always images[1].
  const rows = colors.map((c, position) => ({
    productId,
    position,
    name: c.name,
    hex: c.hex,
    images: c.images,
    imageUrl: c.images[0] ?? null,
  }));
  for (const row of rows) {
    const current = atPosition.get(row.position);
    if (!current) continue;
    const same =
      current.name === row.name &&
      current.hex === row.hex &&
      current.imageUrl === row.imageUrl &&
      current.images.length === row.images.length &&
      current.images.every((image, i) => image === row.images[i]);
    if (!same)
      await db
        .update(productColors)
        .set({ name: row.name, hex: row.hex, images: row.images, imageUrl: row.imageUrl })
        .where(eq(productColors.id, current.id));
  }
  const surplus = existing.filter((row) => row.position >= rows.length).map((row) => row.id);
  if (surplus.length > 0) await db.delete(productColors).where(inArray(productColors.id, surplus));
  const added = rows.filter((row) => !atPosition.has(row.position));
  if (added.length > 0) await db.insert(productColors).values(added);
}

/** Turns a failed save into the error the admin can act on; other failures pass through. */
function saveFailure(error: unknown, input: ProductInput): unknown {
  if (uniqueViolation(error) === "products_sku_unique" && input.sku) return new DuplicateSkuError(input.sku);
  if (error instanceof DuplicateVariantSkuError) return error;
  if (isForeignKeyViolation(error) && input.categoryId !== null) return new UnknownCategoryError(input.categoryId);
  return error;
}

/**
 * Creates a product with its colours and a slug made from its name. The SKU's uniqueness is
 * the database's: of two saves with the same SKU at once, one gets DuplicateSkuError.
 */
export async function createProduct(db: Db, input: ProductInput): Promise<AdminProduct> {
  for (let attempt = 1; ; attempt++) {
    try {
      const created = await db.transaction(async (tx) => {
        await assertCategoryExists(tx, input.categoryId);
        const slug = await freeProductSlug(tx, input.name);
        const [row] = await tx
          .insert(products)
          .values({ ...productValues(input), slug })
          .returning({ id: products.id });
        await replaceColors(tx, row!.id, input.colors);
        await writeVariants(tx, row!.id, input);
        return getAdminProduct(tx, row!.id);
      });
      await announceStorefrontChange(db);
      return created;
    } catch (error) {
      // Another product took the same slug between our look-up and insert: look again.
      if (uniqueViolation(error) === "products_slug_unique" && attempt < 5) continue;
      throw saveFailure(error, input);
    }
  }
}

/**
 * Saves every field of a product, replaces its colours and writes its stock grid
 * (writeVariants: a cell left unchanged keeps what orders took while the dialog was open);
 * the slug stays as it was.
 */
export async function updateProduct(db: Db, id: number, input: ProductInput): Promise<AdminProduct> {
  let updated: AdminProduct;
  try {
    updated = await db.transaction(async (tx) => {
      const [current] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for("update");
      if (!current) throw new ProductNotFoundError(id);
      await assertCategoryExists(tx, input.categoryId);
      await tx
        .update(products)
        .set({ ...productValues(input), updatedAt: new Date() })
        .where(eq(products.id, id));
      await replaceColors(tx, id, input.colors);
      await writeVariants(tx, id, input);
      return getAdminProduct(tx, id);
    });
  } catch (error) {
    throw saveFailure(error, input);
  }
  await announceStorefrontChange(db);
  return updated;
}

/**
 * Deletes a product and its colours. Past orders keep their lines: order_items hold a
 * snapshot (name, price, size, colour, picture) and their product_id becomes null (the foreign
 * key is ON DELETE SET NULL), so cancelling such an order later returns no stock for it.
 * Uploaded pictures stay on disk, since those order lines may still show them.
 */
export async function deleteProduct(db: Db, id: number): Promise<{ id: number; name: string }> {
  // One statement (its colours and variants go with it), in a transaction for the activity log (decision 049).
  const [deleted] = await db.transaction((tx) =>
    tx.delete(products).where(eq(products.id, id)).returning({ id: products.id, name: products.name }),
  );
  if (!deleted) throw new ProductNotFoundError(id);
  await announceStorefrontChange(db);
  return deleted;
}
