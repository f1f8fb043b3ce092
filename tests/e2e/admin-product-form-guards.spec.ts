import { expect, test } from "@playwright/test";
import { ADMIN_STATE } from "./admin-support";
import { field, openAddProduct } from "./product-form-support";
import { expectNoSeriousViolations } from "./axe";

/**
 * The product form's guards (issue 45, point 8): a new colour row starts empty with a swatch no
 * other row uses, two colours of one name are told apart by a clear message, and a price more
 * than 70 % below the original price needs "Yes, sell at −85 %" ticked, nothing typed being lost.
 */

test.use({ storageState: ADMIN_STATE, reducedMotion: "reduce" });
// Each test opens the whole product dialog and runs axe on it: slow on a busy 2-core machine.
test.beforeEach(() => test.slow());

for (const width of [390, 1440]) {
  test(`a new colour row starts empty with a swatch of its own; two colours of one name are refused by name (${width})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const add = await openAddProduct(page);
    await add.getByRole("button", { name: "Add colour" }).click();
    await expect(field(add, "Colour 1 name")).toHaveValue("");
    await expect(field(add, "Colour 1 code")).toHaveValue("#C9A227");
    await field(add, "Colour 1 name").fill("Royal Gold");

    await add.getByRole("button", { name: "Add colour" }).click();
    await expect(field(add, "Colour 2 name")).toHaveValue("");
    await expect(field(add, "Colour 2 name")).not.toHaveAttribute("placeholder", /./);
    await expect(field(add, "Colour 2 code")).toHaveValue("#1F4D3A");
    // The first row is as it was.
    await expect(field(add, "Colour 1 name")).toHaveValue("Royal Gold");
    await expect(field(add, "Colour 1 code")).toHaveValue("#C9A227");

    await field(add, "Colour 2 name").fill("royal gold");
    await add.getByRole("button", { name: "Create Product" }).click();
    const message = "Colour 1 is already called “Royal Gold”: give each colour its own name";
    await expect(field(add, "Colour 2 name")).toHaveAttribute("aria-invalid", "true");
    await expect(field(add, "Colour 2 name")).toHaveAccessibleDescription(message);
    await expect(add.getByText(message)).toBeVisible();
    await expect(field(add, "Colour 1 name")).not.toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousViolations(page, `the product form with a repeated colour name (${width})`, '[role="dialog"]');
  });
}

test("on a phone, the deep-discount confirmation fits the screen and passes axe (390)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const add = await openAddProduct(page);
  await field(add, "Price (₵)").fill("0.01");
  await field(add, "Original price (₵)").fill("1399.99");
  const confirm = add.getByRole("checkbox", { name: "Yes, sell at −100 %" });
  await confirm.scrollIntoViewIfNeeded();
  await expect(confirm).toBeInViewport();
  const box = await add.getByTestId("deep-discount").boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page, "the deep-discount confirmation (390)", '[role="dialog"]');
});
