import fs from "node:fs";
import { expect, test, type Page, type Request } from "@playwright/test";
import { adminPage, gotoAdmin, guestContext, placeGuestOrder, uniqueGuest } from "./admin-support";
import { expectNoSeriousViolations } from "./axe";
import { e2eOutboxDir, emailText, gotoHydrated, toast, waitForOutboxEmail } from "./support";

/**
 * Fulfilment (issue 12, item 8): a guest buys the Ankara Heritage Shirt (product 5); staff mark
 * the order shipped with DHL and a tracking number, write an internal note and a message to the
 * customer (double-clicked: sent once), print the packing slip and invoice; the customer's
 * tracking page and order page show the parcel and the message, never the note.
 */
const PRODUCT_ID = 5;
const DHL_LINK = "https://www.dhl.com/gh-en/home/tracking/tracking-express.html?submit=1&tracking-id=";

async function openDetails(admin: Page, orderNumber: string) {
  await gotoAdmin(admin, `/admin/orders?q=${orderNumber}`);
  await admin.getByRole("link", { name: `Details of ${orderNumber}` }).click();
  const dialog = admin.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(dialog.getByRole("region", { name: "Shipping" })).toBeVisible({ timeout: 30_000 });
  return dialog;
}

test("staff ship with DHL and tracking, note, message and print; the customer's pages show the parcel and the message only", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const shopper = await (await guestContext(browser)).newPage();
  const guest = uniqueGuest("Kojo Asante");
  const orderNumber = await placeGuestOrder(shopper, guest, PRODUCT_ID);
  const orderPage = shopper.url();
  const itemName = (await shopper.getByRole("region", { name: "Items" }).getByRole("paragraph").first().textContent())!;
  const tracking = `JD01${Date.now().toString().slice(-8)}`;

  const admin = await adminPage(browser, "/admin/orders");
  const dialog = await openDetails(admin, orderNumber);
  const shipping = dialog.getByRole("region", { name: "Shipping" });
  // The customer's address with its region, the zone and the estimate kept with the order.
  const customer = dialog.getByRole("region", { name: "Customer", exact: true });
  await expect(customer).toContainText("Greater Accra, Ghana");
  await expect(customer).toContainText("Shipping zone");
  await expect(customer).toContainText("Delivery in 1–2 working days");

  // A link that is not https is refused in the form, before anything is sent.
  await shipping.getByLabel("Carrier").selectOption({ label: "DHL Express" });
  await shipping.getByLabel("Tracking number").fill(tracking);
  await shipping.getByLabel(/Tracking link/).fill("http://dhl.example/x");
  await shipping.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(shipping.getByText("Enter the tracking link as a full https:// address, or leave it empty")).toBeVisible();
  await shipping.getByLabel(/Tracking link/).fill("");
  await shipping.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(
    toast(admin, "Order shipped", "Marked shipped with DHL Express. The customer has been emailed the tracking details."),
  ).toBeVisible({ timeout: 30_000 });
  await expect(shipping.getByText(tracking, { exact: true })).toBeVisible();
  await expect(shipping.getByRole("link", { name: new RegExp(`^${DHL_LINK.replace(/[?.]/g, "\\$&")}${tracking}`) })).toBeVisible();

  // The shipped email names the carrier and number, with a link to follow the parcel.
  const shippedEmail = emailText(await waitForOutboxEmail(guest.email, "order-status"));
  expect(shippedEmail).toContain("Carrier: DHL Express");
  expect(shippedEmail).toContain(`Tracking number: ${tracking}`);
  expect(shippedEmail).toContain(`Track your parcel: ${DHL_LINK}${tracking}`);
  expect(shippedEmail).toContain("Delivery to Greater Accra, Ghana (Greater Accra zone): 1–2 working days from dispatch.");

  // An internal note, with who wrote it.
  const notes = dialog.getByRole("region", { name: "Staff notes" });
  await notes.getByLabel("Add a note").fill("Kente stole packed separately, fragile.");
  await notes.getByRole("button", { name: "Add note" }).click();
  await expect(toast(admin, "Note added")).toBeVisible();
  await expect(notes.getByRole("list", { name: "Staff notes" }).getByRole("listitem")).toHaveCount(1);
  await expect(notes.getByRole("listitem").first()).toContainText("Kente stole packed separately, fragile.");

  // A message to the customer, double-clicked: stored and emailed once.
  const messages = dialog.getByRole("region", { name: "Messages to the customer" });
  const message = `Your kaftan left Accra today (${tracking}). Enjoy it!`;
  await messages.getByLabel("Message to the customer").fill(message);
  // Every answer to the double click, whether the page sent it once or twice: once they are all
  // in, the messages stored (and the emails queued with them, in the same transaction) are final.
  const answers: Promise<unknown>[] = [];
  const onRequest = (request: Request) => request.method() === "POST" && answers.push(request.response());
  admin.on("request", onRequest);
  await messages.getByRole("button", { name: "Send message" }).dblclick();
  await expect(toast(admin, "Message sent")).toBeVisible();
  admin.off("request", onRequest);
  expect(answers.length).toBeGreaterThan(0);
  await Promise.all(answers);
  await expect(messages.getByRole("list", { name: "Messages to the customer" }).getByRole("listitem")).toHaveCount(1);
  // What the shop stored, read afresh: one message, so one email queued with it.
  const fresh = await admin.context().newPage();
  const freshMessages = (await openDetails(fresh, orderNumber)).getByRole("region", { name: "Messages to the customer" });
  await expect(freshMessages.getByRole("list", { name: "Messages to the customer" }).getByRole("listitem")).toHaveCount(1);
  await fresh.close();
  expect(emailText(await waitForOutboxEmail(guest.email, "order-message"))).toContain(message);
  const messageEmails = fs.readdirSync(e2eOutboxDir()).filter((f) => f.includes("-order-message-") && f.endsWith(`${guest.email}.eml`));
  expect(messageEmails).toHaveLength(1);
  await expectNoSeriousViolations(admin, "the order details dialog with fulfilment", '[role="dialog"]');

  // The packing slip and the invoice open in a new tab, as printable pages.
  const [slip] = await Promise.all([admin.context().waitForEvent("page"), shipping.getByRole("link", { name: /Packing slip/ }).click()]);
  await slip.waitForLoadState();
  await expect(slip.getByRole("heading", { name: "Packing slip", level: 1 })).toBeVisible();
  await expect(slip.getByText(orderNumber, { exact: true })).toBeVisible();
  const slipItems = slip.getByRole("table", { name: `Items of order ${orderNumber}` });
  await expect(slipItems.getByRole("columnheader")).toHaveText(["Packed✓", "Item", "Colour", "Size", "Qty"]);
  await expect(slipItems).toContainText(itemName);
  await expect(slip.locator("main")).not.toContainText("₵");
  await expect(slip.getByRole("region", { name: "Ship to" })).toContainText("12 Independence Avenue, Ridge");
  // Where it goes and how long it takes, as recorded at checkout.
  await expect(slip.getByRole("region", { name: "Ship to" })).toContainText("Greater Accra, Ghana");
  await expect(slip.getByRole("region", { name: "Ship to" })).toContainText("Shipping: Greater Accra zone · 1–2 working days");
  await expectNoSeriousViolations(slip, "the packing slip");

  const [invoice] = await Promise.all([admin.context().waitForEvent("page"), shipping.getByRole("link", { name: /Invoice/ }).click()]);
  await invoice.waitForLoadState();
  await expect(invoice.getByRole("heading", { name: "Invoice", level: 1 })).toBeVisible();
  const invoiceItems = invoice.getByRole("table", { name: `Items of order ${orderNumber}, with prices in GHS` });
  await expect(invoiceItems.getByRole("columnheader")).toHaveText(["Item", "Qty", "Unit price", "Amount"]);
  await expect(invoiceItems).toContainText(itemName);
  const shopperTotal = (await shopper.getByTestId("order-total").textContent())!.trim();
  await expect(invoice.locator("main")).toContainText(shopperTotal);
  await expect(invoice.getByRole("region", { name: "Payment" })).toContainText("Pay on Delivery");
  await expectNoSeriousViolations(invoice, "the invoice");

  // The guest's tracking lookup shows carrier, number and link, and the message; never the note.
  await gotoHydrated(shopper, "/track-order");
  await shopper.getByLabel("Order number").fill(orderNumber);
  await shopper.getByLabel("Email used at checkout").fill(guest.email);
  await shopper.getByRole("button", { name: "Track Order" }).click();
  const parcel = shopper.getByRole("region", { name: "Your Parcel" });
  await expect(parcel).toContainText("DHL Express");
  await expect(parcel).toContainText(tracking);
  await expect(parcel.getByRole("link", { name: /Track your parcel/ })).toHaveAttribute("href", `${DHL_LINK}${tracking}`);
  await expect(shopper.getByRole("region", { name: "Messages from Us" })).toContainText(message);
  await expect(shopper.locator("main")).not.toContainText("packed separately");
  await expectNoSeriousViolations(shopper, "the tracking page with a parcel");

  // The order page (the confirmation link) shows them too.
  await gotoHydrated(shopper, orderPage);
  await expect(shopper.getByRole("region", { name: "Your Parcel" })).toContainText(tracking);
  await expect(shopper.getByRole("region", { name: "Messages from Us" })).toContainText(message);
  await expect(shopper.locator("main")).not.toContainText("packed separately");

  // Printable pages are for staff only: a visitor is sent to sign in.
  const invoicePath = new URL(invoice.url()).pathname;
  await shopper.goto(invoicePath);
  await expect(shopper).toHaveURL(/\/auth/);

  // On a phone, the dialog with its new sections fits the screen and passes axe.
  await admin.setViewportSize({ width: 390, height: 844 });
  const phoneDialog = await openDetails(admin, orderNumber);
  await phoneDialog.getByRole("region", { name: "Staff notes" }).scrollIntoViewIfNeeded();
  const overflow = await phoneDialog.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await phoneDialog.getByRole("button", { name: "Edit tracking" }).click();
  await expect(phoneDialog.getByRole("button", { name: "Save tracking" })).toBeVisible();
  expect(await phoneDialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(admin, "the order details dialog on a phone", '[role="dialog"]');
});
