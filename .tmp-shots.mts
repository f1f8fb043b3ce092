import { chromium } from "@playwright/test";
import { findChromium } from "./tests/setup/chromium";
const browser = await chromium.launch({ executablePath: findChromium() ?? undefined });
const base = "http://127.0.0.1:3320";
const shots: Array<[string, number, number, string]> = [
  ["/", 820, 1000, "home-820"],
  ["/", 1024, 800, "home-1024"], ["/", 768, 900, "home-768"], ["/", 1000, 900, "home-1000"],
  ["/product/1", 390, 844, "product-390"],
  ["/product/1", 1440, 900, "product-1440"],
];
for (const [path, w, h, name] of shots) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: "en-GB" });
  const page = await ctx.newPage();
  await page.goto(base + path, { waitUntil: "networkidle" });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shot-${name}.png` });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  console.log(name, "overflow", overflow);
  await ctx.close();
}
await browser.close();
