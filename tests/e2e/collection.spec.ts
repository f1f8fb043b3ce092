import { expect, test, type Page } from "@playwright/test";
import type { SeedProduct } from "../../db/seed/catalog-data";
import { activeProducts, cardNames, cardPrices, cards, gotoHydrated } from "./support";

const COLLECTION_PAGE_SIZE = 12;

type Sort = "featured" | "newest" | "price-asc" | "price-desc";

/** The order the shop promises for each sort option. */
function sorted(products: SeedProduct[], sort: Sort): SeedProduct[] {
  const compare: Record<Sort, (a: SeedProduct, b: SeedProduct) => number> = {
    featured: (a, b) => Number(b.featured) - Number(a.featured) || a.createdDaysAgo - b.createdDaysAgo || b.id - a.id,
    newest: (a, b) => a.createdDaysAgo - b.createdDaysAgo || b.id - a.id,
    "price-asc": (a, b) => a.price - b.price || a.id - b.id,
    "price-desc": (a, b) => b.price - a.price || b.id - a.id,
  };
  return [...products].sort(compare[sort]);
}

const names = (products: SeedProduct[]) => products.map((p) => p.name);

const matches = (p: SeedProduct, q: string) => `${p.name}\n${p.description}`.toLowerCase().includes(q.toLowerCase());

/** The slider bounds of a collection, in whole cedis. */
function bounds(products: SeedProduct[]) {
  const prices = products.map((p) => p.price);
  return { min: Math.floor(Math.min(...prices) / 100), max: Math.ceil(Math.max(...prices) / 100) };
}

function controls(page: Page) {
  const form = page.getByRole("search");
  return {
    search: form.getByRole("searchbox", { name: "Search", exact: true }),
    sort: form.getByRole("combobox", { name: "Sort by" }),
    minThumb: form.getByRole("slider", { name: "Minimum price" }),
    maxThumb: form.getByRole("slider", { name: "Maximum price" }),
    rangeLabel: form.getByText(/^GHS \d+ - GHS \d+$/),
    featured: form.getByRole("checkbox", { name: "Featured only" }),
    inStock: form.getByRole("checkbox", { name: "In stock only" }),
    reset: form.getByRole("button", { name: "Reset" }),
  };
}

/** The query string of the current URL, as an object. */
function query(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

async function expectQuery(page: Page, expected: Record<string, string>) {
  await expect.poll(() => query(page)).toEqual(expected);
}

async function expectCards(page: Page, expected: string[]) {
  const main = page.getByRole("main");
  await expect.poll(() => cardNames(main)).toEqual(expected);
}

const kaftans = activeProducts("kaftans");
const everything = activeProducts();

test.describe("the kaftans collection", () => {
  test("has its title, heading, breadcrumb, canonical link and all its products in featured order", async ({ page }) => {
    const response = await gotoHydrated(page, "/collections/kaftans");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Kaftans Collection | Premium African Menswear");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kaftans Collection");

    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("listitem")).toHaveText(["Home", "Collections", "Kaftans"]);
    await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(breadcrumb.getByRole("link", { name: "Collections" })).toHaveAttribute("href", "/collections/all");
    await expect(breadcrumb.getByText("Kaftans", { exact: true })).toHaveAttribute("aria-current", "page");

    const canonical = await page.locator('head link[rel="canonical"]').getAttribute("href");
    expect(canonical).toMatch(/^https?:\/\/[^/]+\/collections\/kaftans$/);
    const description = await page.locator('head meta[name="description"]').getAttribute("content");
    expect(description?.length ?? 0).toBeGreaterThan(0);
    expect(description!.length).toBeLessThanOrEqual(160);

    await expect(controls(page).search).toHaveAttribute("placeholder", "Search kaftans...");
    await expectCards(page, names(sorted(kaftans, "featured")));
    await expect(page.getByRole("navigation", { name: "Collection pages" })).toHaveCount(0);
  });

  test("search filters the cards and lands in the URL as ?q=", async ({ page }) => {
    await gotoHydrated(page, "/collections/kaftans");
    const term = "linen";
    const expected = names(
      sorted(
        kaftans.filter((p) => matches(p, term)),
        "featured",
      ),
    );
    expect(expected.length, "the seed should have kaftans matching the search").toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(kaftans.length);

    await controls(page).search.fill(term);
    await expectQuery(page, { q: term });
    await expectCards(page, expected);
    await expect(page.getByText(`${expected.length} product${expected.length === 1 ? "" : "s"}`, { exact: true })).toBeVisible();
  });

  test("a search with no match shows the empty state", async ({ page }) => {
    await gotoHydrated(page, "/collections/kaftans");
    await controls(page).search.fill("zzqxv no such cloth");
    await controls(page).search.press("Enter");
    await expect(page).toHaveURL(/[?&]q=zzqxv/);
    await expect(page.getByText("No products found. Try adjusting your filters.")).toBeVisible();
    await expect(cards(page.getByRole("main"))).toHaveCount(0);
  });

  test("the sort options reorder the cards", async ({ page }) => {
    await gotoHydrated(page, "/collections/kaftans");
    const { sort } = controls(page);
    await expect(sort).toHaveValue("featured");
    await expect(sort.getByRole("option")).toHaveText(["Featured", "Newest", "Price: Low to High", "Price: High to Low"]);

    await sort.selectOption({ label: "Price: Low to High" });
    await expectQuery(page, { sort: "price-asc" });
    await expectCards(page, names(sorted(kaftans, "price-asc")));
    const ascending = await cardPrices(page.getByRole("main"));
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    await sort.selectOption({ label: "Price: High to Low" });
    await expectQuery(page, { sort: "price-desc" });
    await expectCards(page, names(sorted(kaftans, "price-desc")));
    const descending = await cardPrices(page.getByRole("main"));
    expect(descending).toEqual([...descending].sort((a, b) => b - a));

    await sort.selectOption({ label: "Newest" });
    await expectQuery(page, { sort: "newest" });
    await expectCards(page, names(sorted(kaftans, "newest")));

    await sort.selectOption({ label: "Featured" });
    await expectQuery(page, {});
    await expectCards(page, names(sorted(kaftans, "featured")));
  });

  test("the price slider narrows the range from the keyboard and puts min and max in the URL", async ({ page }) => {
    await gotoHydrated(page, "/collections/kaftans");
    const c = controls(page);
    const range = bounds(kaftans);
    await expect(c.rangeLabel).toHaveText(`GHS ${range.min} - GHS ${range.max}`);
    await expect(c.minThumb).toHaveAttribute("aria-valuenow", String(range.min));
    await expect(c.maxThumb).toHaveAttribute("aria-valuenow", String(range.max));

    await c.maxThumb.focus();
    await c.maxThumb.press("PageDown");
    await expectQuery(page, { max: String(range.max - 10) });
    await c.maxThumb.press("ArrowLeft");
    const max = range.max - 11;
    await expectQuery(page, { max: String(max) });
    await expect(c.rangeLabel).toHaveText(`GHS ${range.min} - GHS ${max}`);
    await expect(c.maxThumb).toHaveAttribute("aria-valuenow", String(max));

    await c.minThumb.focus();
    await c.minThumb.press("PageUp");
    await expectQuery(page, { min: String(range.min + 10), max: String(max) });
    await c.minThumb.press("ArrowRight");
    const min = range.min + 11;
    await expectQuery(page, { min: String(min), max: String(max) });
    await expect(c.rangeLabel).toHaveText(`GHS ${min} - GHS ${max}`);

    const expected = kaftans.filter((p) => p.price >= min * 100 && p.price <= max * 100);
    expect(expected.length).toBeLessThan(kaftans.length);
    await expectCards(page, names(sorted(expected, "featured")));
    for (const price of await cardPrices(page.getByRole("main"))) {
      expect(price).toBeGreaterThanOrEqual(min * 100);
      expect(price).toBeLessThanOrEqual(max * 100);
    }
  });

  test("Featured only and In stock only filter the cards and set featured=1 and instock=1", async ({ page }) => {
    await gotoHydrated(page, "/collections/kaftans");
    const c = controls(page);

    await c.featured.click();
    await expectQuery(page, { featured: "1" });
    await expect(c.featured).toBeChecked();
    await expectCards(
      page,
      names(
        sorted(
          kaftans.filter((p) => p.featured),
          "featured",
        ),
      ),
    );

    await c.featured.click();
    await expectQuery(page, {});
    await expect(c.featured).not.toBeChecked();
    await expectCards(page, names(sorted(kaftans, "featured")));

    const inStock = kaftans.filter((p) => p.stock > 0);
    expect(inStock.length, "the seed should have a sold-out kaftan").toBeLessThan(kaftans.length);
    await c.inStock.click();
    await expectQuery(page, { instock: "1" });
    await expect(c.inStock).toBeChecked();
    await expectCards(page, names(sorted(inStock, "featured")));
    await expect(page.getByRole("main").getByText("Sold Out")).toHaveCount(0);
  });

  test("Reset clears every filter and the URL", async ({ page }) => {
    await gotoHydrated(page, "/collections/kaftans?q=kaftan&sort=price-desc&min=250&max=500&featured=1&instock=1");
    const c = controls(page);
    await expect(c.reset).toBeEnabled();
    await c.reset.click();

    await expect(page).toHaveURL(/\/collections\/kaftans$/);
    await expect(c.search).toHaveValue("");
    await expect(c.sort).toHaveValue("featured");
    await expect(c.featured).not.toBeChecked();
    await expect(c.inStock).not.toBeChecked();
    const range = bounds(kaftans);
    await expect(c.rangeLabel).toHaveText(`GHS ${range.min} - GHS ${range.max}`);
    await expect(c.reset).toBeDisabled();
    await expectCards(page, names(sorted(kaftans, "featured")));
  });

  test("the back button restores the previous filters", async ({ page }) => {
    await gotoHydrated(page, "/collections/kaftans");
    const c = controls(page);

    await c.search.fill("kente");
    await expectQuery(page, { q: "kente" });
    await c.sort.selectOption("price-asc");
    await expectQuery(page, { q: "kente", sort: "price-asc" });
    await c.featured.click();
    await expectQuery(page, { q: "kente", sort: "price-asc", featured: "1" });

    await page.goBack();
    await expectQuery(page, { q: "kente", sort: "price-asc" });
    await expect(c.featured).not.toBeChecked();
    await expect(c.sort).toHaveValue("price-asc");
    await expect(c.search).toHaveValue("kente");
    await expectCards(
      page,
      names(
        sorted(
          kaftans.filter((p) => matches(p, "kente")),
          "price-asc",
        ),
      ),
    );

    await page.goBack();
    await expectQuery(page, { q: "kente" });
    await expect(c.sort).toHaveValue("featured");

    await page.goBack();
    await expectQuery(page, {});
    await expect(c.search).toHaveValue("");
    await expectCards(page, names(sorted(kaftans, "featured")));
  });
});

test.describe("the full collection", () => {
  test("has its title and heading and pages 12 at a time with Next, numbers and Previous", async ({ page }) => {
    await gotoHydrated(page, "/collections/all");
    await expect(page).toHaveTitle("The Full Collection | Premium African Menswear");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Full Collection");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem")).toHaveText(["Home", "Collections", "All"]);
    await expect(controls(page).search).toHaveAttribute("placeholder", "Search products...");

    const expected = names(sorted(everything, "featured"));
    const pageCount = Math.ceil(expected.length / COLLECTION_PAGE_SIZE);
    expect(pageCount, "the seed should fill at least 3 collection pages").toBeGreaterThanOrEqual(3);
    const slice = (n: number) => expected.slice((n - 1) * COLLECTION_PAGE_SIZE, n * COLLECTION_PAGE_SIZE);
    const pager = page.getByRole("navigation", { name: "Collection pages" });

    await expectCards(page, slice(1));
    await expect(page.getByText(`${expected.length} products · Page 1 of ${pageCount}`)).toBeVisible();
    await expect(pager.getByRole("link", { name: "Previous page" })).toHaveCount(0);

    await pager.getByRole("link", { name: "Next page" }).click();
    await expectQuery(page, { page: "2" });
    await expectCards(page, slice(2));
    await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

    await pager.getByRole("link", { name: `Page ${pageCount}` }).click();
    await expectQuery(page, { page: String(pageCount) });
    await expectCards(page, slice(pageCount));
    await expect(page.getByText(`products · Page ${pageCount} of ${pageCount}`)).toBeVisible();
    await expect(pager.getByRole("link", { name: "Next page" })).toHaveCount(0);

    await pager.getByRole("link", { name: "Previous page" }).click();
    await expectQuery(page, { page: String(pageCount - 1) });
    await expectCards(page, slice(pageCount - 1));
  });

  const changes: { name: string; change(page: Page): Promise<void>; expected: Record<string, string> }[] = [
    { name: "search", change: (page) => controls(page).search.fill("kente"), expected: { q: "kente" } },
    { name: "sort", change: async (page) => void (await controls(page).sort.selectOption("price-desc")), expected: { sort: "price-desc" } },
    { name: "featured only", change: (page) => controls(page).featured.click(), expected: { featured: "1" } },
    { name: "in stock only", change: (page) => controls(page).inStock.click(), expected: { instock: "1" } },
    {
      name: "price range",
      change: async (page) => {
        await controls(page).maxThumb.focus();
        await controls(page).maxThumb.press("PageDown");
      },
      expected: { max: String(bounds(everything).max - 10) },
    },
  ];
  for (const { name, change, expected } of changes) {
    test(`changing ${name} on page 2 goes back to page 1`, async ({ page }) => {
      await gotoHydrated(page, "/collections/all?page=2");
      await expect(page.getByRole("navigation", { name: "Collection pages" }).getByRole("link", { name: "Page 2" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await change(page);
      await expectQuery(page, expected);
      await expect(page.getByText(/ · Page 1 of \d+$|^\d+ products?$/)).toBeVisible();
    });
  }

  test("a URL with every filter set is reflected in the controls and the cards", async ({ page }) => {
    const url = "/collections/all?q=kaftan&sort=price-desc&min=250&max=600&featured=1&instock=1";
    await gotoHydrated(page, url);
    const c = controls(page);
    await expect(c.search).toHaveValue("kaftan");
    await expect(c.sort).toHaveValue("price-desc");
    await expect(c.minThumb).toHaveAttribute("aria-valuenow", "250");
    await expect(c.maxThumb).toHaveAttribute("aria-valuenow", "600");
    await expect(c.rangeLabel).toHaveText("GHS 250 - GHS 600");
    await expect(c.featured).toBeChecked();
    await expect(c.inStock).toBeChecked();
    await expect(c.reset).toBeEnabled();

    const expected = everything.filter((p) => matches(p, "kaftan") && p.price >= 25_000 && p.price <= 60_000 && p.featured && p.stock > 0);
    expect(expected.length, "the seed should have products matching every filter").toBeGreaterThan(0);
    await expectCards(page, names(sorted(expected, "price-desc")));
  });
});

test("an unknown collection is titled Collection and shows the empty state", async ({ page }) => {
  await gotoHydrated(page, "/collections/anything");
  await expect(page).toHaveTitle("Collection");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Collection");
  await expect(page.getByText("No products found. Try adjusting your filters.")).toBeVisible();
  await expect(cards(page.getByRole("main"))).toHaveCount(0);
});
