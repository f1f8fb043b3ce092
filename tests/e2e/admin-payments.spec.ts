import { expect, test, type Browser, type Page } from "@playwright/test";
import { startPaystackStandIn, type PaystackStandIn } from "../support/paystack-stand-in";
import { ADMIN_STATE, gotoAdmin, guestContext, placeGuestOrder, signInAfresh, uniqueGuest, waitForAdminHydration } from "./admin-support";
import { expectNoSeriousViolations } from "./axe";
import { E2E_ADMIN } from "./e2e-accounts";
import { startShop, type Shop } from "./start-shop";
import { addFromProductPage, gotoHydrated, signIn, toast } from "./support";

/**
 * The staff side of paying online: Settings → Payments and the dashboard's notice on the shared
 * shop (which has no Paystack keys), a Pay on Delivery refund recorded from the order details,
 * and, on a shop of its own connected to the local Paystack stand-in, a card payment refunded
 * through Paystack.
 */
test.use({ reducedMotion: "reduce", storageState: ADMIN_STATE });

async function choose(page: Page, select: string, option: string) {
  await page.getByRole("combobox", { name: select }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Opens the orders list on one order and its details dialog. */
async function openOrder(page: Page, orderNumber: string) {
  await gotoAdmin(page, `/admin/orders?q=${orderNumber}`);
  await page.getByRole("link", { name: `Details of ${orderNumber}` }).click();
  const dialog = page.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("without Paystack's keys", () => {
  test("Settings → Payments says not connected and how to connect; the hold time is checked and saved", async ({ page }) => {
    // Payment settings ask "Confirm it's you" on a sign-in over 15 minutes old (admin-two-factor.spec.ts).
    await signInAfresh(page);
    await gotoAdmin(page, "/admin/settings?tab=payments");
    await expect(page.getByRole("tab", { name: "Payments", selected: true })).toBeVisible();
    await expect(page.getByTestId("paystack-status")).toContainText("Not connected.");
    await expect(page.getByTestId("paystack-status")).toContainText("shoppers pay on delivery");
    await expect(page.getByRole("heading", { name: "How to connect Paystack" })).toBeVisible();
    await expect(page.getByText(/PAYSTACK_SECRET_KEY=sk_test_…/)).toBeVisible();
    await expect(page.getByText("Paying online", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: /Settings → API Keys & Webhooks/ })).toHaveAttribute("href", /dashboard\.paystack\.com/);
    await expect(page.getByLabel("Webhook URL")).toHaveValue(/^http:\/\/localhost:\d+\/api\/webhooks\/paystack$/);
    await expect(page.getByText("Paystack cannot reach this address from the internet.")).toBeVisible();
    await expectNoSeriousViolations(page, "/admin/settings (Payments)");

    const hold = page.getByLabel("Hold time (minutes)");
    await expect(hold).toHaveValue("30");
    await hold.fill("5");
    await page.getByRole("button", { name: "Save payment settings" }).click();
    await expect(hold).toHaveAttribute("aria-invalid", "true");
    await expect(hold).toHaveAccessibleDescription(/Enter the hold time in whole minutes, from 10 to 10080 \(7 days\)/);
    try {
      await hold.fill("45");
      await page.getByRole("button", { name: "Save payment settings" }).click();
      await expect(toast(page, "Settings saved")).toBeVisible();
      await page.reload();
      await waitForAdminHydration(page);
      await expect(page.getByLabel("Hold time (minutes)")).toHaveValue("45");
    } finally {
      await page.getByLabel("Hold time (minutes)").fill("30");
      await page.getByRole("button", { name: "Save payment settings" }).click();
      await expect(toast(page, "Settings saved")).toBeVisible();
    }
  });

  test("the dashboard says Card Payment and Mobile Money are off and leads to the Payments tab", async ({ page }) => {
    await gotoAdmin(page, "/admin");
    const notice = page.getByRole("region", { name: "Card Payment and Mobile Money are off" });
    await expect(notice).toContainText("Paystack is not connected, so shoppers can only pay on delivery.");
    await notice.getByRole("link", { name: "How to connect Paystack" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\?tab=payments$/);
    await expect(page.getByRole("tab", { name: "Payments", selected: true })).toBeVisible();
  });

  test("a Pay on Delivery refund is recorded from the order's details: partially refunded, with who and why", async ({ page, browser }) => {
    test.setTimeout(90_000);
    const shopperContext = await guestContext(browser);
    const guest = uniqueGuest("Kojo Refund");
    const orderNumber = await placeGuestOrder(await shopperContext.newPage(), guest, 5);
    await shopperContext.close();

    await gotoAdmin(page, `/admin/orders?q=${orderNumber}`);
    await choose(page, `Payment status of ${orderNumber}`, "Paid");
    await expect(toast(page, "Payment status updated")).toBeVisible();
    // Refunded is not a choice of the select: refunds go through the details.
    await page.getByRole("combobox", { name: `Payment status of ${orderNumber}` }).click();
    await expect(page.getByRole("option")).toHaveText(["Pending", "Paid", "Failed"]);
    await page.keyboard.press("Escape");

    const dialog = await openOrder(page, orderNumber);
    const payments = dialog.getByRole("region", { name: "Payments" });
    await expect(payments).toContainText("No online payment");
    const form = payments.getByRole("region", { name: "Record a refund" });
    await form.getByLabel("Amount (GHS)").fill("20.00");
    await form.getByRole("button", { name: "Record refund…" }).click();
    await expect(form.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
    await form.getByLabel("Reason").fill("One button was missing");
    await form.getByRole("button", { name: "Record refund…" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Record this refund?" });
    await expect(confirm).toContainText("₵20.00 to Kojo Refund");
    await expectNoSeriousViolations(page, "the refund confirmation", '[role="alertdialog"]');
    await confirm.getByRole("button", { name: "Record refund" }).click();
    await expect(toast(page, "Refund recorded")).toBeVisible();

    await expect(dialog.getByText("Partially refunded").first()).toBeVisible();
    const refunds = payments.getByRole("list", { name: "Refunds" });
    await expect(refunds).toContainText("₵20.00");
    await expect(refunds).toContainText("One button was missing");
    await expect(refunds).toContainText("Asked by");
    await expect(dialog.getByRole("region", { name: "Status history" })).toContainText("Refunded ₵20.00: One button was missing (by");
    await expectNoSeriousViolations(page, "the order details with a refund", '[role="dialog"]');
    await page.keyboard.press("Escape");

    // The list's payment filter knows the new statuses.
    await gotoAdmin(page, `/admin/orders?payment=partially_refunded&q=${orderNumber}`);
    await expect(page.getByLabel("Payment status", { exact: true })).toHaveValue("partially_refunded");
    await expect(page.getByRole("link", { name: `Details of ${orderNumber}` })).toBeVisible();
  });
});

test.describe("connected to the Paystack stand-in", () => {
  test.describe.configure({ mode: "serial" });
  const SECRET = "sk_test_e2eadminrefunds000000000";
  let paystack: PaystackStandIn;
  let shop: Shop;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    paystack = await startPaystackStandIn({ secretKey: SECRET });
    shop = await startShop({
      admin: E2E_ADMIN,
      env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_PUBLIC_KEY: "pk_test_e2eadminrefunds000000000", PAYSTACK_API_URL: paystack.url },
    });
    // Paystack settles a refund a little later: long enough to see it waiting for the event.
    paystack.setKnobs({ webhookUrl: `${shop.url}/api/webhooks/paystack`, refundDelayMs: 4_000 });
  });
  test.afterAll(async () => {
    await shop?.remove();
    await paystack?.close();
  });

  async function staffPage(browser: Browser): Promise<Page> {
    const context = await browser.newContext({ baseURL: shop.url, reducedMotion: "reduce", storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password, "/admin");
    await waitForAdminHydration(page);
    return page;
  }

  let refundedOrder = "";

  test("a card order paid through Paystack is refunded in part from its details: sent to Paystack, waiting for its event", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const shopperContext = await guestContext(browser);
    const shopper = await shopperContext.newPage();
    await addFromProductPage(shopper, 1, 1, shop.url);
    await gotoHydrated(shopper, `${shop.url}/checkout`);
    await shopper.getByLabel("Email", { exact: true }).fill("abena@example.com");
    await shopper.getByLabel("Full Name", { exact: true }).fill("Abena Boateng");
    await shopper.getByLabel("Phone", { exact: true }).fill("+233 24 765 0000");
    await shopper.getByLabel("Delivery Address").fill("9 Cantonments Road\nAccra");
    await shopper.getByLabel("Region").selectOption("GH-AA");
    await shopper.getByRole("radio", { name: /Card Payment/ }).check();
    await shopper.getByRole("button", { name: "Place Order" }).click();
    await shopper.waitForURL(`${paystack.url}/**`);
    await shopper.getByRole("button", { name: "Approve" }).click();
    await shopper.waitForURL(/\/order-confirmation\//);
    const orderNumber = (
      await shopper
        .getByText(/^ORD-\d{6}$/)
        .first()
        .innerText()
    ).trim();
    await shopperContext.close();

    const page = await staffPage(browser);
    await gotoAdmin(page, "/admin/settings?tab=payments");
    await expect(page.getByTestId("paystack-status")).toContainText("Connected, test mode.");
    await expect(page.getByText("sk_test_…")).toBeVisible();
    await expect(page.getByText(SECRET)).toHaveCount(0);
    await expect(page.getByText(paystack.url)).toBeVisible();

    const dialog = await openOrder(page, orderNumber);
    const payments = dialog.getByRole("region", { name: "Payments" });
    const attempts = payments.getByRole("list", { name: "Payment attempts" });
    await expect(attempts).toContainText("Visa •••• 4081");
    await expect(attempts).toContainText("Paid");
    await expect(attempts).toContainText("Approved");
    await expectNoSeriousViolations(page, "the order details of a card payment", '[role="dialog"]');

    const form = payments.getByRole("region", { name: "Refund through Paystack" });
    await form.getByLabel("Amount (GHS)").fill("100.00");
    await form.getByLabel("Reason").fill("Sleeves taken in at our cost");
    await form.getByRole("button", { name: "Refund…" }).click();
    await page.getByRole("alertdialog", { name: "Refund this payment?" }).getByRole("button", { name: "Refund" }).click();
    await expect(toast(page, "Refund sent to Paystack")).toBeVisible();
    const refunds = payments.getByRole("list", { name: "Refunds" });
    await expect(refunds).toContainText("₵100.00");
    await expect(refunds).toContainText("Waiting for Paystack");
    await expect(dialog.getByText("Paid", { exact: true }).first()).toBeVisible();
    // The form now offers what is left.
    await expect(payments.getByRole("region", { name: "Refund through Paystack" }).getByLabel("Amount (GHS)")).toHaveValue("229.99");
    refundedOrder = orderNumber;
  });

  // The stand-in sends a signed refund.processed to the shop's webhook, which settles the refund.
  test("Paystack's refund.processed event, through the webhook, makes the order partially refunded", async ({ browser }) => {
    expect(refundedOrder).not.toBe("");
    const page = await staffPage(browser);
    const dialog = await openOrder(page, refundedOrder);
    await expect
      .poll(
        async () => {
          await page.reload();
          await waitForAdminHydration(page);
          return dialog.getByRole("list", { name: "Refunds" }).innerText();
        },
        { timeout: 20_000 },
      )
      .toContain("Refunded");
    await expect(dialog.getByText("Partially refunded").first()).toBeVisible();
    await expect(dialog.getByRole("region", { name: "Status history" })).toContainText(
      "Refunded ₵100.00: Sleeves taken in at our cost (by",
    );
  });
});
