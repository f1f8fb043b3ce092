import { expect, test } from "@playwright/test";
import { ADMIN_STATE, gotoAdmin } from "./admin-support";

/**
 * A dialog opened from a list through its address (?code=new, app/components/admin/list/use-url-dialog.ts)
 * closes by going back to the list: once, however many times it is asked to before the list is
 * back (a double click on Cancel went back twice, past the list, to the page before it), and
 * again after Forward has reopened it.
 */
test.use({ reducedMotion: "reduce", storageState: ADMIN_STATE });

test("Cancel clicked twice goes back to the list, not past it; Forward reopens the dialog and it closes again", async ({ page }) => {
  await gotoAdmin(page, "/admin");
  await page.getByRole("link", { name: "Discounts" }).first().click();
  await page.waitForURL(/\/admin\/discounts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Discounts" })).toBeVisible();

  await page.getByRole("link", { name: "Create code" }).click();
  const dialog = page.getByRole("dialog", { name: "Create code" });
  await expect(dialog.getByLabel("Code", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/discounts\?code=new$/);

  await dialog.getByRole("button", { name: "Cancel" }).dblclick();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/discounts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Discounts" })).toBeVisible();

  await page.goForward();
  await expect(dialog.getByLabel("Code", { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/discounts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Discounts" })).toBeVisible();
});
