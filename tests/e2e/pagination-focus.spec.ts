import { expect, test, type Locator, type Page } from "@playwright/test";
import { gotoHydrated } from "./support";

/**
 * Issue 12, item 7: after "Page 2" the shopper sees the top of the new results, and keyboard
 * and screen-reader users are taken there too (focus moves to the results' heading).
 */
async function expectInViewport(page: Page, target: Locator) {
  const viewport = page.viewportSize()!;
  // The view moves smoothly (unless the shopper asks for reduced motion): wait for it to settle.
  await expect.poll(async () => (await target.boundingBox())?.y ?? -1, { timeout: 10_000 }).toBeGreaterThanOrEqual(0);
  await expect.poll(async () => (await target.boundingBox())?.y ?? viewport.height).toBeLessThan(viewport.height / 2);
}

test("a collection's Page 2 shows the top of the results and moves focus there", async ({ page }) => {
  await gotoHydrated(page, "/collections/all");
  const pager = page.getByRole("navigation", { name: "Collection pages" });
  await pager.getByRole("link", { name: "Page 2" }).scrollIntoViewIfNeeded();
  await pager.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  const heading = page.getByRole("heading", { name: /^Products, page 2 of \d+$/ });
  await expect(heading).toBeFocused();
  await expectInViewport(page, heading);
  await expect(page.getByRole("article").first()).toBeInViewport();
});

test("the home grid's Page 2 shows the top of the grid and moves focus to its heading", async ({ page }) => {
  await gotoHydrated(page, "/");
  const pager = page.getByRole("navigation", { name: "Collection pages" });
  await pager.getByRole("link", { name: "Page 2" }).scrollIntoViewIfNeeded();
  await pager.getByRole("link", { name: "Page 2" }).press("Enter");
  await expect(page).toHaveURL(/[?&]page=2/);
  const heading = page.getByRole("heading", { name: "Our Collection", exact: true });
  await expect(heading).toBeFocused();
  await expectInViewport(page, heading);
});
