import { chromium } from "@playwright/test";
import { findChromium } from "./tests/setup/chromium";
const browser = await chromium.launch({ executablePath: findChromium() ?? undefined });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "en-GB" });
const page = await ctx.newPage();
await page.goto("http://127.0.0.1:3320/shipping", { waitUntil: "networkidle" });
await page.getByRole("table").scrollIntoViewIfNeeded();
await page.screenshot({ path: "/tmp/s-shipping-table-390.png" });
await browser.close();
