import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { addFromProductPage, gotoHydrated } from "./support";

/**
 * Issue 45: checkout opens on the country the product page and the cart already priced shipping
 * for (shopper-country.ts: chosen before, else the browser's languages), with its shipping at once;
 * and on a phone it starts with a collapsed order summary showing the total.
 */

test.describe("a London shopper (a browser in British English)", () => {
  test.use({ locale: "en-GB" });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`checkout opens on the United Kingdom with its shipping, as the product page said (${viewport.width})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await addFromProductPage(page, 1);
      await expect(page.getByTestId("shopper-delivery")).toContainText("Delivery to United Kingdom: 6–10 working days, ₵600 shipping");
      await gotoHydrated(page, "/checkout");
      await expect(page.getByLabel("Country")).toHaveValue("GB");
      // No Ghanaian region to choose, and the fee and estimate are there before anything is touched.
      await expect(page.getByLabel("Region")).toHaveCount(0);
      await expect(page.getByTestId("summary-shipping")).toHaveText("₵600.00");
      await expect(page.getByTestId("summary-delivery")).toContainText("Delivery in 6–10 working days to United Kingdom");
      await expect(page.getByRole("radio", { name: /Pay on Delivery/ })).toBeDisabled();
      await expectNoSeriousViolations(page, `checkout on the United Kingdom (${viewport.width})`);

      // Choosing another country at checkout wins, and is what the next visit opens on.
      await page.getByLabel("Country").selectOption("GH");
      await page.getByLabel("Region").selectOption("GH-AA");
      await expect(page.getByTestId("summary-shipping")).toHaveText("₵30.00");
      await gotoHydrated(page, "/checkout");
      await expect(page.getByLabel("Country")).toHaveValue("GH");
      await expect(page.getByLabel("Region")).toHaveValue("GH-AA");
      await expect(page.getByTestId("summary-shipping")).toHaveText("₵30.00");
    });
  }
});

test.describe("a shopper in Accra", () => {
  test.use({ locale: "en-GH" });

  test("on a phone, checkout starts with a collapsed order summary and its total; on a desktop the summary stands beside the form", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await addFromProductPage(page, 1, 2);
    await gotoHydrated(page, "/checkout");
    const summary = page.getByTestId("phone-summary");
    const toggle = summary.getByText("Show order summary");
    await expect(toggle).toBeVisible();
    // ₵299.99 × 2, shipping not known until the region is chosen.
    await expect(summary.getByTestId("phone-summary-amount")).toHaveText("₵599.98");
    // At the top: on the first screen, above the customer's details.
    const toggleBox = (await toggle.boundingBox())!;
    expect(toggleBox.y + toggleBox.height).toBeLessThan(844);
    expect(toggleBox.y).toBeLessThan((await page.getByRole("heading", { name: "Customer Information" }).boundingBox())!.y);
    await expect(summary.getByText("Royal Kente Kaftan")).toBeHidden();

    await toggle.click();
    await expect(summary.getByText("Hide order summary")).toBeVisible();
    await expect(summary.getByText("Royal Kente Kaftan")).toBeVisible();
    await expect(summary.getByTestId("phone-summary-subtotal")).toHaveText("₵599.98");
    await expectNoSeriousViolations(page, "checkout, phone summary open (390)");

    // The total follows the destination: to Greater Accra ₵599.98 ships free (from ₵500).
    await page.getByLabel("Region").selectOption("GH-AA");
    await expect(summary.getByTestId("phone-summary-shipping")).toHaveText("Free");
    await expect(summary.getByTestId("phone-summary-total")).toHaveText("₵599.98");

    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(summary).toBeHidden();
    await expect(page.getByRole("heading", { name: "Order Summary" })).toBeVisible();
  });
});
