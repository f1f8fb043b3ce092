import { and, type AnyColumn, asc, count, desc, eq, gte, inArray, like, lte, max, min, sql, type SQL } from "drizzle-orm";
import { countUpTo } from "~/lib/sql-count.server";
import { escapeLike } from "~/lib/sql-like";
import { queryRows, type Db } from "~db/client";
import { categories, productColors, products, productVariants, productWordCounts } from "~db/schema/catalog";
import { cached, cachedEach, cachedMatches } from "./catalog-cache.server";
import { collectionTitles, type CollectionFilterValues as CollectionFilters } from "./catalog-constants";
import type { ProductCardData, ProductDetail } from "./catalog-types";

/** The picture of a product's first (default) colour, which leads its card and its admin row. */
export const firstColorImage = sql<string | null>`(select ${productColors.imageUrl} from ${productColors}
    where ${productColors.productId} = ${products.id} order by ${productColors.position} limit 1)`;

/** A product's stock over all its variants (colours × sizes): 0 means Sold out. */
export const totalStock = sql<number>`(select coalesce(sum(${productVariants.stock}), 0)::integer from ${productVariants}
    where ${productVariants.productId} = ${products.id})`.mapWith(Number);

/** Some colour × size of the product is in stock ("In stock only"). */
const someVariantInStock = sql`exists (select 1 from ${productVariants}
    where ${productVariants.productId} = ${products.id} and ${productVariants.stock} > 0)`;

const cardColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  price: products.price,
  originalPrice: products.originalPrice,
  imageUrl: products.imageUrl,
  totalStock,
  isNew: products.isNew,
  isBestseller: products.isBestseller,
  isFeatured: products.isFeatured,
  categorySlug: categories.slug,
  categoryName: categories.name,
  // The first colour is the default one; its image leads the card.
  colorImage: firstColorImage,
  colorName: sql<string | null>`(select ${productColors.name} from ${productColors}
    where ${productColors.productId} = ${products.id} order by ${productColors.position} limit 1)`,
};

type CardRow = {
  id: number;
  slug: string;
  name: string;
  price: number;
  originalPrice: number | null;
  imageUrl: string | null;
  totalStock: number;
  isNew: boolean;
  isBestseller: boolean;
  isFeatured: boolean;
  categorySlug: string | null;
  categoryName: string | null;
  colorImage: string | null;
  colorName: string | null;
};

/** Product images: the default colour's picture, else image_url, else the category's default. */
export function resolveProductImage(row: { colorImage?: string | null; imageUrl: string | null; categorySlug: string | null }): string {
  return row.colorImage || row.imageUrl || `/images/categories/${row.categorySlug ?? "kaftans"}`;
}

function toCard(row: CardRow): ProductCardData {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    price: Number(row.price),
    originalPrice: row.originalPrice === null ? null : Number(row.originalPrice),
    image: resolveProductImage(row),
    totalStock: row.totalStock,
    isNew: row.isNew,
    isBestseller: row.isBestseller,
    isFeatured: row.isFeatured,
    category: row.categorySlug ? { slug: row.categorySlug, name: row.categoryName ?? "" } : null,
    defaultColor: row.colorName,
  };
}

/**
 * `DESC NULLS LAST`, the order the listing indexes are built in (Drizzle Kit writes them that
 * way); a plain `DESC` means NULLS FIRST and would stop PostgreSQL from using them.
 */
function descNullsLast(column: AnyColumn): SQL {
  return sql`${column} desc nulls last`;
}

/**
 * Counting every match of a broad filter over a very large catalog costs more than the page
 * itself, so counts stop here: past it the listing says "10,000+" and pages up to the cap.
 */
export const LISTING_COUNT_CAP = 10_000;

export interface ProductListing {
  items: ProductCardData[];
  /** Matches, at most LISTING_COUNT_CAP (see totalIsCapped). */
  total: number;
  totalIsCapped: boolean;
  page: number;
  pageCount: number;
  pageSize: number;
  /** Whole cedis, the slider's bounds for this collection (before filters). */
  priceBounds: { min: number; max: number };
}

/** The category of a collection slug: null for "all", undefined for a slug that is no collection. */
function categoryIdFor(db: Db, slug: string): Promise<number | null | undefined> {
  if (slug === "all") return Promise.resolve(null);
  if (!(slug in collectionTitles)) return Promise.resolve(undefined);
  return cached(db, `category-id:${slug}`, async () => {
    const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
    return row?.id;
  });
}

/** Smallest and largest price of the active products in a collection, in whole cedis. */
export function collectionPriceBounds(db: Db, categorySlug: string) {
  return cached(db, `bounds:${categorySlug}`, async () => {
    const categoryId = await categoryIdFor(db, categorySlug);
    if (categoryId === undefined) return { min: 0, max: 0 };
    const [row] = await db
      .select({ min: min(products.price), max: max(products.price) })
      .from(products)
      .where(and(eq(products.isActive, true), categoryId === null ? undefined : eq(products.categoryId, categoryId)));
    if (!row?.min || !row.max) return { min: 0, max: 0 };
    return { min: Math.floor(Number(row.min) / 100), max: Math.ceil(Number(row.max) / 100) };
  });
}

/**
 * Up to this many active products, a collection's price ranges are cut from what the same
 * listing without a range matched, kept with each match's price (priced matches, ~16 bytes a
 * product): a shopper dragging the price slider asks for a new range each time, and the database's
 * query was most of such a page's cost. A larger collection asks the database for each range.
 */
export const PRICED_MATCHES_MAX = 1_000;

/**
 * Whether a collection (category id, null for all) has at most PRICED_MATCHES_MAX active
 * products: counted up to the limit and no further, so a very large catalog pays for a thousand
 * index entries, not all of them; kept with the catalog, and read only when a range is asked.
 */
function isSmallCollection(db: Db, slug: string, categoryId: number | null): Promise<boolean> {
  return cached(db, `small:${slug}`, async () => {
    const where = and(eq(products.isActive, true), categoryId === null ? undefined : eq(products.categoryId, categoryId));
    return (await countUpTo(db, products, where, PRICED_MATCHES_MAX)) <= PRICED_MATCHES_MAX;
  });
}

/**
 * One page of a collection, filtered, sorted and paged in the database.
 * `categorySlug` is a category slug or "all"; an unknown slug yields an empty listing.
 */
export async function listCollection(db: Db, categorySlug: string, filters: CollectionFilters, pageSize: number): Promise<ProductListing> {
  const slug = categorySlug.toLowerCase();
  // A search or a price range is one of endlessly many listings: only what its query matched is
  // kept (loadListing). Collections, their sort orders and pages are few, and kept whole.
  if (filters.q || filters.min !== undefined || filters.max !== undefined) return loadListing(db, slug, filters, pageSize, true);
  return cached(db, `list:${slug}:${pageSize}:${JSON.stringify(filters)}`, () => loadListing(db, slug, filters, pageSize, false));
}

/** What a listing's query found: the ids of the page shown and the figures around it. */
interface ListingMatches {
  ids: number[];
  total: number;
  totalIsCapped: boolean;
  page: number;
  pageCount: number;
}

async function loadListing(
  db: Db,
  slug: string,
  filters: CollectionFilters,
  pageSize: number,
  keepMatches: boolean,
): Promise<ProductListing> {
  const priceBounds = await collectionPriceBounds(db, slug);
  const categoryId = await categoryIdFor(db, slug);
  if (categoryId === undefined) {
    return { items: [], total: 0, totalIsCapped: false, page: 1, pageCount: 0, pageSize, priceBounds };
  }
  // The chosen range is clamped to the collection's own bounds; both ends inclusive.
  const priceFrom = filters.min !== undefined && filters.min > priceBounds.min ? Math.min(filters.min, priceBounds.max) : undefined;
  const priceTo = filters.max !== undefined && filters.max < priceBounds.max ? Math.max(filters.max, priceBounds.min) : undefined;
  const listing = async ({ ids, ...figures }: ListingMatches) => ({
    items: await listingCards(db, ids),
    ...figures,
    pageSize,
    priceBounds,
  });
  // A range of a small collection is cut from the search's priced matches each time: cheap, and
  // not kept, so a flood of ranges never pushes other searches' matches out of their cache.
  const ranged = priceFrom !== undefined || priceTo !== undefined;
  const priced =
    keepMatches && ranged && (await isSmallCollection(db, slug, categoryId)) ? await pricedMatches(db, slug, categoryId, filters) : null;
  if (priced) return listing(matchesInRange(priced, { priceFrom, priceTo, page: filters.page, pageSize }));
  const find = () => findMatches(db, { categoryId, filters, priceFrom, priceTo, pageSize });
  // Kept by the query the database is asked (decision 003): the search's letters as the database
  // compares them (products.searchText is lower case) and the range as clamped, so "Kaftan" and
  // "kaftan", or two ranges reaching past the collection's prices, are one answer.
  const key = JSON.stringify([
    slug,
    pageSize,
    asciiLowerCase(filters.q),
    priceFrom,
    priceTo,
    filters.featured,
    filters.instock,
    filters.sort,
    filters.page,
  ]);
  return listing(keepMatches ? await cachedMatches(db, key, find) : await find());
}

/** A–Z as a–z, as the database's lower() does them; other letters kept as they are (never merged wrongly). */
function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** What a listing asks of the products: active, in the category (null: all), and its filters; the price range in whole cedis. */
function listingConditions(categoryId: number | null, filters: CollectionFilters, priceFrom?: number, priceTo?: number): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(products.isActive, true)];
  if (categoryId !== null) conditions.push(eq(products.categoryId, categoryId));
  // The name or the description holds the search, whatever its case (products.searchText).
  if (filters.q) conditions.push(like(products.searchText, sql`lower(${`%${escapeLike(filters.q)}%`})`));
  if (priceFrom !== undefined) conditions.push(gte(products.price, priceFrom * 100));
  if (priceTo !== undefined) conditions.push(lte(products.price, priceTo * 100));
  if (filters.featured) conditions.push(eq(products.isFeatured, true));
  if (filters.instock) conditions.push(someVariantInStock);
  return and(...conditions);
}

function listingOrder(sort: CollectionFilters["sort"]): SQL[] {
  return {
    featured: [descNullsLast(products.isFeatured), descNullsLast(products.createdAt), descNullsLast(products.id)],
    newest: [descNullsLast(products.createdAt), descNullsLast(products.id)],
    "price-asc": [asc(products.price), asc(products.id)],
    "price-desc": [desc(products.price), desc(products.id)],
  }[sort];
}

/** Every match of a listing's filters but its price range, in its order, with each one's price (pesewas). */
interface PricedMatches {
  ids: number[];
  prices: number[];
}

/**
 * A small collection's matches for these filters without their range, kept in the cache of
 * matches (by the query, as loadListing keeps a range's): each range asked of the same search,
 * sort and toggles is then cut from it (matchesInRange) without asking the database.
 */
function pricedMatches(db: Db, slug: string, categoryId: number | null, filters: CollectionFilters): Promise<PricedMatches | null> {
  const key = JSON.stringify(["priced", slug, asciiLowerCase(filters.q), filters.featured, filters.instock, filters.sort]);
  return cachedMatches(db, key, async () => {
    const rows = await db
      .select({ id: products.id, price: products.price })
      .from(products)
      .where(listingConditions(categoryId, filters))
      .orderBy(...listingOrder(filters.sort))
      .limit(PRICED_MATCHES_MAX + 1);
    // The collection grew past the limit since its size was read: the range is asked of the database.
    if (rows.length > PRICED_MATCHES_MAX) return null;
    return { ids: rows.map((row) => row.id), prices: rows.map((row) => Number(row.price)) };
  });
}

/** One page of the priced matches within a range (whole cedis, both ends inclusive), counted and clamped as findMatches does. */
function matchesInRange(
  priced: PricedMatches,
  { priceFrom, priceTo, page: asked, pageSize }: { priceFrom?: number; priceTo?: number; page: number; pageSize: number },
): ListingMatches {
  const low = priceFrom === undefined ? -Infinity : priceFrom * 100;
  const high = priceTo === undefined ? Infinity : priceTo * 100;
  const inRange = priced.ids.filter((_, index) => priced.prices[index]! >= low && priced.prices[index]! <= high);
  const pageCount = Math.ceil(inRange.length / pageSize);
  const page = Math.min(asked, Math.max(pageCount, 1));
  return {
    ids: inRange.slice((page - 1) * pageSize, page * pageSize),
    total: inRange.length,
    totalIsCapped: false,
    page,
    pageCount,
  };
}

async function findMatches(
  db: Db,
  {
    categoryId,
    filters,
    priceFrom,
    priceTo,
    pageSize,
  }: { categoryId: number | null; filters: CollectionFilters; priceFrom?: number; priceTo?: number; pageSize: number },
): Promise<ListingMatches> {
  const where = listingConditions(categoryId, filters, priceFrom, priceTo);
  const orderBy = listingOrder(filters.sort);

  // A count that costs an index read whatever the catalog's size (decision 037), or null: then
  // the matches are counted through products, up to the cap.
  const ranged = priceFrom !== undefined || priceTo !== undefined;
  const onlyFlags = !filters.q && !ranged;
  const onlySearch = !filters.instock && !filters.featured && !ranged;
  const quickCount =
    filters.instock && onlyFlags
      ? inStockCount(db, categoryId, filters.featured)
      : filters.q && onlySearch && ONE_WORD.test(filters.q)
        ? oneWordSearchCount(db, categoryId, filters.q, where)
        : null;

  // The page's ids only: its cards come from the catalog cache (listingCards). The card columns'
  // subqueries made planning and running the page's query three times the cost of this one.
  // A quick count rides along on the first page's query (PostgreSQL evaluates it once).
  const pageQuery = (page: number, withCount = false) =>
    db
      .select({ id: products.id, counted: withCount && quickCount ? sql<string | number>`(${quickCount})` : sql<null>`null` })
      .from(products)
      .where(where)
      .orderBy(...orderBy)
      .limit(pageSize)
      .offset((page - 1) * pageSize);

  const countMatches = async () => {
    if (!quickCount) return countUpTo(db, products, where, LISTING_COUNT_CAP);
    const [row] = await queryRows<{ total: string | number }>(db, quickCount);
    return Number(row?.total ?? 0);
  };
  // A first page that is not full holds every match, so it is its own count: most searches
  // are answered by one query. Otherwise the count and the page asked for run together,
  // and a page past the end is fetched again.
  let counted: number, firstRows: { id: number; counted: string | number | null }[];
  if (filters.page === 1) {
    firstRows = await pageQuery(1, true);
    const quick = firstRows[0]?.counted;
    counted = firstRows.length < pageSize ? firstRows.length : quick != null ? Number(quick) : await countMatches();
  } else {
    [counted, firstRows] = await Promise.all([countMatches(), pageQuery(filters.page)]);
  }
  const totalIsCapped = counted > LISTING_COUNT_CAP;
  const total = Math.min(counted, LISTING_COUNT_CAP);
  const pageCount = Math.ceil(total / pageSize);
  const page = Math.min(filters.page, Math.max(pageCount, 1));
  const rows = page === filters.page ? firstRows : total ? await pageQuery(page) : [];
  return { ids: rows.map((row) => row.id), total, totalIsCapped, page, pageCount };
}

/**
 * A statement answering `total`: the active products of a category (null: all) that are in
 * stock, featured ones only if asked, up to LISTING_COUNT_CAP + 1, as `countUpTo` would count
 * them with `someVariantInStock`: the distinct products of the variants in stock, read
 * index-only from product_variants_listed_in_stock_idx, whose copies of the product's flags the
 * database keeps (migration 0024, decision 037). Over a large catalog the count through
 * products probed the variants once per candidate product.
 */
function inStockCount(db: Db, categoryId: number | null, featuredOnly: boolean): SQL {
  const matches = db
    .selectDistinct({ id: productVariants.productId })
    .from(productVariants)
    .where(
      and(
        sql`${productVariants.stock} > 0`,
        eq(productVariants.productActive, true),
        categoryId === null ? undefined : eq(productVariants.productCategoryId, categoryId),
        featuredOnly ? eq(productVariants.productFeatured, true) : undefined,
      ),
    )
    .limit(LISTING_COUNT_CAP + 1);
  return sql`select count(*) as total from (${matches}) as matches`;
}

/** A search of one word, letters and digits only: the words product_word_counts keeps. */
const ONE_WORD = /^[\p{L}\p{N}]{1,100}$/u;

/**
 * A statement answering `total`: the matches of a one-word search (`where` holds it with the
 * category and the active flag), up to LISTING_COUNT_CAP + 1. Every product holding the word in
 * its search text matches the search, so when the kept count of such products
 * (product_word_counts, migration 0024) is past the cap, the listing is capped without reading
 * them; otherwise they are counted as before, in the same statement (PostgreSQL runs that
 * count only then). Over a large catalog, counting a common word's 10,001 matches read some
 * 5,000 pages of products.
 */
function oneWordSearchCount(db: Db, categoryId: number | null, word: string, where: SQL | undefined): SQL {
  const holders = db
    .select({ products: sql`coalesce(sum(${productWordCounts.products}), 0)` })
    .from(productWordCounts)
    .where(
      and(eq(productWordCounts.word, sql`lower(${word})`), categoryId === null ? undefined : eq(productWordCounts.categoryId, categoryId)),
    );
  const matches = db
    .select({ one: sql`1` })
    .from(products)
    .where(where)
    .limit(LISTING_COUNT_CAP + 1);
  return sql`select case when (${holders}) > ${LISTING_COUNT_CAP} then ${LISTING_COUNT_CAP + 1}
                    else (select count(*) from (${matches}) as matches) end as total`;
}

/** Active product counts per category slug, for the home filter badges. */
export function categoryCounts(db: Db): Promise<Record<string, number>> {
  return cached(db, "category-counts", async () => {
    const rows = await db
      .select({ slug: categories.slug, total: count(products.id) })
      .from(categories)
      .leftJoin(products, and(eq(products.categoryId, categories.id), eq(products.isActive, true)))
      .groupBy(categories.slug);
    return Object.fromEntries(rows.map((r) => [r.slug, Number(r.total)]));
  });
}

/** An active product with its colours, or null. Inactive products are not shown to shoppers. */
export function getProduct(db: Db, id: number): Promise<ProductDetail | null> {
  return cached(db, `product:${id}`, async () => {
    const [row] = await db
      .select({
        ...cardColumns,
        description: products.description,
        materials: products.materials,
        care: products.care,
        sizes: products.sizes,
        sku: products.sku,
        madeToMeasure: products.madeToMeasure,
        madeToMeasureSurcharge: products.madeToMeasureSurcharge,
        madeToMeasureDays: products.madeToMeasureDays,
        createdAt: products.createdAt,
      })
      .from(products)
      .leftJoin(categories, eq(products.categoryId, categories.id))
      .where(and(eq(products.id, id), eq(products.isActive, true)));
    if (!row) return null;
    const [colors, variants] = await Promise.all([
      db
        .select({ name: productColors.name, hex: productColors.hex, imageUrl: productColors.imageUrl, images: productColors.images })
        .from(productColors)
        .where(eq(productColors.productId, id))
        .orderBy(asc(productColors.position)),
      db
        .select({ color: productVariants.color, size: productVariants.size, sku: productVariants.sku, stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.productId, id))
        .orderBy(asc(productVariants.id)),
    ]);
    const card = toCard(row);
    return {
      ...card,
      description: row.description,
      materials: row.materials,
      care: row.care,
      sizes: row.sizes,
      sku: row.sku,
      variants,
      madeToMeasure: row.madeToMeasure ? { surcharge: Number(row.madeToMeasureSurcharge), days: row.madeToMeasureDays } : null,
      colors: colors.map((c) => {
        const image = c.imageUrl || card.image;
        return { name: c.name, hex: c.hex, image, images: c.images.length > 0 ? c.images : [image] };
      }),
    };
  });
}

/** The cards of these products that are active, by id, in one query. */
async function readCards(db: Db, ids: number[]): Promise<Map<number, ProductCardData>> {
  const rows = await db
    .select(cardColumns)
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(and(inArray(products.id, ids), eq(products.isActive, true)));
  return new Map(rows.map((row) => [row.id, toCard(row)]));
}

/**
 * A listing's cards, in its order, kept in the catalog cache one product at a time: endless
 * searches and filters show the same few products, so a new search reads only its ids. A product
 * gone inactive between the two reads is left out.
 */
async function listingCards(db: Db, ids: number[]): Promise<ProductCardData[]> {
  if (ids.length === 0) return [];
  const cards = await cachedEach(
    db,
    ids,
    (id) => `card:${id}`,
    (missing) => readCards(db, missing),
  );
  return cards.filter((card) => card !== undefined);
}

/** Cards for a list of ids (wishlist, quick view), in the order asked, active only, read afresh. */
export async function getProductCards(db: Db, ids: number[]): Promise<ProductCardData[]> {
  const unique = [...new Set(ids)].slice(0, 100);
  if (unique.length === 0) return [];
  const byId = await readCards(db, unique);
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/** Related products: same category, newest first, excluding the product itself. */
export function relatedProducts(db: Db, product: ProductDetail, limit = 4): Promise<ProductCardData[]> {
  return cached(db, `related:${product.id}:${limit}`, async () => {
    if (!product.category) return [];
    const rows = await db
      .select(cardColumns)
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .where(and(eq(products.isActive, true), eq(categories.slug, product.category.slug), sql`${products.id} <> ${product.id}`))
      .orderBy(descNullsLast(products.isFeatured), descNullsLast(products.createdAt), descNullsLast(products.id))
      .limit(limit);
    return rows.map(toCard);
  });
}

/** Every active product id and update time, for the sitemap. */
export function sitemapProducts(db: Db) {
  return cached(db, "sitemap", () =>
    db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(asc(products.id)),
  );
}

export function listCategories(db: Db) {
  return cached(db, "categories", () =>
    db
      .select({ slug: categories.slug, name: categories.name, description: categories.description })
      .from(categories)
      .orderBy(asc(categories.sortOrder)),
  );
}
