import { expect, test, type Page } from "@playwright/test";
import { seedProducts } from "../../db/seed/catalog-data";
import { expectNoSeriousViolations } from "./axe";
import { gotoHydrated } from "./support";

/** What the suggestions list first for a query: names starting with it, then featured, then A–Z. */
function expectedSuggestions(query: string) {
  const q = query.toLowerCase();
  return seedProducts
    .filter((p) => p.active && p.name.toLowerCase().includes(q))
    .sort(
      (a, b) =>
        Number(b.name.toLowerCase().startsWith(q)) - Number(a.name.toLowerCase().startsWith(q)) ||
        Number(b.featured) - Number(a.featured) ||
        a.name.localeCompare(b.name, "en"),
    )
    .slice(0, 6);
}

const searchField = (page: Page) => page.getByRole("combobox", { name: "Search the shop" }).filter({ visible: true });

test.use({ reducedMotion: "reduce" });
// axe with the list open is slow on a busy machine.
test.describe.configure({ timeout: 120_000 });

test.describe("header search on a desktop", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("typing “kaf” suggests kaftans from the catalog; ArrowDown and Enter open the first", async ({ page }) => {
    const [first, ...rest] = expectedSuggestions("kaf");
    expect(first, "the seed has kaftans").toBeDefined();
    await gotoHydrated(page, "/");
    const field = searchField(page);
    await field.click();
    await field.pressSequentially("kaf");
    const listbox = page.getByRole("listbox", { name: "Search suggestions" });
    await expect(listbox).toBeVisible();
    await expect(field).toHaveAttribute("aria-expanded", "true");
    const products = listbox.getByRole("group", { name: "Products" }).getByRole("option");
    await expect(products).toHaveCount(1 + rest.length);
    await expect(products.first()).toContainText(first!.name);
    await expect(listbox.getByRole("group", { name: "Collections" }).getByRole("option", { name: "Kaftans" })).toBeVisible();
    await expectNoSeriousViolations(page, "the header search with suggestions open (desktop)");

    await field.press("ArrowDown");
    const highlighted = products.first();
    await expect(highlighted).toHaveAttribute("aria-selected", "true");
    await expect(field).toHaveAttribute("aria-activedescendant", (await highlighted.getAttribute("id"))!);
    await field.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/product/${first!.id}$`));
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(first!.name);
  });

  test("Enter without a highlight shows the search results; Escape closes; nothing found says so", async ({ page }) => {
    await gotoHydrated(page, "/");
    const field = searchField(page);
    await field.click();
    await field.pressSequentially("zzqx");
    await expect(page.getByRole("paragraph").filter({ hasText: "No matches for “zzqx”" })).toBeVisible();
    await expect(page.getByRole("search").getByRole("status")).toHaveText("No matches for “zzqx”");
    await field.press("Escape");
    await expect(field).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("listbox", { name: "Search suggestions" })).toBeHidden();

    await field.fill("kente");
    await expect(page.getByRole("listbox", { name: "Search suggestions" })).toBeVisible();
    await field.press("Enter");
    await expect(page).toHaveURL(/\/collections\/all\?q=kente$/);
    await expect(
      page
        .getByRole("main")
        .getByRole("link", { name: /Royal Kente Kaftan/ })
        .first(),
    ).toBeVisible();
  });

  test("the suggestions endpoint is public, briefly cacheable, active products only, and checks its input", async ({ request }) => {
    const inactive = seedProducts.find((p) => !p.active)!;
    const response = await request.get(`/api/search-suggestions?q=${encodeURIComponent(inactive.name)}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toMatch(/public.*s-maxage=\d+/);
    const body = (await response.json()) as { products: { name: string }[] };
    expect(body.products.map((p) => p.name)).not.toContain(inactive.name);

    const short = await (await request.get("/api/search-suggestions?q=k")).json();
    expect(short.products).toEqual([]);
    const bad = await request.get("/api/search-suggestions?q=%00kaf");
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error).toMatch(/control characters/);
  });
});

test.describe("header search on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the search button opens a full-width field whose suggestions open a product", async ({ page }) => {
    const [first] = expectedSuggestions("kaf");
    await gotoHydrated(page, "/");
    await expect(searchField(page)).toHaveCount(0);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const field = searchField(page);
    await expect(field).toBeFocused();
    const box = (await field.boundingBox())!;
    expect(box.width).toBeGreaterThan(330);
    await field.pressSequentially("kaf");
    const option = page.getByRole("option").filter({ hasText: first!.name });
    await expect(option).toBeVisible();
    await expectNoSeriousViolations(page, "the header search with suggestions open (phone)");
    await option.click();
    await expect(page).toHaveURL(new RegExp(`/product/${first!.id}$`));
    await expect(page.getByRole("button", { name: "Search", exact: true })).toHaveAttribute("aria-expanded", "false");
  });
});
