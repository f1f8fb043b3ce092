import { expect, test, type Locator, type Page } from "@playwright/test";
import { seedProducts } from "../../db/seed/catalog-data";
import { expectNoSeriousViolations } from "./axe";
import { cartPanel, gotoHydrated, toast } from "./support";

/**
 * Issue 45 point 6 (and point 8's badges): on a 390×844 phone the product page shows the name,
 * the price and Add to Cart on the first screen (the first picture, swiped, then the name and
 * price; the sticky bar keeps Add to Cart in reach while the page's own button is out of sight),
 * a collection's first products come up, and the cards' badges are small chips.
 */
test.use({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce", hasTouch: true, isMobile: true });

const kaftan = seedProducts.find((p) => p.id === 1)!;
const stickyBar = (page: Page) => page.getByTestId("sticky-add-to-cart");

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, "on the page").not.toBeNull();
  return found!;
}

test("the name, the price and Add to Cart are on the first screen, the name and price clear of the bar", async ({ page }) => {
  await gotoHydrated(page, "/product/1");
  const main = page.getByRole("main");
  const name = main.getByRole("heading", { level: 1, name: kaftan.name });
  const price = main.getByText("Sale price ₵299.99", { exact: true });
  const bar = stickyBar(page);
  const add = bar.getByRole("button", { name: "Add to Cart" });
  await expect(bar).toBeVisible();
  await expect(bar).toContainText(kaftan.name);
  await expect(bar).toContainText("₵299.99");
  const barTop = (await box(bar)).y;
  const [nameBox, priceBox, addBox] = [await box(name), await box(price), await box(add)];
  expect(nameBox.y + nameBox.height).toBeLessThanOrEqual(barTop);
  expect(priceBox.y + priceBox.height).toBeLessThanOrEqual(barTop);
  expect(addBox.y + addBox.height).toBeLessThanOrEqual(844);
  await expect(name).toBeInViewport();
  await expect(price).toBeInViewport();
  await expect(add).toBeInViewport();
  // Nothing to scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  await expectNoSeriousViolations(page, "the product page on a phone");
});

test("the sticky bar adds the chosen size to the cart, and hides while the page's own button shows", async ({ page }) => {
  await gotoHydrated(page, "/product/1");
  const sizes = page.getByRole("group", { name: /^Size:/ });
  await sizes.getByRole("button", { name: "L", exact: true }).click();
  // The page's own Add to Cart on screen: the bar steps aside (out of the accessibility tree too).
  const own = page.getByRole("main").getByRole("button", { name: /^Add to Cart - / });
  await own.scrollIntoViewIfNeeded();
  await expect(own).toBeInViewport();
  await expect(stickyBar(page)).toBeHidden();
  // Scrolled back to the top: the bar is back, and adds what was chosen.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(stickyBar(page)).toBeVisible();
  await stickyBar(page).getByRole("button", { name: "Add to Cart" }).click();
  await expect(toast(page, "Added to Cart")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.getByRole("button", { name: /^Open cart/ }).click();
  await expect(cartPanel(page)).toContainText(`${kaftan.name}`);
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
  expect(covered / (picture.width * picture.height)).toBeLessThan(0.06);
  await expectNoSeriousViolations(page, "a collection on a phone");
});
