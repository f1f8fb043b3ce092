import { and, eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { queryRows, type Db } from "~db/client";
import { categories, products, productVariants } from "~db/schema/catalog";
import { invalidateCatalogCache } from "~/modules/catalog/catalog-cache.server";
import { parseCollectionFilters } from "~/modules/catalog/catalog.schema";
import { LISTING_COUNT_CAP, listCollection } from "~/modules/catalog/storefront-queries.server";
import { takeStock } from "~/modules/orders/order-stock.server";
import { createCategory, createProduct } from "../factories/catalog";
import { describeWithDatabase } from "../setup/test-database";

/**
 * The counts of decision 037 (migration 0024): "in stock" counted over the variants' copies of
 * their product's flags, a one-word search capped by the kept word counts. Every listing must
 * show what counting through products shows: the same products, order and count.
 */

const filters = (query = "") => parseCollectionFilters(new URLSearchParams(query));

/** A range as the query asks it, both ends inclusive (the ranges tested lie inside their collection's prices, so none is clamped). */
function priceRange(f: ReturnType<typeof filters>) {
  return sql`and p.price >= ${(f.min ?? 0) * 100} and p.price <= ${(f.max ?? 1e9) * 100}`;
}

/** What a listing counted before decision 037: every match through products, uncapped. */
async function countThroughProducts(db: Db, slug: string, query: string): Promise<number> {
  const f = filters(query);
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from products p left join categories c on c.id = p.category_id
        where p.is_active and (${slug} = 'all' or c.slug = ${slug})
          and (not ${f.featured} or p.is_featured)
          and (not ${f.instock} or exists (select 1 from product_variants v where v.product_id = p.id and v.stock > 0))
          and p.search_text like lower(${`%${f.q}%`}) ${priceRange(f)}`,
  );
  return Number(row?.n);
}

/** The ids of a listing's page as the page's order puts them, read through products. */
async function pageThroughProducts(db: Db, slug: string, query: string, pageSize: number): Promise<number[]> {
  const f = filters(query);
  const order = {
    featured: sql`p.is_featured desc nulls last, p.created_at desc nulls last, p.id desc nulls last`,
    newest: sql`p.created_at desc nulls last, p.id desc nulls last`,
    "price-asc": sql`p.price, p.id`,
    "price-desc": sql`p.price desc, p.id desc`,
  }[f.sort];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select p.id from products p left join categories c on c.id = p.category_id
        where p.is_active and (${slug} = 'all' or c.slug = ${slug})
          and (not ${f.featured} or p.is_featured)
          and (not ${f.instock} or exists (select 1 from product_variants v where v.product_id = p.id and v.stock > 0))
          and p.search_text like lower(${`%${f.q}%`}) ${priceRange(f)}
        order by ${order} limit ${pageSize} offset ${(f.page - 1) * pageSize}`,
  );
  return rows.map((row) => Number(row.id));
}

async function expectSameAsThroughProducts(db: Db, slug: string, query: string, pageSize = 12) {
  invalidateCatalogCache(db);
  const listing = await listCollection(db, slug, filters(query), pageSize);
  const counted = await countThroughProducts(db, slug, query);
  const label = `${slug}?${query}`;
  expect({ label, total: listing.total, capped: listing.totalIsCapped }).toEqual({
    label,
    total: Math.min(counted, LISTING_COUNT_CAP),
    capped: counted > LISTING_COUNT_CAP,
  });
  expect(listing.pageCount).toBe(Math.ceil(Math.min(counted, LISTING_COUNT_CAP) / pageSize));
  if (listing.page === filters(query).page) {
    expect(listing.items.map((item) => item.id)).toEqual(await pageThroughProducts(db, slug, query, pageSize));
  }
}

/** Variants whose copies of their product's flags differ from the product's own. */
async function staleCopies(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from product_variants v join products p on p.id = v.product_id
        where (v.product_category_id, v.product_featured, v.product_active) is distinct from (p.category_id, p.is_featured, p.is_active)`,
  );
  return Number(row?.n);
}

/** The kept word counts (zeros left out) against a count from scratch: rows that differ. */
async function wordCountDifferences(db: Db): Promise<unknown[]> {
  return queryRows(
    db,
    sql`with kept as (select word, category_id, products from product_word_counts where products <> 0),
             counted as (select w.word, coalesce(p.category_id, 0) as category_id, count(*)::integer as products
                         from products p cross join lateral product_words(p.search_text) w(word)
                         where p.is_active group by 1, 2)
        (select 'kept' as side, * from kept except select 'kept', * from counted)
        union all
        (select 'counted', * from counted except select 'counted', * from kept)
        limit 20`,
  );
}

describeWithDatabase("collection counts at scale", (database, driver) => {
  let kaftansId: number;
  let suitsId: number;
  let kenteId: number;

  beforeAll(async () => {
    const db = database.db;
    kaftansId = (await createCategory(db, "kaftans")).id;
    suitsId = (await createCategory(db, "suits")).id;
    kenteId = (await createCategory(db, "kente")).id;
    // A small catalog of every kind: featured or not, sold out in every size or in some, inactive,
    // without a category, and texts holding "kente" as a word, inside a word and across two.
    await createProduct(db, { name: "Royal Kente Kaftan", categoryId: kaftansId, isFeatured: true });
    await createProduct(db, { name: "Kente-Trim Kaftan", categoryId: kaftansId, stock: 0 });
    await createProduct(db, {
      name: "Bonwire Kaftan",
      description: "Woven of KENTE strips",
      categoryId: kaftansId,
      isFeatured: true,
      stock: 0,
    });
    await createProduct(db, { name: "Kentecloth Suit", categoryId: suitsId, isFeatured: true, variantStock: { "|M": 0, "|L": 0 } });
    await createProduct(db, { name: "Navy Suit", description: "Lapels in ken te", categoryId: suitsId });
    await createProduct(db, { name: "Hidden Kente Suit", categoryId: suitsId, isFeatured: true, isActive: false });
    await createProduct(db, { name: "Agotime Kente Shirt", categoryId: kenteId, isFeatured: true });
    await createProduct(db, { name: "Loose Kente Sash", categoryId: null, isFeatured: true });
    await createProduct(db, { name: "Sold-Out Kente Smock", categoryId: kenteId, stock: 0 });
  });

  const queries = [
    "",
    "instock=1",
    "featured=1",
    "instock=1&featured=1",
    "instock=1&featured=1&sort=price-asc",
    "instock=1&sort=newest&page=2",
    "q=kente",
    "q=KENTE&sort=newest",
    "q=kent",
    "q=kente&featured=1",
    "q=kente&instock=1",
    "q=ken te",
    "q=kente-trim",
  ];
  const slugs = ["all", "kaftans", "suits", "kente", "agbada", "unknown"];

  it("shows every filter the products, order and count it showed counted through products", async () => {
    for (const slug of slugs) for (const query of queries) await expectSameAsThroughProducts(database.db, slug, query, 2);
  });

  it("keeps each variant's copy of its product's flags through every kind of change", async () => {
    const db = database.db;
    const product = await createProduct(db, { name: "Moving Kaftan", categoryId: kaftansId });
    expect(await staleCopies(db)).toBe(0);
    await db.update(products).set({ isFeatured: true }).where(eq(products.id, product.id));
    await db.update(products).set({ categoryId: suitsId, isActive: false }).where(eq(products.id, product.id));
    await db.update(products).set({ price: 12_345 }).where(eq(products.id, product.id));
    expect(await staleCopies(db)).toBe(0);
    // A variant moved to another product, and one that tries to say other flags than its product's.
    const other = await createProduct(db, { name: "Other Kaftan", categoryId: kaftansId, sizes: ["XXL"] });
    const [variant] = await db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, product.id), eq(productVariants.size, "S")));
    await db.update(productVariants).set({ productId: other.id, sku: "MOVED-1" }).where(eq(productVariants.id, variant!.id));
    await db.update(productVariants).set({ productFeatured: true, productActive: false }).where(eq(productVariants.productId, other.id));
    expect(await staleCopies(db)).toBe(0);
    // A category deleted: its products lose it (set null), their variants too.
    const gone = await createCategory(db, "ankara");
    await createProduct(db, { name: "Ankara Shirt", categoryId: gone.id });
    await db.delete(categories).where(eq(categories.id, gone.id));
    expect(await staleCopies(db)).toBe(0);
    await db.update(products).set({ isActive: true, isFeatured: false }).where(eq(products.id, product.id));
    await db.update(products).set({ isActive: true }).where(eq(products.name, "Hidden Kente Suit"));
    expect(await staleCopies(db)).toBe(0);
    for (const query of queries) await expectSameAsThroughProducts(db, "suits", query, 2);
    await db.update(products).set({ isActive: false }).where(eq(products.name, "Hidden Kente Suit"));
    await db.delete(products).where(eq(products.id, product.id));
  });

  it("keeps the word counts equal to a count from scratch through inserts, edits, moves and deletes", async () => {
    const db = database.db;
    expect(await wordCountDifferences(db)).toEqual([]);
    const product = await createProduct(db, { name: "Word Kaftan", description: "Kente, adinkra and KENTE again", categoryId: kaftansId });
    await db.update(products).set({ name: "Renamed Kaftan", description: "Batik" }).where(eq(products.id, product.id));
    await db.update(products).set({ categoryId: null }).where(eq(products.id, product.id));
    await db.update(products).set({ isActive: false }).where(eq(products.id, product.id));
    await db.update(products).set({ isActive: true, name: "Kente Again" }).where(eq(products.id, product.id));
    await db.update(products).set({ price: 20_000 }).where(eq(products.categoryId, kaftansId));
    expect(await wordCountDifferences(db)).toEqual([]);
    // Several rows in one statement, one changed and one not.
    await db
      .update(products)
      .set({ description: sql`coalesce(${products.description}, '') || ' kente'` })
      .where(eq(products.categoryId, suitsId));
    const gone = await createCategory(db, "agbada");
    await createProduct(db, { name: "Kente Agbada", categoryId: gone.id });
    await db.delete(categories).where(eq(categories.id, gone.id));
    await db.delete(products).where(eq(products.id, product.id));
    expect(await wordCountDifferences(db)).toEqual([]);
    for (const slug of slugs) for (const query of queries) await expectSameAsThroughProducts(db, slug, query, 2);
  });

  it("counts past the cap the same: a word held by more products than the cap, or only inside longer words, and in stock", async () => {
    const db = database.db;
    // Past the cap: kaftans holding "kente" as a word (a third sold out, every 7th featured) and
    // suits holding it only inside "kentecloth", which the kept words cannot vouch for.
    await db.execute(sql`insert into products (slug, name, description, price, category_id, is_featured, is_active)
      select 'bulk-' || g, 'Bulk Kaftan ' || g, 'Kente panel, no. ' || g, 10000 + g, ${kaftansId}, g % 7 = 0, g % 11 <> 0
      from generate_series(1, ${LISTING_COUNT_CAP + 1_200}) g`);
    await db.execute(sql`insert into products (slug, name, description, price, category_id, is_featured)
      select 'cloth-' || g, 'Kentecloth Suit ' || g, null, 20000 + g, ${suitsId}, g % 5 = 0
      from generate_series(1, ${LISTING_COUNT_CAP + 20}) g`);
    await db.execute(sql`insert into product_variants (product_id, color, size, sku, stock)
      select p.id, '', s.size, p.slug || '-' || s.size, case when s.size = 'M' and p.id % 3 <> 0 then 2 else 0 end
      from products p cross join unnest(array['S', 'M']) as s(size)
      where p.slug like 'bulk-%' or p.slug like 'cloth-%'`);
    expect(await staleCopies(db)).toBe(0);
    expect(await wordCountDifferences(db)).toEqual([]);
    for (const slug of ["all", "kaftans", "suits", "kente"]) {
      for (const query of [
        "q=kente",
        "q=kente&page=3&sort=price-asc",
        "q=kentecloth",
        "q=cloth",
        "q=kente&featured=1",
        "instock=1",
        "instock=1&featured=1",
        "instock=1&featured=1&page=40",
        "instock=1&page=700&sort=price-desc",
      ]) {
        await expectSameAsThroughProducts(db, slug, query);
      }
    }
    // Ranges of collections too large to cut a range from what the same search matched
    // (PRICED_MATCHES_MAX): the database is asked for each, with the same answer.
    for (const slug of ["all", "kaftans", "suits"]) {
      for (const query of [
        "q=kente&min=150&max=180&sort=price-asc",
        "min=205&page=2",
        "q=cloth&max=250&sort=price-desc&page=3",
        "instock=1&min=160&max=161",
      ]) {
        await expectSameAsThroughProducts(db, slug, query);
      }
    }
  }, 120_000);

  it.runIf(driver === "postgres")(
    "keeps the copies exact while orders take stock and staff change the product at once, without deadlocks",
    async () => {
      const db = database.db;
      const product = await createProduct(db, { name: "Busy Kaftan", categoryId: kaftansId, stock: 50 });
      const variants = await db.select().from(productVariants).where(eq(productVariants.productId, product.id));
      const lines = variants.map((v) => ({ variantId: v.id, productId: product.id, name: "Busy Kaftan", quantity: 1 }));
      const orders = Array.from({ length: 20 }, () =>
        db.transaction((tx) => takeStock(tx as unknown as Db, lines, () => new Error("sold out"))),
      );
      const edits = Array.from({ length: 20 }, (_, i) =>
        db.transaction((tx) =>
          tx
            .update(products)
            .set({ isFeatured: i % 2 === 0, categoryId: i % 3 === 0 ? suitsId : kaftansId })
            .where(eq(products.id, product.id)),
        ),
      );
      await Promise.all([...orders, ...edits]);
      expect(await staleCopies(db)).toBe(0);
      const stock = await db
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.productId, product.id));
      expect(stock.every((v) => v.stock === 30)).toBe(true);
    },
  );
});
