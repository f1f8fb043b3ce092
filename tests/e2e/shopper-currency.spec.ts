import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { sampleExchangeRates } from "../../db/seed/seed";
import { formatDate } from "../../app/lib/dates";
import { formatApproximate } from "../../app/modules/currency/exchange-rates";
import type { ShopRates } from "../../app/modules/shipping/shop-rates";
import { expectNoSeriousViolations } from "./axe";
import {
  activeProducts,
  addFromProductPage,
  cards,
  cartButton,
  cartPanel,
  cedis,
  closeWithEscape,
  gotoHydrated,
  parseCedis,
} from "./support";

/**
 * Approximate prices in the shopper's currency (docs/product-rules.md "Approximate prices"): the
 * page is the same cached HTML for everyone; the browser adds "≈ $24.60" from /api/shop-rates
 * and the currency chosen in the header (or guessed from the browser's languages).
 */

/** What the eye reads ("≈ $27.27"); screen readers get "approximately $27.27" beside it instead. */
const shown = '[aria-hidden="true"]';

const kaftan = activeProducts().find((p) => p.id === 1)!;

function currencyButton(page: Page) {
  return page.getByRole("banner").getByRole("button", { name: /^Currency/ });
}

async function chooseCurrency(page: Page, label: RegExp) {
  await currencyButton(page).click();
  await page.getByRole("menuitemradio", { name: label }).click();
}

/** The structured data's offer currencies on the page (JSON-LD stays in the store currency). */
async function offerCurrencies(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((text) => [...text.matchAll(/"priceCurrency":"(\w+)"/g)].map((m) => m[1]!));
}

async function shopRates(request: APIRequestContext): Promise<ShopRates> {
  const response = await request.get("/api/shop-rates");
  expect(response.ok()).toBe(true);
  return (await response.json()) as ShopRates;
}

test.describe("a shopper in Ghana", () => {
  // en-GH: the guess is the store currency, so prices stand alone until another is chosen.
  test.use({ locale: "en-GH" });

  test("picks USD in the header and sees ≈ $ on cards, the product page, the cart and checkout, which states the cedi charge", async ({
    page,
    request,
  }) => {
    await gotoHydrated(page, "/collections/kaftans");
    await expect(currencyButton(page)).toHaveAccessibleName("Currency: GHS ₵");
    await expect(page.getByTestId("approximate-price")).toHaveCount(0);

    await chooseCurrency(page, /^USD \$\s*US dollar$/);
    await expect(currencyButton(page)).toHaveAccessibleName("Currency: USD $");
    const firstCard = cards(page).first();
    const cardPrice = parseCedis(await firstCard.innerText());
    await expect(firstCard.getByTestId("approximate-price").locator(shown)).toHaveText(
      formatApproximate(cardPrice, "USD", sampleExchangeRates.USD),
    );

    // The product page: the price, and what a screen reader hears; structured data stays in cedis.
    await addFromProductPage(page, kaftan.id);
    const approximateKaftan = formatApproximate(kaftan.price, "USD", sampleExchangeRates.USD);
    expect(approximateKaftan).toBe("≈ $27.27");
    const main = page.getByRole("main");
    await expect(main.getByTestId("approximate-price").first().locator(shown)).toHaveText(approximateKaftan);
    await expect(main.getByTestId("approximate-price").first()).toHaveText("≈ $27.27 approximately $27.27");
    await expect(main.getByText("approximately $27.27", { exact: true }).first()).toHaveClass(/sr-only/);
    expect(await offerCurrencies(page)).toEqual(expect.arrayContaining(["GHS"]));
    expect(await offerCurrencies(page)).not.toContain("USD");

    // The cart: the line and the total.
    await cartButton(page).click();
    const panel = cartPanel(page);
    await expect(panel.getByTestId("cart-line").getByTestId("approximate-price").locator(shown)).toHaveText(approximateKaftan);
    await expect(panel.getByTestId("cart-total")).toHaveText(cedis(kaftan.price));
    await expect(panel.getByTestId("approximate-price").last().locator(shown)).toHaveText(approximateKaftan);

    // Checkout: every amount approximated, and the charge stated plainly in cedis.
    await panel.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary.getByRole("listitem").getByTestId("approximate-price").locator(shown)).toHaveText(approximateKaftan);
    const rates = await shopRates(request);
    const setOn = formatDate(rates.exchangeRates.USD!.setAt, "Africa/Accra");
    // Before the region is chosen the shipping is unknown, and the notice says so.
    await expect(summary.getByTestId("charge-notice")).toHaveText(
      `You will be charged ${cedis(kaftan.price)} (GHS) plus shipping to the destination you choose. Amounts in US dollars are approximate, at the rate our team set on ${setOn}.`,
    );
    await page.getByLabel("Region").selectOption("GH-AA");
    await expect(summary.getByTestId("summary-shipping")).not.toHaveText("—");
    const total = parseCedis(await summary.getByTestId("summary-total").innerText());
    expect(total).toBeGreaterThan(kaftan.price);
    await expect(summary.getByTestId("charge-notice")).toHaveText(
      `You will be charged ${cedis(total)} (GHS), the exact amount above. Amounts in US dollars are approximate, at the rate our team set on ${setOn}.`,
    );
    await expect(summary.getByTestId("summary-total")).toHaveText(cedis(total));
    await expect(summary.getByRole("definition").last().getByTestId("approximate-price").locator(shown)).toHaveText(
      formatApproximate(total, "USD", sampleExchangeRates.USD),
    );

    // The choice is remembered.
    await page.reload();
    await expect(currencyButton(page)).toHaveAccessibleName("Currency: USD $");
    await expect(summary.getByTestId("charge-notice")).toContainText("Amounts in US dollars are approximate");

    // Back to cedis: the approximations and the notice go.
    await chooseCurrency(page, /^GHS ₵\s*Ghana cedi$/);
    await expect(page.getByTestId("approximate-price")).toHaveCount(0);
    await expect(summary.getByTestId("charge-notice")).toHaveCount(0);
  });

  test("the currency menu works from the keyboard and passes axe, at 1440 px and in the phone menu at 390 px", async ({ page }) => {
    await gotoHydrated(page, `/product/${kaftan.id}`);
    await currencyButton(page).focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: "Currency" });
    await expect(menu.getByRole("menuitemradio")).toHaveText([/^GHS/, /^USD/, /^GBP/, /^EUR/, /^NGN/, /^XOF/]);
    await expect(menu.getByRole("menuitemradio", { name: /^GHS/ })).toHaveAttribute("aria-checked", "true");
    await expectNoSeriousViolations(page, "the header with the currency menu open (1440 px)");
    // Opened from the keyboard, the menu focuses its first item; arrows move from there.
    await expect(menu.getByRole("menuitemradio", { name: /^GHS/ })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitemradio", { name: /^USD/ })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitemradio", { name: /^GBP/ })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(menu).toBeHidden();
    await expect(currencyButton(page)).toHaveAccessibleName("Currency: GBP £");
    await expect(currencyButton(page)).toBeFocused();
    await expect(page.getByRole("main").getByTestId("approximate-price").first().locator(shown)).toHaveText(
      formatApproximate(kaftan.price, "GBP", sampleExchangeRates.GBP),
    );

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(currencyButton(page)).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const sheet = page.getByRole("dialog");
    const select = sheet.getByLabel("Currency", { exact: true });
    await expect(select).toHaveValue("GBP");
    await expectNoSeriousViolations(page, "the phone menu with the currency choice (390 px)", '[role="dialog"]');
    await select.selectOption("EUR");
    await closeWithEscape(page, sheet);
    await expect(page.getByRole("main").getByTestId("approximate-price").first().locator(shown)).toHaveText(
      formatApproximate(kaftan.price, "EUR", sampleExchangeRates.EUR),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe("a first visit from the United Kingdom", () => {
  test.use({ locale: "en-GB" });

  test("shows pounds without choosing anything", async ({ page }) => {
    await gotoHydrated(page, `/product/${kaftan.id}`);
    await expect(currencyButton(page)).toHaveAccessibleName("Currency: GBP £");
    await expect(page.getByRole("main").getByTestId("approximate-price").first().locator(shown)).toHaveText(
      formatApproximate(kaftan.price, "GBP", sampleExchangeRates.GBP),
    );
  });
});

test("a cached page is the same HTML for everyone: a second visitor's browser converts it to euros", async ({ browser, request }) => {
  const path = "/product/2";
  const product = activeProducts().find((p) => p.id === 2)!;
  // The first visitor's request fills the page cache; asked until the answer is a hit.
  await expect.poll(async () => (await request.get(path)).headers()["x-cache"]).toBe("HIT");

  const context = await browser.newContext({ locale: "en-GH" });
  await context.addInitScript(() => window.localStorage.setItem("ahenfie.currency.v1", JSON.stringify("EUR")));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const response = await gotoHydrated(page, path);
  expect(response?.headers()["x-cache"]).toBe("HIT");
  const html = await response!.text();
  expect(html).not.toContain("≈");
  expect(html).not.toContain('data-testid="approximate-price"');
  await expect(page.getByRole("main").getByTestId("approximate-price").first().locator(shown)).toHaveText(
    formatApproximate(product.price, "EUR", sampleExchangeRates.EUR),
  );
  expect(await offerCurrencies(page)).toEqual(expect.arrayContaining(["GHS"]));
  expect(await offerCurrencies(page)).not.toContain("EUR");
  // The browser's own currency never reaches the HTML React hydrates: no mismatch is reported.
  expect(errors).toEqual([]);
  await context.close();
});
