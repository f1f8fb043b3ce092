import { expect, it } from "vitest";
import { getProduct, listCollection } from "~/modules/catalog/storefront-queries.server";
import { parseCollectionFilters } from "~/modules/catalog/catalog.schema";
import { formatMoney } from "~/lib/money";
import { seedIfEmpty } from "~db/seed/seed";
import { createProduct } from "../factories/catalog";
import { describeWithDatabase } from "../setup/test-database";

describeWithDatabase("sample catalog", (database) => {
  it("seeds docs/product-rules.md's eight products with their exact prices, once", async () => {
    expect(await seedIfEmpty(database.db)).toBe(true);
    expect(await seedIfEmpty(database.db)).toBe(false);
    const prices = [];
    for (let id = 1; id <= 8; id++) prices.push(formatMoney((await getProduct(database.db, id))!.price));
    expect(prices).toEqual(["₵299.99", "₵799.99", "₵249.99", "₵449.99", "₵189.99", "₵999.99", "₵349.99", "₵649.99"]);
  });

  it("has at least 30 products over six categories, so both grids page", async () => {
    const all = await listCollection(database.db, "all", parseCollectionFilters(new URLSearchParams()), 12);
    expect(all.total).toBeGreaterThanOrEqual(27); // 30+ seeded, a few inactive
    expect(all.pageCount).toBeGreaterThan(1);
    for (const slug of ["kaftans", "suits", "agbada", "ankara", "kente", "traditional"]) {
      const listing = await listCollection(database.db, slug, parseCollectionFilters(new URLSearchParams()), 12);
      expect(listing.total, slug).toBeGreaterThan(0);
    }
    const soldOut = await listCollection(database.db, "all", parseCollectionFilters(new URLSearchParams("instock=1")), 12);
    expect(soldOut.total).toBeLessThan(all.total);
  });

  it("gives new products ids after the seeded ones", async () => {
    const product = await createProduct(database.db, { name: "After Seed" });
    expect(product.id).toBeGreaterThan(30);
  });
});
