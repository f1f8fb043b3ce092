import { expect, test } from "@playwright/test";
import { splitStylesheet } from "../../vite-page-styles";
import { cartButton, cartPanel, closeWithEscape, gotoHydrated } from "./support";

/**
 * Each page carries inside it only the rules of the stylesheet that its own scripts can use
 * (server/inline-stylesheet.ts). Where the router runs, the whole stylesheet is switched on at its
 * first client navigation; a page of islands never fetches it.
 */

const PAGES = [
  "/",
  "/collections/kaftans",
  "/collections/kaftans?q=kente",
  "/product/1",
  "/checkout",
  "/auth",
  "/about",
  "/track-order",
  "/wishlist",
  "/custom-orders/request",
  "/no-such-page",
];

const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"' })[name] ?? "'");

test("every rule a page's markup can use is inside the page, and the page carries far less than the whole stylesheet", async ({
  request,
}) => {
  for (const path of PAGES) {
    const html = await (await request.get(path)).text();
    const href = /<style data-href="([^"]+)">/.exec(html)?.[1];
    expect(href, `${path} has its stylesheet inside`).toBeTruthy();
    const inline = /<style data-href="[^"]+">([\s\S]*?)<\/style>/.exec(html)![1]!;
    const whole = await (await request.get(href!)).text();

    const markupClasses = new Set<string>();
    for (const [, value] of html.matchAll(/\bclass="([^"]*)"/g))
      for (const name of decodeEntities(value!).split(/\s+/)) if (name) markupClasses.add(name);

    const inlineRules = new Set(splitStylesheet(inline, [], new Set()).map(([, text]) => text));
    const missing = splitStylesheet(whole, [], new Set())
      .filter(([, , needs]) => !needs || needs.some((names) => names.every((name) => markupClasses.has(name))))
      .map(([, text]) => text)
      .filter((text) => !inlineRules.has(text));
    expect(missing, `rules ${path} needs`).toEqual([]);
    expect(inline.length, `${path} carries part of the stylesheet`).toBeLessThan(whole.length * 0.8);
  }
});

test("a panel opened later is styled by the page's own share, and the whole stylesheet is never fetched", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await gotoHydrated(page, "/");
  // The home page is hydrated as islands and never navigates without a reload: its own share
  // is all it uses, so the whole stylesheet is not even fetched.
  const link = page.locator('link[rel="stylesheet"]');
  await expect(link).toHaveCount(0);

  // The cart is loaded when opened; its width on wide screens is among the page's own rules.
  await cartButton(page).click();
  const panel = cartPanel(page);
  await expect(panel).toBeVisible();
  await expect(panel).toHaveCSS("max-width", "512px");
  await expect(panel).toHaveCSS("position", "fixed");
  await expect(link).toHaveCount(0);
  await closeWithEscape(page, panel);

  // Every storefront page is islands (decision 021): the next page comes whole, with its own share.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Track Order", exact: true }).click();
  await expect(page).toHaveURL(/\/track-order$/);
  await expect(link).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("font-family", /Cormorant/);
});
