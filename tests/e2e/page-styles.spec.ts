import { expect, test } from "@playwright/test";
import { splitStylesheet } from "../../vite-page-styles";
import { cartButton, cartPanel, gotoHydrated } from "./support";

/**
 * Each page carries inside it only the rules of the stylesheet that its own scripts can use
 * (server/inline-stylesheet.ts); the whole stylesheet is switched on once the page hydrates.
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
    expect(inline.length, `${path} carries part of the stylesheet`).toBeLessThan(whole.length * 0.7);
  }
});

test("once the page has hydrated, a panel whose rules were not inside it is styled by the whole stylesheet", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const html = await (await page.request.get("/")).text();
  // The side panel's width on wide screens comes from a lazily loaded script, not from the page's own.
  expect(html).not.toContain(".md\\:max-w-lg");

  await gotoHydrated(page, "/");
  await expect(page.locator('link[rel="stylesheet"]')).toHaveAttribute("media", "all");
  await cartButton(page).click();
  const panel = cartPanel(page);
  await expect(panel).toBeVisible();
  await expect(panel).toHaveCSS("max-width", "512px");
  await expect(panel).toHaveCSS("position", "fixed");
});
