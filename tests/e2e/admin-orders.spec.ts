import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { adminPage, placeGuestOrder, uniqueGuest, waitForAdminHydration } from "./admin-support";
import { expectNoSeriousViolations } from "./axe";
import { gotoHydrated, toast } from "./support";

/**
 * A guest buys the Manhyia Royal Agbada (product 22: ₵2,499.99, two or so of each colour and size,
 * so the product page says "Only N left in Emerald, M", the variant it opens on); the admin finds the order, ships it, marks it paid, the
 * customer's tracking page follows, and cancelling it puts the piece back in stock.
 * No other browser test buys product 22.
 */
const PRODUCT = { id: 22, name: "Manhyia Royal Agbada", price: "₵2,499.99" };

function orderRow(page: Page, orderNumber: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: orderNumber, exact: true }) });
}

async function choose(page: Page, select: string, option: string) {
  await page.getByRole("combobox", { name: select }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function stockNote(page: Page): Promise<string> {
  await gotoHydrated(page, `/product/${PRODUCT.id}`);
  return (await page.getByText(/^Only \d+ left in /).textContent()) ?? "";
}

test("an admin finds a guest's order, ships it, marks it paid, exports it and cancels it", async ({ page: shopper, browser }) => {
  test.setTimeout(120_000);
  const before = await stockNote(shopper);
  const stockBefore = Number(/\d+/.exec(before)![0]);

  const guest = uniqueGuest("Yaw Frimpong");
  const orderNumber = await placeGuestOrder(shopper, guest, PRODUCT.id);

  const admin = await adminPage(browser, "/admin/orders");
  await expect(admin.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  for (const card of ["Total Orders", "Total Revenue", "Pending Orders", "Paid Orders"]) {
    await expect(admin.getByRole("region", { name: card })).toBeVisible();
  }
  // Newest first: the order is on the first page with its amount and currency.
  const row = orderRow(admin, orderNumber);
  await expect(row).toContainText(guest.name);
  await expect(row).toContainText(guest.email);
  await expect(row).toContainText("GHS 2,499.99");
  await expect(admin.getByRole("combobox", { name: `Order status of ${orderNumber}` })).toHaveText("Processing");
  await expect(admin.getByRole("combobox", { name: `Payment status of ${orderNumber}` })).toHaveText("Pending");
  await expectNoSeriousViolations(admin, "/admin/orders");

  // A search shorter than three characters is explained, not run.
  await admin.getByLabel("Search", { exact: true }).fill("Ya");
  await admin.getByRole("button", { name: "Search", exact: true }).click();
  await expect(admin.getByText("Type at least 3 characters to search, or a whole order number such as ORD-123456.")).toBeVisible();
  await expect(admin.getByRole("heading", { name: "Search is too short" })).toBeVisible();

  // Search by the order number: that order alone, and the search is in the URL.
  await admin.getByLabel("Search", { exact: true }).fill(orderNumber.toLowerCase());
  await admin.getByRole("button", { name: "Search", exact: true }).click();
  await expect(admin).toHaveURL(new RegExp(`q=${orderNumber.toLowerCase()}`));
  await expect(admin.getByRole("table").getByRole("row")).toHaveCount(2);
  await expect(orderRow(admin, orderNumber)).toBeVisible();
  await expect(admin.getByText("Showing 1–1 of 1 orders")).toBeVisible();

  // Status and payment save at once.
  await choose(admin, `Order status of ${orderNumber}`, "Shipped");
  await expect(toast(admin, "Order status updated", `${orderNumber} is now Shipped. The customer has been emailed.`)).toBeVisible();
  await choose(admin, `Payment status of ${orderNumber}`, "Paid");
  await expect(toast(admin, "Payment status updated", `${orderNumber} payment is now Paid.`)).toBeVisible();
  await admin.reload();
  await waitForAdminHydration(admin);
  await expect(admin.getByRole("combobox", { name: `Order status of ${orderNumber}` })).toHaveText("Shipped");
  await expect(admin.getByRole("combobox", { name: `Payment status of ${orderNumber}` })).toHaveText("Paid");

  // A change that cannot reach the shop says so and puts the select back.
  await admin.route("**/admin/orders.data**", (route) => (route.request().method() === "POST" ? route.abort() : route.fallback()));
  await choose(admin, `Order status of ${orderNumber}`, "Delivered");
  await expect(toast(admin, "Failed to update order")).toBeVisible();
  await expect(admin.getByRole("combobox", { name: `Order status of ${orderNumber}` })).toHaveText("Shipped");
  await admin.unrouteAll();

  // The customer's tracking page shows the new status.
  await gotoHydrated(shopper, "/track-order");
  await shopper.getByLabel("Order number").fill(orderNumber);
  await shopper.getByLabel("Email used at checkout").fill(guest.email);
  await shopper.getByRole("button", { name: "Track Order" }).click();
  const timeline = shopper.getByRole("heading", { name: "Order Status Timeline" }).locator("..");
  await expect(timeline.getByRole("listitem").first()).toContainText("shipped");
  await expect(timeline).toContainText("Payment received");
  // The order took one piece (status changes refresh the storefront's cached pages).
  expect(await stockNote(shopper)).toBe(before.replace(/\d+/, String(stockBefore - 1)));

  // The details dialog: the items as a table, totals, and who changed what.
  await admin.getByRole("link", { name: `Details of ${orderNumber}` }).click();
  const dialog = admin.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(guest.phone);
  await expect(dialog).toContainText("12 Independence Avenue, Ridge");
  await expect(dialog).toContainText("Pay on Delivery");
  const items = dialog.getByRole("table", { name: `Items of order ${orderNumber}` });
  await expect(items.getByRole("columnheader")).toHaveText(["Item", "Colour", "Size", "Qty", "Unit price", "Line total"]);
  const line = items.getByRole("row").filter({ has: admin.getByRole("rowheader", { name: PRODUCT.name }) });
  await expect(line.getByRole("cell")).toHaveText(["Emerald", "M", "1", PRODUCT.price, PRODUCT.price]);
  await expect(items.getByRole("row", { name: /Shipping/ })).toContainText("Free");
  await expect(items.getByRole("row", { name: /^Total/ })).toContainText(`${PRODUCT.price} GHS`);
  const history = dialog.getByRole("region", { name: "Status history" }).getByRole("listitem");
  await expect(history.first()).toContainText("Payment received");
  await expect(history.first()).toContainText("By admin");
  await expect(history.last()).toContainText("Order placed");
  await expect(history.last()).toContainText("By the customer (guest checkout)");
  await expectNoSeriousViolations(admin, "the order details dialog");
  await admin.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // The CSV export carries the search: this order only.
  const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
  const lines = csv.trim().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(orderNumber);
  expect(lines[1]).toContain(guest.email);
  expect(lines[1]).toContain("Shipped,Paid,Pay on Delivery,GHS,2499.99");

  // Cancelling returns the piece to stock.
  await choose(admin, `Order status of ${orderNumber}`, "Cancelled");
  await expect(toast(admin, "Order status updated", `${orderNumber} is now Cancelled.`)).toBeVisible();
  expect(await stockNote(shopper)).toBe(before);
});

/** What the filter case buys: no other browser test buys product 8, and its orders end cancelled (their stock returned). */
const FILTERED_PRODUCT = 8;

test("filters live in the URL, list the orders that match and only those; an unknown order link says so", async ({
  page: shopper,
  browser,
}) => {
  test.setTimeout(120_000);
  // Two orders of its own, so the filters have something to find on a fresh shop: both cancelled, one's payment failed.
  const failedOrder = await placeGuestOrder(shopper, uniqueGuest("Akosua Boateng"), FILTERED_PRODUCT);
  const pendingOrder = await placeGuestOrder(shopper, uniqueGuest("Kwame Asante"), FILTERED_PRODUCT);
  const admin = await adminPage(browser, "/admin/orders");
  await choose(admin, `Payment status of ${failedOrder}`, "Failed");
  await expect(toast(admin, "Payment status updated", `${failedOrder} payment is now Failed.`)).toBeVisible();
  for (const orderNumber of [failedOrder, pendingOrder]) {
    await choose(admin, `Order status of ${orderNumber}`, "Cancelled");
    await expect(toast(admin, "Order status updated", `${orderNumber} is now Cancelled.`)).toBeVisible();
  }

  await admin.getByLabel("Order status", { exact: true }).selectOption("cancelled");
  await expect(admin).toHaveURL(/status=cancelled/);
  await expect(orderRow(admin, failedOrder)).toBeVisible();
  await expect(orderRow(admin, pendingOrder)).toBeVisible();
  await admin.getByLabel("Payment status", { exact: true }).selectOption("failed");
  await expect(admin).toHaveURL(/status=cancelled&payment=failed/);
  await expect(orderRow(admin, failedOrder)).toBeVisible();
  await expect(orderRow(admin, pendingOrder)).toBeHidden();
  // Every row listed matches both filters.
  for (const select of await admin.getByRole("combobox", { name: /^Order status of/ }).all()) await expect(select).toHaveText("Cancelled");
  for (const select of await admin.getByRole("combobox", { name: /^Payment status of/ }).all()) await expect(select).toHaveText("Failed");

  await admin.goBack();
  await expect(admin).toHaveURL(/\/admin\/orders\?status=cancelled$/);
  await expect(admin.getByLabel("Payment status", { exact: true })).toHaveValue("");
  await expect(orderRow(admin, pendingOrder)).toBeVisible();

  await admin.goto("/admin/orders?order=00000000-0000-4000-8000-000000000000");
  await expect(admin.getByRole("dialog", { name: "Order not found" })).toBeVisible();
});
