import { expect, test } from "@playwright/test";
import { createVerifiedCustomer, gotoHydrated, signIn } from "./support";

/**
 * Issue 12, item 7: a signed-in shopper's wishlist is kept on the account (docs/product-rules.md §13 "Wishlist"), so it
 * follows them to another device; what they saved as a guest on this device joins it once.
 */
test("the wishlist follows a signed-in shopper to another device, with what they saved as a guest", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  // As a guest: one piece saved on this device.
  await gotoHydrated(page, "/product/3");
  await page.getByRole("button", { name: "Save Adinkra Embroidered Kaftan to wishlist" }).click();
  await expect(page.getByRole("button", { name: "Remove Adinkra Embroidered Kaftan from wishlist" })).toBeVisible();

  // Signs up and verifies (the link signs this browser in): the device's piece joins the account.
  const email = `efua-wish-${Date.now()}@example.com`;
  await createVerifiedCustomer(page.request, baseURL!, email, "efua-pass-1");
  await gotoHydrated(page, "/product/7");
  await page.getByRole("button", { name: "Save Osu Linen Kaftan to wishlist" }).click();
  await gotoHydrated(page, "/wishlist");
  await expect(page.getByText("Pieces saved to your account, on every device you sign in on.")).toBeVisible();
  await expect(page.getByRole("article", { name: "Osu Linen Kaftan" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Adinkra Embroidered Kaftan" })).toBeVisible();

  // Another device: signing in shows the same two pieces, and a heart removed there is gone here.
  const laptop = await browser.newContext();
  try {
    const other = await laptop.newPage();
    await signIn(other, email, "efua-pass-1", "/wishlist");
    await expect(other.getByRole("article")).toHaveCount(2);
    await other.getByRole("button", { name: "Remove Osu Linen Kaftan from wishlist" }).click();
    await expect(other.getByRole("article")).toHaveCount(1);
  } finally {
    await laptop.close();
  }
  await gotoHydrated(page, "/wishlist");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article", { name: "Adinkra Embroidered Kaftan" })).toBeVisible();

  // Signed out, this device's own list is empty again: the pieces are the account's.
  await page.context().clearCookies();
  await gotoHydrated(page, "/wishlist");
  await expect(page.getByText("Your wishlist is empty")).toBeVisible();
});
