import { chromium } from "@playwright/test";
import { findChromium } from "./tests/setup/chromium";
const browser = await chromium.launch({ executablePath: findChromium() ?? undefined });
const base = "http://127.0.0.1:3320";
for (const [w, h] of [[390, 844], [1440, 900]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: "en-GB" });
  const page = await ctx.newPage();
  await page.goto(base + "/product/1", { waitUntil: "networkidle" });
  await page.screenshot({ path: `/tmp/s-product-${w}.png`, fullPage: false });
  await page.getByRole("button", { name: /Add to Cart/ }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/s-cart-${w}.png` });
  await page.goto(base + "/checkout", { waitUntil: "networkidle" });
  await page.getByLabel("Country").selectOption("GB");
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/s-checkout-${w}.png`, fullPage: true });
  await page.goto(base + "/shipping", { waitUntil: "networkidle" });
  await page.screenshot({ path: `/tmp/s-shipping-${w}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
