import { expect, test } from "@playwright/test";
import { databaseOutagePage } from "../../server/database-outage";
import { expectNoSeriousViolations } from "./axe";

/**
 * The "back in a moment" page the server writes while its database is away (decision 023) is
 * made from a string alone, so it is checked here as a shopper meets it: readable on a phone and
 * a desktop, the shop's name on it, no serious accessibility violation. (That the server answers
 * it, with 503 and Retry-After, is tests/e2e/database-restart.spec.ts.)
 */
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`the back-in-a-moment page at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.setContent(databaseOutagePage("Ahenfie Tailoring House", { refresh: false }));
    await expect(page.getByRole("heading", { level: 1, name: "We'll be back in a moment" })).toBeVisible();
    await expect(page.getByText("Ahenfie Tailoring House", { exact: true })).toBeVisible();
    await expect(page.getByText("trying again never places an order twice")).toBeVisible();
    // Nothing spills sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoSeriousViolations(page, `back-in-a-moment page at ${viewport.width} px`);
    await page.screenshot({ path: `test-results/database-outage-${viewport.width}.png` });
  });
}
