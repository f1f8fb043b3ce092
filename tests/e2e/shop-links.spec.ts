import { expect, test, type Page } from "@playwright/test";
import { gotoHydrated } from "./support";

/**
 * The shop's links are plain anchors opened by one listener for the whole document
 * (app/components/ui/link.tsx): they must behave as React Router's links did, and as a
 * browser's links do when asked for another tab.
 */

/** Marks the loaded document: the mark survives a navigation without a reload, and only that. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { shopMark: number }).shopMark = 1));
}
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { shopMark?: number }).shopMark === 1);

test("on a page the router runs, a product card opens its product without a reload, after fetching it while the pointer rested on it", async ({
  page,
}) => {
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
  });
  // The wishlist's cards, the wishlist opened from a page the router runs (the pages of islands,
  // the wishlist among them, load the next page whole: see below); the router draws it.
  await page.goto("/email-preferences");
  await page.evaluate(() => localStorage.setItem("ahenfie.wishlist.v1", "[1,2]"));
  documents.length = 0;
  await gotoHydrated(page, "/email-preferences");
  await markDocument(page);
  await page.getByRole("banner").locator('a[href="/wishlist"]').first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Wishlist" })).toBeVisible();
  const card = page.getByRole("article").first();
  const title = (await card.getByRole("heading").textContent())!.trim();
  const link = card.getByRole("link", { name: title });
  const productPath = (await link.getAttribute("href"))!;

  const productData = page.waitForRequest((request) => request.url().includes(`${productPath}.data`));
  await link.hover();
  await productData;

  await link.click();
  await expect(page).toHaveURL(productPath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  expect(await sameDocument(page)).toBe(true);

  // The header's logo back home, then the browser's Back: still the same document.
  await page.getByRole("banner").locator('a[href="/"]').first().click();
  await expect(page).toHaveURL("/");
  await page.goBack();
  await expect(page).toHaveURL(productPath);
  expect(await sameDocument(page)).toBe(true);
  expect(documents).toEqual(["/email-preferences"]);
});

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

test("the phone menu's links close the menu and open the page without a reload", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A page the router runs: the pages of islands (decision 021) load the next page whole.
  await gotoHydrated(page, "/email-preferences");
  await markDocument(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Suits" }).click();
  await expect(page).toHaveURL("/collections/suits");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Suits");
  expect(await sameDocument(page)).toBe(true);
});
