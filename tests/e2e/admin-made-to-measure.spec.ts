import { expect, test } from "@playwright/test";
import { adminPage, guestContext, uniqueGuest } from "./admin-support";
import { expectNoSeriousViolations } from "./axe";
import { MEASUREMENTS_LINE, placeMadeToMeasureOrder } from "./made-to-measure-support";

/** A guest's made-to-measure suit reaches the admin's order details and the printed packing slip with its measurements. */
test("the admin's order details and packing slip show the measurements and the production time", async ({ browser }) => {
  test.setTimeout(120_000);
  const shopper = await (await guestContext(browser)).newPage();
  const guest = uniqueGuest("Kojo Bespoke");
  const orderNumber = await placeMadeToMeasureOrder(shopper, guest);

  const admin = await adminPage(browser, `/admin/orders?q=${orderNumber}`);
  await admin.getByRole("link", { name: `Details of ${orderNumber}` }).click();
  const dialog = admin.getByRole("dialog", { name: `Order ${orderNumber}` });
  const items = dialog.getByRole("table", { name: `Items of order ${orderNumber}` });
  await expect(items).toContainText(MEASUREMENTS_LINE);
  await expect(items).toContainText("Made in 15 working days · includes ₵150.00 for making to measure");
  await expect(items.getByRole("cell", { name: "Made to measure", exact: true })).toBeVisible();
  await expectNoSeriousViolations(admin, "order details with a made-to-measure line");

  // The packing slip goes to the workshop: the measurements are on it.
  const orderId = new URL(admin.url()).searchParams.get("order");
  await admin.goto(`/admin/orders/${orderId}/packing-slip`);
  await expect(admin.getByRole("table")).toContainText(MEASUREMENTS_LINE);
  await expect(admin.getByRole("table")).toContainText("Made in 15 working days");
});
