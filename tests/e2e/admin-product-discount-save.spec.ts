import { expect } from "@playwright/test";
import { testOnOwnShop as test } from "./admin-support";
import { field, openAddProduct } from "./product-form-support";
import { expectNoSeriousViolations } from "./axe";
import { toast } from "./support";

/**
 * Issue 45, point 8: a price more than 70 % below the original price is saved only once the
 * admin ticks "Yes, sell at −85 %", and nothing typed is lost meanwhile. On a shop of its own:
 * the product it creates would change the shared shop's catalog, which other specs count.
 */

test.use({ reducedMotion: "reduce" });
test.describe.configure({ timeout: 240_000 });

test("a price more than 70 % below the original price needs its confirmation; ticked, the product is saved (1440)", async ({ page }) => {
  const name = `Clearance Smock ${Date.now().toString(36)}`;
  const add = await openAddProduct(page);
  await field(add, "Name").fill(name);
  await add.getByLabel("Set every cell to").fill("2");
  await add.getByRole("button", { name: "Set all" }).click();
  await field(add, "Price (₵)").fill("209.99");
  await field(add, "Original price (₵)").fill("1399.99");

  const warning = add.getByTestId("deep-discount");
  await expect(warning).toContainText("The price is more than 70 % below the original price: shoppers will see −85 %.");
  const confirm = add.getByRole("checkbox", { name: "Yes, sell at −85 %" });
  await expect(confirm).not.toBeChecked();
  await add.getByRole("button", { name: "Create Product" }).click();
  await expect(toast(page, "Failed to save product")).toBeVisible();
  await expect(confirm).toHaveAttribute("aria-invalid", "true");
  await expect(confirm).toHaveAccessibleDescription(
    "The price is more than 70 % below the original price: tick “Yes, sell at −85 %” if that is right, or correct the prices",
  );
  // Nothing typed is lost.
  await expect(field(add, "Name")).toHaveValue(name);
  await expect(field(add, "Price (₵)")).toHaveValue("209.99");
  await expect(field(add, "Original price (₵)")).toHaveValue("1399.99");
  await expectNoSeriousViolations(page, "the product form asking to confirm a deep discount", '[role="dialog"]');

  // A discount of 70 % or less needs no confirmation: the box goes.
  await field(add, "Price (₵)").fill("420");
  await expect(warning).toHaveCount(0);
  // Back to −85 %: the box is back, unticked.
  await field(add, "Price (₵)").fill("209.99");
  await expect(confirm).not.toBeChecked();
  await confirm.check();
  await add.getByRole("button", { name: "Create Product" }).click();
  await expect(toast(page, "Product created successfully")).toBeVisible();
  await expect(add).toBeHidden();
  const row = page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name }) });
  await expect(row).toContainText("₵209.99");
});
