import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./support";

/**
 * The shop's links are plain anchors opened by one listener for the whole document
 * (app/components/ui/link.tsx): they must behave as a browser's links do (another tab when
 * asked), and fetch the next page while the pointer rests on them. Every storefront page is a
 * page of islands (decision 021): a link loads the next page whole.
 */

test("on a page of islands, a product card's page is fetched as a document while the pointer rests on it, then opened", async ({
  page,
}) => {
  await gotoHydrated(page, "/collections/all");
  const card = page.getByRole("article").first();
  const title = (await card.getByRole("heading").textContent())!.trim();
  const link = card.getByRole("link", { name: title });
  const productPath = (await link.getAttribute("href"))!;

  const prefetched = page.waitForRequest((request) => new URL(request.url()).pathname === productPath);
  await link.hover();
  await prefetched;
  await expect(page.locator(`link[rel="prefetch"][href="${productPath}"]`)).toHaveCount(1);

  await link.click();
  await expect(page).toHaveURL(productPath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

test("a Ctrl-click on a shop link opens it in a new tab and leaves the page where it was", async ({ page, context }) => {
  await gotoHydrated(page, "/collections/all");
  const link = page.getByRole("contentinfo").getByRole("link", { name: "Kaftans" });
  const [tab] = await Promise.all([context.waitForEvent("page"), link.click({ modifiers: ["Control"] })]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe("/collections/kaftans");
  await expect(page).toHaveURL("/collections/all");
});

test("the phone menu's links close the menu and open the page", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Every storefront page is islands (decision 021): the next page loads whole.
  await gotoHydrated(page, "/track-order");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Suits" }).click();
  await expect(page).toHaveURL("/collections/suits");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Suits");
});
