import { expect, test } from "@playwright/test";
import { addFromProductPage, createVerifiedCustomer, gotoHydrated, toast } from "./support";

/**
 * Issue 4 for signed-in customers: the checkout fills in their email and links the order to
 * the account; /track-order lists their recent orders and opens one without the email.
 */
test("a signed-in customer's order appears in Your Recent Orders and opens without the email", async ({ page, baseURL }) => {
  const email = `abena-${Date.now()}@example.com`;
  // page.request shares the browser's cookies: the verification link signs the browser in.
  await createVerifiedCustomer(page.request, baseURL!, email, "abena-pass-1");

  await addFromProductPage(page, 2);
  await gotoHydrated(page, "/checkout");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await page.getByLabel("Full Name", { exact: true }).fill("Abena Boateng");
  await page.getByLabel("Phone", { exact: true }).fill("+233 24 555 0101");
  await page.getByLabel("Delivery Address").fill("22 Independence Avenue, Accra");
  await page.getByLabel("Region").selectOption("GH-AA");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(toast(page, "Order placed successfully!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  const orderNumber = (
    await page
      .getByText(/^ORD-\d{6}$/)
      .first()
      .innerText()
  ).trim();

  await gotoHydrated(page, "/track-order");
  const recent = page.getByRole("region", { name: "Your Recent Orders" });
  await expect(recent).toBeVisible();
  await recent.getByRole("button", { name: new RegExp(orderNumber) }).click();
  await expect(toast(page, "Order found!", `Order ${orderNumber} details loaded.`)).toBeVisible();
  await expect(page.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Order Status Timeline" })).toBeVisible();
  await expect(page.getByText("₵799.99").first()).toBeVisible();
});

test("guests see no Your Recent Orders card, only the tracking form", async ({ page }) => {
  await gotoHydrated(page, "/track-order");
  await expect(page.getByText("Enter your order number to track your order status.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your Recent Orders" })).toHaveCount(0);
});

test("a signed-in customer's pages are never served to anyone else (the page cache skips them)", async ({ page, baseURL, browser }) => {
  const email = `yaw-${Date.now()}@example.com`;
  await createVerifiedCustomer(page.request, baseURL!, email, "yaw-pass-1");
  for (const path of ["/", "/collections/kaftans", "/product/3"]) {
    await gotoHydrated(page, path);
    await expect(page.getByRole("banner").getByRole("button", { name: `Account menu, signed in as ${email}` })).toBeVisible();
  }

  // A guest asking for the same pages moments later gets the signed-out header and no email.
  const guest = await browser.newContext();
  try {
    for (const path of ["/", "/collections/kaftans", "/product/3"]) {
      const response = await guest.request.get(path);
      expect(await response.text(), path).not.toContain(email);
    }
    const guestPage = await guest.newPage();
    await gotoHydrated(guestPage, "/");
    await expect(guestPage.getByRole("banner").getByRole("link", { name: "Account: sign in" })).toBeVisible();
  } finally {
    await guest.close();
  }
});
