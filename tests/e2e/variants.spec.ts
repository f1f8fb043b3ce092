import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import pg from "pg";
import { expectNoSeriousViolations } from "./axe";
import { startShop, type Shop } from "./start-shop";
import { cartButton, cartPanel, expectCartCount, gotoHydrated, toast } from "./support";

/**
 * Sizes and colours with their own stock (issue 14, items 2 and 4). The sample Royal Kente
 * Kaftan (/product/1) has Royal Gold XXL sold out and Royal Gold S down to 2; no other test
 * buys either, and the tests that buy run on a shop of their own.
 */

const sizesOf = (scope: Page | Locator) => scope.getByRole("group", { name: /^Size:/ });
const coloursOf = (scope: Page | Locator) => scope.getByRole("group", { name: /^Colour:/ });

test.describe("the product page offers what is in stock in the chosen colour", () => {
  test("XXL is sold out in Royal Gold and cannot be chosen; in Emerald it can; back in Royal Gold the size moves and says so", async ({
    page,
  }) => {
    await gotoHydrated(page, "/product/1");
    const sizes = sizesOf(page);
    const colours = coloursOf(page);
    await expect(colours.getByRole("button", { name: "Royal Gold", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(sizes.getByRole("button", { name: "M", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(sizes).toContainText("In stock in Royal Gold, M");

    // Still shown, named and reachable, but not choosable.
    const soldOutXxl = sizes.getByRole("button", { name: "XXL, sold out in Royal Gold", exact: true });
    await expect(soldOutXxl).toBeVisible();
    await expect(soldOutXxl).toBeDisabled();
    await expect(soldOutXxl).toHaveText("XXL");
    await soldOutXxl.focus();
    await page.keyboard.press("Enter");
    await expect(sizes.getByRole("button", { name: "M", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(soldOutXxl).toHaveAttribute("aria-pressed", "false");
    await expect(sizes).toContainText("Royal Gold, XXL is sold out. It is in stock in Emerald and Midnight.");

    await colours.getByRole("button", { name: "Emerald", exact: true }).click();
    const xxl = sizes.getByRole("button", { name: "XXL", exact: true });
    await expect(xxl).toBeEnabled();
    await xxl.click();
    await expect(xxl).toHaveAttribute("aria-pressed", "true");
    await expect(sizes).toContainText("Size: XXL");
    await expect(page.getByRole("button", { name: "Add to Cart - ₵299.99" })).toBeEnabled();

    // Back to Royal Gold: XXL is sold out there, so the first size in stock is chosen, politely said.
    await colours.getByRole("button", { name: "Royal Gold", exact: true }).click();
    await expect(sizes.getByRole("button", { name: "S", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(sizes).toContainText("Size: S");
    const live = sizes.locator("[aria-live=polite]");
    await expect(live).toContainText("XXL is sold out in Royal Gold, so we have chosen S instead.");
    await expect(live).toContainText("Only 2 left in Royal Gold, S");
    await expectNoSeriousViolations(page, "/product/1 with a sold-out size and the size swapped");
  });

  test("Only 2 left in Royal Gold S: the quantity stops at 2, Add to Cart names colour and size, the cart holds no more", async ({
    page,
  }) => {
    await gotoHydrated(page, "/product/1");
    const sizes = sizesOf(page);
    await sizes.getByRole("button", { name: "S", exact: true }).click();
    await expect(sizes).toContainText("Only 2 left in Royal Gold, S");

    const plus = page.getByRole("button", { name: "Increase quantity" });
    await plus.click();
    await expect(page.getByText("2 items selected")).toBeVisible();
    await expect(plus).toBeDisabled();

    // Another size has its own stock: the stepper opens up again, and comes back down with S.
    await sizes.getByRole("button", { name: "L", exact: true }).click();
    await expect(plus).toBeEnabled();
    await expect(sizes).toContainText("In stock in Royal Gold, L");
    await sizes.getByRole("button", { name: "S", exact: true }).click();
    await expect(page.getByText("2 items selected")).toBeVisible();
    await expect(plus).toBeDisabled();

    await page.getByRole("button", { name: "Add to Cart - ₵599.98" }).click();
    await expect(toast(page, "Added to Cart", "Royal Kente Kaftan (Royal Gold, S) has been added to your cart")).toBeVisible();
    await expectCartCount(page, 2);

    // The line keeps the variant's stock as its most.
    await page.getByRole("button", { name: "Decrease quantity" }).click();
    await page.getByRole("button", { name: "Add to Cart - ₵299.99" }).click();
    await expect(toast(page, "Stock limit reached", "Only 2 of Royal Kente Kaftan (Royal Gold, S) are in stock.")).toBeVisible();
    await cartButton(page).click();
    const line = cartPanel(page).getByRole("listitem").filter({ hasText: "Royal Kente Kaftan" });
    await expect(line).toContainText("Royal Gold · Size S");
    await expect(line.getByRole("group", { name: "Quantity of Royal Kente Kaftan (Royal Gold, S)" })).toHaveText("2");
    await expect(line.getByRole("button", { name: "Increase quantity of Royal Kente Kaftan (Royal Gold, S)" })).toBeDisabled();
    await expectCartCount(page, 2);
  });

  test("Quick View shows the sold-out size too, and passes axe", async ({ page }) => {
    await gotoHydrated(page, "/collections/kaftans");
    await page.getByRole("button", { name: "Quick view Royal Kente Kaftan" }).click();
    const dialog = page.getByRole("dialog", { name: "Royal Kente Kaftan" });
    const sizes = sizesOf(dialog);
    await expect(sizes.getByRole("button", { name: "XXL, sold out in Royal Gold", exact: true })).toBeDisabled();
    await coloursOf(dialog).getByRole("button", { name: "Emerald", exact: true }).click();
    await expect(sizes.getByRole("button", { name: "XXL", exact: true })).toBeEnabled();
    await coloursOf(dialog).getByRole("button", { name: "Royal Gold", exact: true }).click();
    await expect(sizes.getByRole("button", { name: "XXL, sold out in Royal Gold", exact: true })).toBeDisabled();
    await expectNoSeriousViolations(page, "Quick View of Royal Kente Kaftan with a sold-out size", '[role="dialog"]');
  });

  test("the structured data is a ProductGroup whose Royal Gold XXL is OutOfStock", async ({ request }) => {
    const html = await (await request.get("/product/1")).text();
    const blocks = [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    const group = blocks.find((b) => b["@type"] === "ProductGroup");
    expect(group, "a ProductGroup JSON-LD block").toBeDefined();
    expect(blocks.some((b) => b["@type"] === "Product")).toBe(false);
    expect(group).toMatchObject({
      name: "Royal Kente Kaftan",
      productGroupID: "AHF-KAF-001",
      variesBy: ["https://schema.org/color", "https://schema.org/size"],
    });
    const variants = group!.hasVariant as { name: string; sku: string; color: string; size: string; offers: Record<string, string> }[];
    expect(variants).toHaveLength(15);
    const variant = (name: string) => variants.find((v) => v.name === `Royal Kente Kaftan — ${name}`);
    expect(variant("Royal Gold, XXL")).toMatchObject({
      "@type": "Product",
      sku: "AHF-KAF-001-ROYAL-GOLD-XXL",
      color: "Royal Gold",
      size: "XXL",
      offers: { price: "299.99", priceCurrency: "GHS", availability: "https://schema.org/OutOfStock" },
    });
    expect(variant("Emerald, XXL")!.offers.availability).toBe("https://schema.org/InStock");
    expect(variant("Royal Gold, S")!.offers.availability).toBe("https://schema.org/InStock");
  });
});

/** A shopper's browser of their own (their own cart). */
async function shopper(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  return context.newPage();
}

async function fillCheckout(page: Page, base: string, email: string): Promise<void> {
  await gotoHydrated(page, `${base}/checkout`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Full Name", { exact: true }).fill("Adwoa Boateng");
  await page.getByLabel("Phone", { exact: true }).fill("+233 24 555 0177");
  await page.getByLabel("Delivery Address").fill("9 Ring Road East\nAccra");
  await page.getByLabel("Region").selectOption("GH-AA");
}

/** Royal Gold S on the product page, `quantity` of it in the cart. */
async function addRoyalGoldS(page: Page, base: string, quantity = 1): Promise<void> {
  await gotoHydrated(page, `${base}/product/1`);
  await sizesOf(page).getByRole("button", { name: "S", exact: true }).click();
  for (let i = 1; i < quantity; i++) await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: /^Add to Cart - / }).click();
  await expect(toast(page, "Added to Cart", "Royal Kente Kaftan (Royal Gold, S) has been added to your cart")).toBeVisible();
}

// On PostgreSQL when TEST_DATABASE_URL is set, else on an embedded database: either way a shop of its own.
test.describe("the last units of a variant", () => {
  let shop: Shop;
  test.beforeAll(async () => {
    test.setTimeout(240_000); // a new database, migrated and seeded
    shop = await startShop({ database: process.env.TEST_DATABASE_URL ? "postgres" : "pglite" });
  });
  test.afterAll(async () => {
    await shop?.remove();
  });

  test("buying the last one makes the size sold out in that colour for the next shopper, whose cart is corrected at checkout", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const first = await shopper(browser);
    const second = await shopper(browser);

    // The first shopper buys one of the two: the page (cached for everyone) now says 1 left.
    await addRoyalGoldS(first, shop.url);
    await fillCheckout(first, shop.url, "ama.first@example.com");
    await first.getByRole("button", { name: "Place Order" }).click();
    await expect(first.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();

    await gotoHydrated(second, `${shop.url}/product/1`);
    await sizesOf(second).getByRole("button", { name: "S", exact: true }).click();
    await expect(sizesOf(second)).toContainText("Only 1 left in Royal Gold, S");
    await expect(second.getByRole("button", { name: "Increase quantity" })).toBeDisabled();
    await second.getByRole("button", { name: "Add to Cart - ₵299.99" }).click();
    await expect(toast(second, "Added to Cart", "Royal Kente Kaftan (Royal Gold, S) has been added to your cart")).toBeVisible();

    // Meanwhile the first shopper takes the last one.
    await addRoyalGoldS(first, shop.url);
    await fillCheckout(first, shop.url, "ama.first@example.com");
    await first.getByRole("button", { name: "Place Order" }).click();
    await expect(first.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();

    // The next shopper finds S sold out in Royal Gold (still in stock in Emerald)…
    await gotoHydrated(second, `${shop.url}/product/1`);
    const sizes = sizesOf(second);
    await expect(sizes.getByRole("button", { name: "S, sold out in Royal Gold", exact: true })).toBeDisabled();
    await coloursOf(second).getByRole("button", { name: "Emerald", exact: true }).click();
    await expect(sizes.getByRole("button", { name: "S", exact: true })).toBeEnabled();

    // …and checkout refuses the line in the cart, names it, and takes it out.
    await fillCheckout(second, shop.url, "kofi.second@example.com");
    await second.getByRole("button", { name: "Place Order" }).click();
    const notice = second.getByRole("alert").filter({ hasText: "We updated your cart" });
    await expect(notice).toContainText("Royal Kente Kaftan (Royal Gold, S) is sold out and was removed.");
    await expectCartCount(second, 0);
    await expect(second.getByRole("heading", { name: "Order Confirmed!" })).toHaveCount(0);
    await first.context().close();
    await second.context().close();
  });

  test("a made-to-measure piece still sells when every standard size is sold out", async ({ page }) => {
    test.skip(!process.env.TEST_DATABASE_URL, "needs PostgreSQL (TEST_DATABASE_URL): the test sells out the suit in the shop's database");
    const db = new pg.Client({ connectionString: shop.databaseUrl });
    await db.connect();
    try {
      // Before anyone opens the suit's page on this shop, so no cached copy holds the old stock.
      await db.query("update product_variants set stock = 0 where product_id = 2");
    } finally {
      await db.end();
    }
    await gotoHydrated(page, `${shop.url}/product/2`);
    const sizes = sizesOf(page);
    await expect(page.getByRole("button", { name: "Sold Out", exact: true })).toBeDisabled();
    await expect(sizes.getByRole("button", { name: "M, sold out in Charcoal", exact: true })).toBeDisabled();
    await expect(sizes).toContainText("Sold out in every size. Made to measure is still available.");
    await expect(coloursOf(page).getByRole("button", { name: "Navy, sold out", exact: true })).toBeVisible();

    await sizes.getByRole("button", { name: /^Made to measure/ }).click();
    await expect(page.getByRole("button", { name: "Add to Cart - Made to measure - ₵949.99" })).toBeEnabled();
  });
});
