import { expect, test, type Locator, type Page } from "@playwright/test";
import { seedProducts } from "../../db/seed/catalog-data";
import { expectNoSeriousViolations } from "./axe";
import { cartPanel, gotoHydrated, toast } from "./support";

/**
 * Issue 45 point 6 (and point 8's badges): on a 390×844 phone the product page shows the name,
 * the price and Add to Cart on the first screen (the first picture, swiped, then the name and
 * price; Add to Cart, with the price, stays at the foot of the screen),
 * a collection's first products come up, and the cards' badges are small chips.
 */
test.use({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce", hasTouch: true, isMobile: true });

const kaftan = seedProducts.find((p) => p.id === 1)!;
const addToCart = (page: Page) => page.getByRole("main").getByRole("button", { name: /^Add to Cart - / });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, "on the page").not.toBeNull();
  return found!;
}

test("the name, the price and Add to Cart are on the first screen, the name and price clear of the button", async ({ page }) => {
  await gotoHydrated(page, "/product/1");
  const main = page.getByRole("main");
  const name = main.getByRole("heading", { level: 1, name: kaftan.name });
  const price = main.getByText("Sale price ₵299.99", { exact: true });
  const add = addToCart(page);
  await expect(add).toHaveText(/Add to Cart - ₵299\.99/);
  const [nameBox, priceBox, addBox] = [await box(name), await box(price), await box(add)];
  expect(nameBox.y + nameBox.height).toBeLessThanOrEqual(addBox.y);
  expect(priceBox.y + priceBox.height).toBeLessThanOrEqual(addBox.y);
  expect(addBox.y + addBox.height).toBeLessThanOrEqual(844);
  await expect(name).toBeInViewport();
  await expect(price).toBeInViewport();
  await expect(add).toBeInViewport();
  // Nothing to scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  await expectNoSeriousViolations(page, "the product page on a phone");
});

test("Add to Cart stays in reach while the shopper scrolls, and adds the chosen size", async ({ page }) => {
  await gotoHydrated(page, "/product/1");
  await page
    .getByRole("group", { name: /^Size:/ })
    .getByRole("button", { name: "L", exact: true })
    .click();
  await page.getByRole("heading", { name: "Materials" }).scrollIntoViewIfNeeded();
  await expect(addToCart(page)).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(addToCart(page)).toBeInViewport();
  await addToCart(page).click();
  await expect(toast(page, "Added to Cart")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.getByRole("button", { name: /^Open cart/ }).click();
  await expect(cartPanel(page)).toContainText(kaftan.name);
  await expect(cartPanel(page)).toContainText("Size L");
});

test("a collection's first products start on the first screen, their badges small chips in the corner", async ({ page }) => {
  await gotoHydrated(page, "/collections/kaftans");
  const first = page.getByRole("main").getByRole("article").first();
  const picture = await box(first.locator("img").first());
  // 569 px down before issue 45.
  expect(picture.y).toBeLessThan(400);
  // The picture and the card's name and price are on the first screen.
  await expect(first.getByRole("heading", { level: 3 })).toBeInViewport();
  // Its badges: one row of small chips covering little of the picture.
  const chips = first.locator("span").filter({ hasText: /^(New|Bestseller|Sold Out|-\d+%)$/ });
  expect(await chips.count()).toBeGreaterThan(1);
  let covered = 0;
  for (const chip of await chips.all()) {
    const b = await box(chip);
    // 24 px before issue 45.
    expect(b.height).toBeLessThanOrEqual(18);
    covered += b.width * b.height;
  }
  // Three stacked 24 px badges covered some 12 % of it before issue 45.
  expect(covered / (picture.width * picture.height)).toBeLessThan(0.08);
  await expectNoSeriousViolations(page, "a collection on a phone");
});
