import { beforeEach, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import {
  categoryCounts,
  getProduct,
  getProductCards,
  LISTING_COUNT_CAP,
  listCollection,
} from "~/modules/catalog/storefront-queries.server";
import { cachedEach, invalidateCatalogCache } from "~/modules/catalog/catalog-cache.server";
import { parseCollectionFilters } from "~/modules/catalog/catalog.schema";
import { categories, productColors, products } from "~db/schema/catalog";
import { createCategory, createProduct } from "../factories/catalog";
import { announceStorefrontChange } from "~/modules/storefront/storefront-changes.server";
import { describeWithDatabase } from "../setup/test-database";

const filters = (query = "") => parseCollectionFilters(new URLSearchParams(query));

describeWithDatabase("catalog queries", (database) => {
  let kaftansId: number;
  let suitsId: number;

  beforeEach(async () => {
    const db = database.db;
    await db.delete(productColors);
    await db.delete(products);
    await db.delete(categories);
    invalidateCatalogCache(db);
    kaftansId = (await createCategory(db, "kaftans")).id;
    suitsId = (await createCategory(db, "suits")).id;
    // Kaftans: prices 100, 250, 400, 550 cedis; the 250 one is featured; the 400 one sold out.
    await createProduct(db, { name: "Linen Kaftan", price: 10_000, categoryId: kaftansId, createdAt: new Date("2026-01-01") });
    await createProduct(db, {
      name: "Kente Kaftan",
      description: "Hand-woven in Bonwire",
      price: 25_000,
      categoryId: kaftansId,
      isFeatured: true,
      createdAt: new Date("2026-01-02"),
    });
    await createProduct(db, {
      name: "Adinkra Kaftan",
      price: 40_000,
      categoryId: kaftansId,
      stock: 0,
      createdAt: new Date("2026-01-04"),
    });
    await createProduct(db, { name: "Midnight Kaftan", price: 55_000, categoryId: kaftansId, createdAt: new Date("2026-01-03") });
    await createProduct(db, { name: "Hidden Kaftan", price: 5_000, categoryId: kaftansId, isActive: false });
    await createProduct(db, { name: "Navy Suit", price: 80_000, categoryId: suitsId });
  });

  const names = (listing: { items: { name: string }[] }) => listing.items.map((p) => p.name);

  it("lists active products of a category, featured first then newest", async () => {
    const listing = await listCollection(database.db, "kaftans", filters(), 12);
    expect(names(listing)).toEqual(["Kente Kaftan", "Adinkra Kaftan", "Midnight Kaftan", "Linen Kaftan"]);
    expect(listing.total).toBe(4);
    expect(listing.priceBounds).toEqual({ min: 100, max: 550 });
  });

  it("sorts by newest and by price both ways", async () => {
    const db = database.db;
    expect(names(await listCollection(db, "kaftans", filters("sort=newest"), 12))).toEqual([
      "Adinkra Kaftan",
      "Midnight Kaftan",
      "Kente Kaftan",
      "Linen Kaftan",
    ]);
    expect(names(await listCollection(db, "kaftans", filters("sort=price-asc"), 12))).toEqual([
      "Linen Kaftan",
      "Kente Kaftan",
      "Adinkra Kaftan",
      "Midnight Kaftan",
    ]);
    expect(names(await listCollection(db, "kaftans", filters("sort=price-desc"), 12))).toEqual([
      "Midnight Kaftan",
      "Adinkra Kaftan",
      "Kente Kaftan",
      "Linen Kaftan",
    ]);
  });

  it("searches name and description, trimmed and case-insensitive", async () => {
    const db = database.db;
    expect(names(await listCollection(db, "kaftans", filters("q=%20KENTE%20"), 12))).toEqual(["Kente Kaftan"]);
    expect(names(await listCollection(db, "kaftans", filters("q=bonwire"), 12))).toEqual(["Kente Kaftan"]);
    expect(names(await listCollection(db, "kaftans", filters("q=100%25"), 12))).toEqual([]);
    expect(names(await listCollection(db, "kaftans", filters("q=_"), 12))).toEqual([]);
    // Name and description are searched apart: a search never matches across the two.
    expect(names(await listCollection(db, "kaftans", filters("q=kaftan%20hand"), 12))).toEqual([]);
    expect(names(await listCollection(db, "kaftans", filters("q=kaftanhand"), 12))).toEqual([]);
  });

  it("finds a product by what it says after an edit, and no longer by what it said", async () => {
    const db = database.db;
    await db
      .update(products)
      .set({ name: "Royal Kente Kaftan", description: "Woven in Adanwomase" })
      .where(eq(products.name, "Kente Kaftan"));
    invalidateCatalogCache(db);
    expect(names(await listCollection(db, "kaftans", filters("q=ROYAL"), 12))).toEqual(["Royal Kente Kaftan"]);
    expect(names(await listCollection(db, "kaftans", filters("q=adanwomase"), 12))).toEqual(["Royal Kente Kaftan"]);
    expect(names(await listCollection(db, "kaftans", filters("q=bonwire"), 12))).toEqual([]);
  });

  it("shows a search the same cards as the collection, whichever read them first", async () => {
    const db = database.db;
    const cards = (listing: Awaited<ReturnType<typeof listCollection>>) =>
      listing.items.map((card) => [card.name, card.price, card.originalPrice, card.totalStock, card.category?.name, card.image]);
    const fromSearch = cards(await listCollection(db, "kaftans", filters("q=kaftan"), 12));
    const fromCollection = cards(await listCollection(db, "kaftans", filters(), 12));
    expect(fromSearch).toEqual(fromCollection);
    expect(fromSearch).toContainEqual(["Adinkra Kaftan", 40_000, null, 0, "Kaftans", expect.stringContaining("/images/")]);
    invalidateCatalogCache(db);
    expect(cards(await listCollection(db, "kaftans", filters("q=kaftan&min=250"), 12))).toEqual(fromCollection.slice(0, 3));
  });

  it("reads the cards no listing has read yet in one go, shared by concurrent listings", async () => {
    const db = database.db;
    const asked: number[][] = [];
    const read = async (missing: number[]) => {
      asked.push(missing);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return new Map(missing.filter((id) => id !== 404).map((id) => [id, `card ${id}`]));
    };
    const [first, second] = await Promise.all([
      cachedEach(db, [1, 2, 3], (id) => `test-card:${id}`, read),
      cachedEach(db, [3, 4, 1], (id) => `test-card:${id}`, read),
    ]);
    expect(first).toEqual(["card 1", "card 2", "card 3"]);
    expect(second).toEqual(["card 3", "card 4", "card 1"]);
    expect(asked).toEqual([[1, 2, 3], [4]]);
    // A product the read did not find is not kept: the next listing asks again.
    expect(await cachedEach(db, [404, 2], (id) => `test-card:${id}`, read)).toEqual([undefined, "card 2"]);
    expect(await cachedEach(db, [404], (id) => `test-card:${id}`, read)).toEqual([undefined]);
    expect(asked).toEqual([[1, 2, 3], [4], [404], [404]]);
    // A read that fails is not kept either.
    await expect(
      cachedEach(
        db,
        [5],
        (id) => `test-card:${id}`,
        () => Promise.reject(new Error("connection lost")),
      ),
    ).rejects.toThrow("connection lost");
    expect(await cachedEach(db, [5], (id) => `test-card:${id}`, read)).toEqual(["card 5"]);
  });

  it("answers a search in any case, or a range past the prices, from what it found, until the storefront changes", async () => {
    const db = database.db;
    expect(names(await listCollection(db, "kaftans", filters("q=Kente"), 12))).toEqual(["Kente Kaftan"]);
    // A new kente piece, written without announcing it: the same query is answered from what it
    // found, whatever the case of its letters or a range reaching past the collection's prices.
    await createProduct(db, { name: "Kente Agbada", price: 30_000, categoryId: kaftansId });
    expect(names(await listCollection(db, "kaftans", filters("q=KENTE"), 12))).toEqual(["Kente Kaftan"]);
    expect(names(await listCollection(db, "kaftans", filters("q=kente&min=0&max=99999"), 12))).toEqual(["Kente Kaftan"]);
    // Another query asks the database.
    expect(names(await listCollection(db, "kaftans", filters("q=kente&min=101"), 12))).toEqual(["Kente Kaftan", "Kente Agbada"]);
    expect(names(await listCollection(db, "suits", filters("q=kente"), 12))).toEqual([]);
    await announceStorefrontChange(db);
    expect(names(await listCollection(db, "kaftans", filters("q=kEnTe"), 12))).toEqual(["Kente Kaftan", "Kente Agbada"]);
    expect(names(await listCollection(db, "kaftans", filters("q=kente&max=99999"), 12))).toEqual(["Kente Kaftan", "Kente Agbada"]);
  });

  it("filters a price range, inclusive at both ends", async () => {
    const listing = await listCollection(database.db, "kaftans", filters("min=250&max=400&sort=price-asc"), 12);
    expect(names(listing)).toEqual(["Kente Kaftan", "Adinkra Kaftan"]);
  });

  it("cuts each range from the same search's matches as the database would: order, both ends, pages and counts", async () => {
    const db = database.db;
    for (const query of ["", "q=kaftan", "q=KAFTAN&sort=price-desc", "sort=price-asc", "sort=newest", "instock=1", "featured=1"]) {
      const every = (await listCollection(db, "kaftans", filters(query), 50)).items;
      for (const [min, max] of [
        [101, 550],
        [250, 400],
        [249, 401],
        [251, 399],
        [100, 250],
        [400, 549],
        [300, 300],
        [400, 400],
      ] as const) {
        const inRange = every.filter((item) => item.price >= min * 100 && item.price <= max * 100).map((item) => item.id);
        for (const pageSize of [1, 2, 3]) {
          const pageCount = Math.ceil(inRange.length / pageSize);
          for (let asked = 1; asked <= pageCount + 1; asked++) {
            const listing = await listCollection(db, "kaftans", filters(`${query}&min=${min}&max=${max}&page=${asked}`), pageSize);
            const page = Math.min(asked, Math.max(pageCount, 1));
            const label = `${query}&min=${min}&max=${max}&page=${asked} by ${pageSize}`;
            expect({
              label,
              ids: listing.items.map((item) => item.id),
              total: listing.total,
              page: listing.page,
              pages: listing.pageCount,
            }).toEqual({
              label,
              ids: inRange.slice((page - 1) * pageSize, page * pageSize),
              total: inRange.length,
              page,
              pages: pageCount,
            });
          }
        }
      }
    }
  });

  it("cuts a range at a product's new price once the change is announced", async () => {
    const db = database.db;
    expect(names(await listCollection(db, "kaftans", filters("min=300&sort=price-asc"), 12))).toEqual([
      "Adinkra Kaftan",
      "Midnight Kaftan",
    ]);
    await db.update(products).set({ price: 35_000 }).where(eq(products.name, "Linen Kaftan"));
    await announceStorefrontChange(db);
    expect(names(await listCollection(db, "kaftans", filters("min=300&max=500&sort=price-asc"), 12))).toEqual([
      "Linen Kaftan",
      "Adinkra Kaftan",
    ]);
  });

  it("clamps a range beyond the collection's bounds", async () => {
    const listing = await listCollection(database.db, "kaftans", filters("min=0&max=99999"), 12);
    expect(listing.total).toBe(4);
  });

  it("keeps featured-only and in-stock-only products", async () => {
    const db = database.db;
    expect(names(await listCollection(db, "kaftans", filters("featured=1"), 12))).toEqual(["Kente Kaftan"]);
    expect(names(await listCollection(db, "kaftans", filters("instock=1&sort=price-asc"), 12))).toEqual([
      "Linen Kaftan",
      "Kente Kaftan",
      "Midnight Kaftan",
    ]);
  });

  it("pages in the database and clamps a page past the end", async () => {
    const db = database.db;
    const page2 = await listCollection(db, "kaftans", filters("sort=price-asc&page=2"), 3);
    expect(names(page2)).toEqual(["Midnight Kaftan"]);
    expect(page2.pageCount).toBe(2);
    const tooFar = await listCollection(db, "kaftans", filters("sort=price-asc&page=9"), 3);
    expect(tooFar.page).toBe(2);
  });

  it("counts every match whether the first page is short, exactly full or one too small", async () => {
    const db = database.db;
    for (const [pageSize, pageCount] of [
      [5, 1],
      [4, 1],
      [3, 2],
    ] as const) {
      const listing = await listCollection(db, "kaftans", filters("q=kaftan"), pageSize);
      expect(listing.total).toBe(4);
      expect(listing.pageCount).toBe(pageCount);
      expect(listing.items).toHaveLength(Math.min(4, pageSize));
    }
    const secondPage = await listCollection(db, "all", filters("q=kaftan&page=2&sort=price-asc"), 3);
    expect(secondPage.total).toBe(4);
    expect(names(secondPage)).toEqual(["Midnight Kaftan"]);
  });

  it("lists every category under 'all' and nothing under an unknown slug", async () => {
    const db = database.db;
    expect((await listCollection(db, "all", filters(), 12)).total).toBe(5);
    const unknown = await listCollection(db, "anything", filters(), 12);
    expect(unknown.items).toEqual([]);
    expect(unknown.total).toBe(0);
  });

  it("counts active products per category", async () => {
    expect(await categoryCounts(database.db)).toEqual({ kaftans: 4, suits: 1 });
  });

  it("shows an active product with its colours; inactive and missing ones are not found", async () => {
    const db = database.db;
    const product = await createProduct(db, {
      name: "Colour Kaftan",
      categoryId: kaftansId,
      colors: [
        { name: "Gold", hex: "#C9A227", imageUrl: "/images/products/colour-kaftan/gold" },
        { name: "Green", hex: "#0F3D2E", imageUrl: "/images/products/colour-kaftan/green" },
      ],
    });
    const detail = await getProduct(db, product.id);
    expect(detail?.colors.map((c) => c.name)).toEqual(["Gold", "Green"]);
    expect(detail?.image).toBe("/images/products/colour-kaftan/gold");
    expect(detail?.category).toEqual({ slug: "kaftans", name: "Kaftans" });

    const [hidden] = await getProductCards(db, [999_999]);
    expect(hidden).toBeUndefined();
    expect(await getProduct(db, 999_999)).toBeNull();
    const inactive = (await listCollection(db, "all", filters("q=hidden"), 12)).items;
    expect(inactive).toEqual([]);
  });

  it("falls back to the category's default picture when a product has none", async () => {
    const listing = await listCollection(database.db, "suits", filters(), 12);
    expect(listing.items[0]?.image).toBe("/images/categories/suits");
  });

  it("stops counting at the cap on a very large collection, and still pages", async () => {
    const db = database.db;
    await db.execute(sql`insert into products (slug, name, price, category_id)
      select 'bulk-' || g, 'Bulk Kaftan ' || g, 10000 + g, ${kaftansId} from generate_series(1, ${LISTING_COUNT_CAP + 5}) g`);
    // 5 of each in size M, as staff's stock grid would hold them.
    await db.execute(sql`insert into product_variants (product_id, color, size, sku, stock)
      select id, '', 'M', 'BULK-' || id || '-M', 5 from products where slug like 'bulk-%'`);
    invalidateCatalogCache(db);
    const firstPage = await listCollection(db, "kaftans", filters("sort=price-asc"), 12);
    expect(firstPage.totalIsCapped).toBe(true);
    expect(firstPage.total).toBe(LISTING_COUNT_CAP);
    const listing = await listCollection(db, "kaftans", filters("sort=price-asc&page=3"), 12);
    expect(listing.totalIsCapped).toBe(true);
    expect(listing.total).toBe(LISTING_COUNT_CAP);
    expect(listing.pageCount).toBe(Math.ceil(LISTING_COUNT_CAP / 12));
    expect(listing.items).toHaveLength(12);
    // Page 3 starts at the 25th cheapest: the ₵100 Linen Kaftan, then Bulk 1 to Bulk 23 come first.
    expect(listing.items[0]!.name).toBe("Bulk Kaftan 24");
  });
});
