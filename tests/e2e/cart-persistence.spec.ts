import { expect, test } from "@playwright/test";
import { addFromProductPage, cardNames, cartButton, cartPanel, expectCartCount, gotoHydrated, toast, waitForHydration } from "./support";

test("the cart survives a reload", async ({ page }) => {
  await addFromProductPage(page, 1, 2);
  await expectCartCount(page, 2);

  await page.reload();
  await waitForHydration(page);
  await expectCartCount(page, 2);
  await cartButton(page).click();
  const panel = cartPanel(page);
  await expect(panel).toHaveAccessibleName("Shopping Cart (1)");
  await expect(panel.getByRole("group", { name: "Quantity of Royal Kente Kaftan" })).toHaveText("2");
  await expect(panel.getByTestId("cart-total")).toHaveText("₵599.98");
});

test("the cart is shared with another tab, and changes in one tab show in the other", async ({ page, context }) => {
  await addFromProductPage(page, 1);
  await expectCartCount(page, 1);

  const second = await context.newPage();
  await gotoHydrated(second, "/");
  await expectCartCount(second, 1);

  // The second tab raises the quantity; the first tab follows without a reload.
  await cartButton(second).click();
  const secondPanel = cartPanel(second);
  await secondPanel.getByRole("button", { name: "Increase quantity of Royal Kente Kaftan" }).click();
  await expect(secondPanel.getByRole("group", { name: "Quantity of Royal Kente Kaftan" })).toHaveText("2");
  await expectCartCount(page, 2);

  // And the other way round: the first tab adds one more, the open panel in the second updates.
  await page.getByRole("button", { name: "Add to Cart - ₵299.99" }).click();
  await expect(toast(page, "Cart Updated", "Royal Kente Kaftan (Royal Gold, M) quantity increased to 3")).toBeVisible();
  await expect(secondPanel.getByRole("group", { name: "Quantity of Royal Kente Kaftan" })).toHaveText("3");
  await expectCartCount(second, 3);

  await secondPanel.getByRole("button", { name: "Clear Cart" }).click();
  await expectCartCount(page, 0);
  await second.close();
});

test("the wishlist heart saves a product and /wishlist lists it after a reload", async ({ page }) => {
  await gotoHydrated(page, "/product/1");
  await expect(page.getByRole("link", { name: "Wishlist, 0 saved" })).toBeVisible();
  await page.getByRole("button", { name: "Save Royal Kente Kaftan to wishlist" }).click();
  await expect(toast(page, "Saved to Wishlist", "Royal Kente Kaftan is in your wishlist")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove Royal Kente Kaftan from wishlist" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("link", { name: "Wishlist, 1 saved" })).toBeVisible();

  await page.getByRole("link", { name: "Wishlist, 1 saved" }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Wishlist" })).toBeVisible();
  await expect.poll(() => cardNames(page.getByRole("main"))).toEqual(["Royal Kente Kaftan"]);

  // Un-hearting on the wishlist page takes it off the list.
  await page.getByRole("button", { name: "Remove Royal Kente Kaftan from wishlist" }).click();
  await expect(page.getByText("Your wishlist is empty")).toBeVisible();
  await expect(page.getByRole("link", { name: "Wishlist, 0 saved" })).toBeVisible();
});

test("an empty /checkout says the cart is empty and Continue Shopping goes home", async ({ page }) => {
  await gotoHydrated(page, "/checkout");
  await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();
  const link = page.getByRole("main").getByRole("link", { name: "Continue Shopping" });
  await expect(link).toHaveAttribute("href", "/");
  await link.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Authentic Ghanaian Kaftans" })).toBeVisible();
});
