import { and, asc, desc, eq, ilike, sql } from "drizzle-orm";
import { escapeLike } from "~/lib/sql-like";
import type { Db } from "~db/client";
import { categories, products } from "~db/schema/catalog";
import { imageSrc } from "~/lib/images";
import { cached } from "./catalog-cache.server";
import { MAX_PRODUCT_SUGGESTIONS, MIN_SUGGESTION_QUERY, type SearchSuggestions } from "./search-suggestions";
import { firstColorImage, resolveProductImage } from "./storefront-queries.server";

/**
 * Up to six active products whose name contains the query (names that start with it first, then
 * featured ones), and the collections whose name contains it. A substring `ILIKE` on the name is
 * answered by the trigram index products_name_trgm_idx at any catalog size; answers are kept in
 * the catalog read cache, keyed by the query in lower case, so a prefix typed by many shoppers
 * costs one query per cache lifetime.
 */
export function searchSuggestions(db: Db, query: string): Promise<SearchSuggestions> {
  const q = query.trim();
  if (q.length < MIN_SUGGESTION_QUERY) return Promise.resolve({ query: q, products: [], collections: [] });
  return cached(db, `suggest:${q.toLowerCase()}`, async () => {
    const contains = `%${escapeLike(q)}%`;
    const startsWith = `${escapeLike(q)}%`;
    const [productRows, collectionRows] = await Promise.all([
      db
        .select({
          id: products.id,
          name: products.name,
          price: products.price,
          imageUrl: products.imageUrl,
          colorImage: firstColorImage,
          categorySlug: categories.slug,
          categoryName: categories.name,
        })
        .from(products)
        .leftJoin(categories, eq(products.categoryId, categories.id))
        .where(and(eq(products.isActive, true), ilike(products.name, contains)))
        .orderBy(desc(sql`${products.name} ilike ${startsWith}`), desc(products.isFeatured), asc(products.name), asc(products.id))
        .limit(MAX_PRODUCT_SUGGESTIONS),
      db
        .select({ slug: categories.slug, name: categories.name })
        .from(categories)
        .where(ilike(categories.name, contains))
        .orderBy(asc(categories.sortOrder))
        .limit(3),
    ]);
    return {
      query: q,
      products: productRows.map((row) => ({
        id: row.id,
        name: row.name,
        price: Number(row.price),
        image: imageSrc(resolveProductImage(row), 480),
        href: `/product/${row.id}`,
        category: row.categoryName,
      })),
      collections: collectionRows.map((row) => ({ name: row.name, href: `/collections/${row.slug}` })),
    };
  });
}
