import { expect, type Locator, type Page } from "@playwright/test";
import { seedProducts, type CategorySlug, type SeedProduct } from "../../db/seed/catalog-data";

/** Shared helpers for the browser tests (not a spec file: Playwright only runs *.spec.ts). */

/** Active products of the seed, optionally of one category. */
export function activeProducts(category?: CategorySlug): SeedProduct[] {
  return seedProducts.filter((p) => p.active && (category === undefined || p.category === category));
}

/** 29999 -> "₵299.99", 119999 -> "₵1,199.99" (pesewas to the shop's display format). */
export function cedis(pesewas: number): string {
  const whole = Math.floor(pesewas / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `₵${whole}.${String(pesewas % 100).padStart(2, "0")}`;
}

/** "₵1,199.99" -> 119999 */
export function parseCedis(text: string): number {
  const match = /₵([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`No ₵ amount in ${JSON.stringify(text)}`);
  return Number(match[1]!.replace(/,/g, "")) * 100 + Number(match[2]);
}

/**
 * Waits until React has hydrated the page: the header's cart button then carries React's
 * props. Clicking before that would hit server-rendered HTML with no handlers.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const button = document.querySelector("header button");
    return button !== null && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
}

export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

/** The product cards inside a container (each card is an <article> named after the product). */
export function cards(scope: Page | Locator): Locator {
  return scope.getByRole("article", { name: /\S/ });
}

/** Names of the cards, in order. */
export async function cardNames(scope: Page | Locator): Promise<string[]> {
  return cards(scope).evaluateAll((els) => els.map((el) => el.getAttribute("aria-label") ?? ""));
}

/** The current price of every card, in pesewas, in order (the first ₵ amount on the card). */
export async function cardPrices(scope: Page | Locator): Promise<number[]> {
  const texts = await cards(scope).allInnerTexts();
  return texts.map(parseCedis);
}

/**
 * The header's cart button, whose name carries the item count. While a dialog is open the
 * rest of the page is hidden from assistive technology, so counts are read with includeHidden.
 */
export function cartButton(page: Page, includeHidden = false): Locator {
  return page.getByRole("banner", { includeHidden }).getByRole("button", { name: /^Open cart/, includeHidden });
}

export async function expectCartCount(page: Page, count: number): Promise<void> {
  const button = cartButton(page, true);
  await expect(button).toHaveAttribute("aria-label", `Open cart, ${count} item${count === 1 ? "" : "s"}`);
  if (count > 0) await expect(button).toHaveText(String(count));
  else await expect(button).toHaveText("");
}

/** A toast with this title (and description, when given). */
export function toast(page: Page, title: string, description?: string): Locator {
  let item = page
    .getByRole("region", { name: /Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: title });
  if (description) item = item.filter({ hasText: description });
  return item.first();
}

/** The cart side panel, once open. */
export function cartPanel(page: Page): Locator {
  return page.getByRole("dialog", { name: /^Shopping Cart \(\d+\)$/ });
}

/** Adds product `id` from its product page with the default colour and size. */
export async function addFromProductPage(page: Page, id: number, quantity = 1): Promise<void> {
  await gotoHydrated(page, `/product/${id}`);
  for (let i = 1; i < quantity; i++) await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: /^Add to Cart - / }).click();
  await expect(toast(page, "Added to Cart")).toBeVisible();
}
