import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { contentPageSlugs } from "../../app/content/pages";
import { addFromProductPage, cartButton, cartPanel, gotoHydrated } from "./support";

/**
 * axe-core on every storefront screen. Any "serious" or "critical" violation of WCAG 2.0/2.1
 * A or AA fails the test, and the message lists each one with the elements it was found on.
 */

// Reduced motion: the carousel holds still and the card and panel animations end at once,
// so axe sees the page as it settles rather than mid-fade.
test.use({ reducedMotion: "reduce" });

const pages = [
  "/",
  "/collections/kaftans",
  "/collections/all?page=2",
  "/collections/anything",
  "/product/1",
  "/product/99999",
  "/checkout",
  "/wishlist",
  "/nope",
  "/newsletter/confirm",
  "/custom-orders/request",
  ...contentPageSlugs.map((slug) => `/${slug}`),
];

for (const url of pages) {
  test(`${url} has no serious accessibility violations`, async ({ page }) => {
    await gotoHydrated(page, url);
    await expectNoSeriousViolations(page, url);
  });
}

test("/checkout with an item has no serious accessibility violations", async ({ page }) => {
  await addFromProductPage(page, 1);
  await gotoHydrated(page, "/checkout");
  await expect(page.getByRole("heading", { name: "Order Summary" })).toBeVisible();
  await expectNoSeriousViolations(page, "/checkout with an item");
});

test("/wishlist with a saved product has no serious accessibility violations", async ({ page }) => {
  await gotoHydrated(page, "/product/1");
  await page.getByRole("button", { name: "Save Royal Kente Kaftan to wishlist" }).click();
  await gotoHydrated(page, "/wishlist");
  await expect(page.getByRole("article", { name: "Royal Kente Kaftan" })).toBeVisible();
  await expectNoSeriousViolations(page, "/wishlist with a saved product");
});

test("the open cart panel has no serious accessibility violations", async ({ page }) => {
  await addFromProductPage(page, 1);
  await cartButton(page).click();
  await expect(cartPanel(page)).toBeVisible();
  await expectNoSeriousViolations(page, "/product/1 with the cart panel open");
});

test("the empty cart panel has no serious accessibility violations", async ({ page }) => {
  await gotoHydrated(page, "/product/1");
  await cartButton(page).click();
  await expect(cartPanel(page).getByText("Your cart is empty")).toBeVisible();
  await expectNoSeriousViolations(page, "/product/1 with the empty cart panel open");
});

test("the Quick View dialog has no serious accessibility violations", async ({ page }) => {
  await gotoHydrated(page, "/collections/kaftans");
  await page.getByRole("button", { name: "Quick view Royal Kente Kaftan" }).click();
  const dialog = page.getByRole("dialog", { name: "Royal Kente Kaftan" });
  await expect(dialog.getByRole("button", { name: /^Add to Cart/ })).toBeVisible();
  await expectNoSeriousViolations(page, "/collections/kaftans with Quick View open");
});

test.describe("on a phone (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the home page has no serious accessibility violations", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expectNoSeriousViolations(page, "/ at 390×844");
  });

  test("the open mobile menu has no serious accessibility violations", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Ahenfie" });
    await expect(menu.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Kaftans" })).toBeVisible();
    await expectNoSeriousViolations(page, "/ at 390×844 with the mobile menu open");
  });

  test("the open cart panel has no serious accessibility violations", async ({ page }) => {
    await addFromProductPage(page, 1);
    await cartButton(page).click();
    await expect(cartPanel(page)).toBeVisible();
    await expectNoSeriousViolations(page, "/product/1 at 390×844 with the cart panel open");
  });
});
