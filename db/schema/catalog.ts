import { sql, type SQL } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description"),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Money columns hold integer pesewas (1 GHS = 100 pesewas). */
export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    price: bigint("price", { mode: "number" }).notNull(),
    originalPrice: bigint("original_price", { mode: "number" }),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    /** The style code staff know the garment by; each variant has its own SKU (product_variants). */
    sku: text("sku"),
    imageUrl: text("image_url"),
    isFeatured: boolean("is_featured").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    isNew: boolean("is_new").notNull().default(false),
    isBestseller: boolean("is_bestseller").notNull().default(false),
    materials: text("materials")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    care: text("care")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sizes: text("sizes")
      .array()
      .notNull()
      .default(sql`'{S,M,L,XL,XXL}'::text[]`),
    /** Also offered made to measure: cut to the shopper's measurements, for this surcharge (pesewas), in this many working days. */
    madeToMeasure: boolean("made_to_measure").notNull().default(false),
    madeToMeasureSurcharge: bigint("made_to_measure_surcharge", { mode: "number" }).notNull().default(0),
    madeToMeasureDays: integer("made_to_measure_days").notNull().default(15),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the storefront search matches: name and description, lower-cased by PostgreSQL when
     * the product is saved, so a search is a plain LIKE (`listCollection`) rather than two
     * ILIKEs that lower-case every description again for every search (half a search's query
     * time on the embedded database). A line break (chr(10)) keeps a match from spanning the two.
     */
    searchText: text("search_text").generatedAlwaysAs(
      (): SQL => sql`lower(${products.name} || chr(10) || coalesce(${products.description}, ''))`,
    ),
  },
  (t) => [
    // SKUs are unique whatever their case ("ahf-001" is the same code as "AHF-001"); admin
    // saves rely on this index, not on a check before the insert, so two at once cannot both win.
    uniqueIndex("products_sku_unique").on(sql`lower(${t.sku})`),
    uniqueIndex("products_slug_unique").on(t.slug),
    // Storefront listings only ever read active products; each sort has its own index so
    // a page of 12 is an index range scan whatever the catalog size.
    index("products_active_featured_idx")
      .on(t.categoryId, t.isFeatured.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isActive}`),
    index("products_active_newest_idx")
      .on(t.categoryId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isActive}`),
    index("products_active_price_idx")
      .on(t.categoryId, t.price, t.id)
      .where(sql`${t.isActive}`),
    index("products_all_featured_idx")
      .on(t.isFeatured.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isActive}`),
    index("products_all_newest_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isActive}`),
    index("products_all_price_idx")
      .on(t.price, t.id)
      .where(sql`${t.isActive}`),
    index("products_admin_created_idx").on(t.createdAt.desc(), t.id.desc()),
    // The storefront search over a large catalog (searchText); the admin's by name.
    index("products_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("products_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    // Admin product search matches name or SKU anywhere in the text.
    index("products_sku_trgm_idx").using("gin", sql`${t.sku} gin_trgm_ops`),
  ],
);

export const productColors = pgTable(
  "product_colors",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    hex: text("hex").notNull(),
    /** The colour's cover picture: always images[1] when it has any (cards and the cart read it). */
    imageUrl: text("image_url"),
    /** The colour's gallery in display order (base URLs as in image_url); staff reorder it. */
    images: text("images")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [uniqueIndex("product_colors_product_position_unique").on(t.productId, t.position)],
);

/**
 * What is on the shelf: one row per colour × size a product comes in, with its own SKU and
 * stock (docs/product-rules.md §13 "Sizes, colours and made to measure"). `color` is the colour's name as in
 * product_colors ("" for a product without colours), the key cart lines and order lines carry.
 * Stock is only ever changed by a guarded update (app/modules/orders/order-stock.server.ts) or
 * by staff (product form, stock CSV); the check keeps it from going below zero whatever runs.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    color: text("color").notNull().default(""),
    size: text("size").notNull(),
    sku: text("sku").notNull(),
    stock: integer("stock").notNull().default(0),
    /**
     * The product's category, featured and active flags, copied here by the database (migration
     * 0024: a trigger on each insert of a variant and on each change of those product columns, in
     * the same transaction) and never written by the app, so that a listing's "in stock" count is
     * an index-only read of product_variants_listed_in_stock_idx. Orders change only stock, so
     * they never wait on a product's row (decision 037).
     */
    productCategoryId: integer("product_category_id"),
    productFeatured: boolean("product_featured").notNull().default(false),
    productActive: boolean("product_active").notNull().default(true),
  },
  (t) => [
    uniqueIndex("product_variants_product_color_size_unique").on(t.productId, t.color, t.size),
    // Like product SKUs, the same whatever their case: a stocktake file may write them either way.
    uniqueIndex("product_variants_sku_unique").on(sql`lower(${t.sku})`),
    // The dashboard's low-stock list reads the emptiest variants first.
    index("product_variants_stock_idx").on(t.stock),
    // The storefront's "in stock" filter asks, per product, whether any variant has stock: an
    // index-only probe here, not a hash of every stocked variant of a large catalog.
    index("product_variants_in_stock_idx")
      .on(t.productId)
      .where(sql`${t.stock} > 0`),
    // The "in stock" count of a collection (listCollection): the active products of a category,
    // featured or not, with some variant in stock, counted distinct in product order without
    // reading a product's row.
    index("product_variants_listed_in_stock_idx")
      .on(t.productCategoryId, t.productFeatured, t.productId)
      .where(sql`${t.stock} > 0 and ${t.productActive}`),
    check("product_variants_stock_not_negative", sql`${t.stock} >= 0`),
  ],
);

/**
 * How many active products of each category hold each word of their search text (a run of
 * letters and digits of products.searchText, at most 100 characters), kept by the database in
 * the same transaction as every product change (migration 0024, decision 037). A search of one
 * word held by more than LISTING_COUNT_CAP products is "10,000+" without reading them: each
 * product holding the word matches the search. `categoryId` 0 stands for no category.
 */
export const productWordCounts = pgTable(
  "product_word_counts",
  {
    word: text("word").notNull(),
    categoryId: integer("category_id").notNull(),
    products: integer("products").notNull(),
  },
  (t) => [primaryKey({ columns: [t.word, t.categoryId] })],
);
