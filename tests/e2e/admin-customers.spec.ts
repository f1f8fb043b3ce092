import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { adminPage, placeGuestOrder, uniqueGuest } from "./admin-support";
import { expectNoSeriousViolations } from "./axe";

/**
 * A guest orders twice under one email (product 2, ₵799.99; product 5, ₵189.99 + ₵30
 * shipping), paying on delivery: the Customers page finds them by email as one customer with
 * 2 orders, nothing spent yet (docs/decisions/031: spent is what was paid, minus refunds) and
 * ₵1,019.98 outstanding, and the dialog shows the statistics and both orders.
 */
test("an admin finds a guest customer by email, with their orders, statistics and export", async ({ page: shopper, browser }) => {
  test.setTimeout(120_000);
  const guest = uniqueGuest("Akua Mensima");
  const first = await placeGuestOrder(shopper, guest, 2);
  const second = await placeGuestOrder(shopper, { ...guest, email: guest.email.toUpperCase() }, 5);

  const admin = await adminPage(browser, "/admin/customers");
  await expect(admin.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
  for (const card of ["Total Customers", "Total Revenue", "Avg Order Value", "Repeat Customers"]) {
    await expect(admin.getByRole("region", { name: card })).toBeVisible();
  }
  await expectNoSeriousViolations(admin, "/admin/customers");

  // The email as typed at the second checkout was upper case: still one customer.
  await admin.getByLabel("Search", { exact: true }).fill(guest.email);
  await admin.getByRole("button", { name: "Search", exact: true }).click();
  await expect(admin).toHaveURL(/\?q=/);
  const rows = admin.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(2);
  const row = rows.nth(1);
  await expect(row.getByRole("rowheader")).toContainText(guest.name);
  await expect(row.getByRole("rowheader")).toContainText("Guest");
  await expect(row.getByRole("rowheader")).toContainText(guest.phone);
  // docs/product-rules.md: the address cut to 30 characters, on one line.
  await expect(row.getByRole("rowheader")).toContainText("12 Independence Avenue, Ridge…");
  await expect(row.getByRole("cell").nth(0)).toHaveText("2");
  await expect(row.getByRole("cell").nth(1)).toContainText("₵0.00");
  await expect(row.getByRole("cell").nth(1)).toContainText("avg ₵0.00");

  await admin.getByRole("link", { name: `Details of ${guest.name}` }).click();
  const dialog = admin.getByRole("dialog", { name: guest.name });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Guest customer");
  const stats = dialog.getByRole("region", { name: "Statistics" });
  await expect(stats.getByRole("definition").nth(0)).toHaveText("2");
  await expect(stats.getByRole("definition").nth(1)).toHaveText("₵0.00");
  await expect(stats.getByRole("definition").nth(2)).toHaveText("₵0.00");
  await expect(stats.getByRole("definition").nth(3)).toHaveText("₵1,019.98"); // Outstanding
  await expect(stats.getByRole("definition").nth(4)).toHaveText("0"); // Cancelled
  await expect(stats.getByRole("definition").nth(5)).toHaveText("₵0.00"); // Refunded
  await stats.evaluate((el) => el.scrollIntoView({ block: "start" }));
  await admin.screenshot({ path: "test-results/customer-details-statistics-1440.png" });
  const history = dialog.getByRole("table", { name: `Orders of ${guest.name}, newest first` });
  await expect(history.getByRole("row")).toHaveCount(3);
  await expect(history.getByRole("row").nth(1)).toContainText(second);
  await expect(history.getByRole("row").nth(1)).toContainText("GHS 219.99");
  await expect(history.getByRole("row").nth(2)).toContainText(first);
  await expect(history.getByRole("row").nth(2)).toContainText("GHS 799.99");
  await expect(history.getByRole("row").nth(2)).toContainText("Processing");
  await expect(history.getByRole("row").nth(2)).toContainText("Pending");
  await expectNoSeriousViolations(admin, "the customer details dialog");

  // The order number opens that order on the Orders page.
  await history.getByRole("link", { name: first }).click();
  await expect(admin).toHaveURL(/\/admin\/orders\?q=ORD-\d{6}&order=/);
  await expect(admin.getByRole("dialog", { name: `Order ${first}` })).toBeVisible();
  await admin.goBack();
  await expect(admin.getByRole("dialog", { name: guest.name })).toBeVisible();
  await admin.keyboard.press("Escape");
  await expect(admin.getByRole("dialog")).toBeHidden();

  const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
  // Only the customer the search found (the address is a quoted field with a line break).
  const csv = fs.readFileSync(await download.path(), "utf8").toLowerCase();
  expect(csv.split("@example.com")).toHaveLength(2);
  expect(csv).toContain(guest.email);
  expect(csv).toContain(",guest,2,0,0.00,0.00,");
});
