import AxeBuilder from "@axe-core/playwright";
import { expect, request as playwrightRequest, test, type Browser, type Page } from "@playwright/test";
import fs from "node:fs";
import { E2E_ADMIN } from "./e2e-accounts";
import { activeProducts, addFromProductPage, createVerifiedCustomer, gotoHydrated, parseCedis, signIn, toast } from "./support";

/**
 * Admin dashboard, settings and diagnostic: figures that match the shop, settings that persist
 * and take effect on the storefront, admin users with SPEC.md's rules and alerts, and an
 * accessible page for each. The e2e shop is shared with other specs running at the same time,
 * so figures are compared as "went up by at least", and every setting changed is put back.
 */
test.use({ reducedMotion: "reduce" });

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const shopVersion = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { version: string }).version;

async function expectNoSeriousViolations(page: Page, label: string) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map(
    (v) => `- ${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}: ${n.html.slice(0, 160)}`).join("\n")}`,
  );
  expect(serious.length, `axe found serious or critical violations on ${label}:\n${report.join("\n")}\n`).toBe(0);
}

/** Waits until React handles clicks on the admin page (the header's sidebar toggle is hydrated). */
async function waitForAdminHydration(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector('button[aria-label="Toggle sidebar"]');
    return button !== null && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
}

async function openAdmin(page: Page, url: string) {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password, url);
  await waitForAdminHydration(page);
}

async function gotoAdmin(page: Page, url: string) {
  await page.goto(url);
  await waitForAdminHydration(page);
}

/** The figure of a dashboard card ("Total Orders" → 12). */
async function cardFigure(page: Page, label: string): Promise<number> {
  const text = await page.getByRole("region", { name: label, exact: true }).locator("p").first().innerText();
  return Number(text.replace(/[^\d]/g, ""));
}

/** A guest places a small pay-on-delivery order on the storefront; returns its number and total. */
async function placeGuestOrder(browser: Browser): Promise<{ orderNumber: string; total: number }> {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  const shopper = await context.newPage();
  try {
    await addFromProductPage(shopper, 5);
    await gotoHydrated(shopper, "/checkout");
    await shopper.getByLabel("Email", { exact: true }).fill("dashboard-check@example.com");
    await shopper.getByLabel("Full Name", { exact: true }).fill("Esi Dashboard");
    await shopper.getByLabel("Phone", { exact: true }).fill("+233 24 000 1111");
    await shopper.getByLabel("Delivery Address").fill("5 Independence Avenue, Accra");
    const total = parseCedis(await shopper.getByTestId("summary-total").innerText());
    await shopper.getByRole("button", { name: "Place Order" }).click();
    await expect(shopper).toHaveURL(/\/order-confirmation\//);
    const orderNumber = (
      await shopper
        .getByText(/^ORD-\d{6}$/)
        .first()
        .innerText()
    ).trim();
    return { orderNumber, total };
  } finally {
    await context.close();
  }
}

test.describe("admin dashboard", () => {
  test("the cards match the shop, and a new storefront order shows in the figures, the chart and Recent Activity", async ({
    page,
    browser,
  }) => {
    await openAdmin(page, "/admin");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

    // Total Products counts the active products; the seed's active ones are all there (other
    // specs may add products of their own while this runs).
    const region = (name: string) => page.getByRole("region", { name, exact: true });
    await expect(region("Total Products")).toContainText("Active products in inventory");
    expect(await cardFigure(page, "Total Products")).toBeGreaterThanOrEqual(activeProducts().length);
    await expect(region("Total Orders")).toContainText("All time orders");
    await expect(region("Customers")).toContainText("Unique customers");
    await expect(region("Revenue")).toContainText(/GHS [\d,]+\.\d{2}/);
    await expect(region("Revenue")).toContainText("Paid orders");
    await expect(region("Revenue")).toContainText("All orders");
    await expect(page.getByRole("img", { name: "Revenue per day, last 30 days" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Add product/ })).toHaveAttribute("href", "/admin/products?new=1");
    await expect(page.getByRole("link", { name: /View pending orders/ })).toHaveAttribute("href", "/admin/orders?status=processing");
    await expectNoSeriousViolations(page, "/admin");

    const ordersBefore = await cardFigure(page, "Total Orders");
    const { orderNumber, total } = await placeGuestOrder(browser);

    await gotoAdmin(page, "/admin");
    expect(await cardFigure(page, "Total Orders")).toBeGreaterThanOrEqual(ordersBefore + 1);
    await expect(page.getByTestId("pending-orders")).toContainText(/[1-9][\d,]* orders? in processing/);
    // The order is in Recent Activity, linking to the orders page searching for it.
    const activity = page.getByRole("list", { name: "Recent activity" });
    await expect(activity.getByRole("link", { name: orderNumber })).toHaveAttribute("href", `/admin/orders?q=${orderNumber}`);
    await expect(activity.getByRole("listitem").filter({ hasText: orderNumber })).toContainText("New order from Esi Dashboard");
    // Today's bar (the chart's table for screen readers) holds at least this order's total.
    const chartTable = page.getByRole("table", { name: /Revenue per day/, includeHidden: true });
    const today = chartTable.getByRole("row", { includeHidden: true }).last();
    const todayRevenue = parseCedis((await today.getByRole("cell", { includeHidden: true }).first().textContent()) ?? "");
    expect(todayRevenue).toBeGreaterThanOrEqual(total);
  });
});

test.describe("admin settings", () => {
  test("General: errors under fields, the currency warning, and a shipping fee that is saved and charged on the storefront", async ({
    page,
    browser,
  }) => {
    await openAdmin(page, "/admin/settings");
    await expect(page.getByRole("tab", { name: "General", selected: true })).toBeVisible();
    await expectNoSeriousViolations(page, "/admin/settings (General)");

    const fee = page.getByLabel("Shipping fee", { exact: true });
    await expect(fee).toHaveValue("50.00");

    // A bad amount is refused with a message under the field; nothing is saved.
    await fee.fill("fifty");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(fee).toHaveAttribute("aria-invalid", "true");
    await expect(fee).toHaveAccessibleDescription(/Enter the shipping fee as an amount with at most two decimals/);

    // Changing the currency warns that prices are not converted (not saved here).
    const currency = page.getByLabel("Store currency");
    await currency.selectOption("USD");
    await expect(page.getByRole("status").filter({ hasText: "Prices are not converted" })).toBeVisible();
    await currency.selectOption("GHS");
    await expect(page.getByText("Prices are not converted")).toHaveCount(0);

    try {
      await fee.fill("75.00");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(toast(page, "Settings saved")).toBeVisible();
      await page.reload();
      await waitForAdminHydration(page);
      await expect(page.getByLabel("Shipping fee", { exact: true })).toHaveValue("75.00");

      // A small cart on the storefront now pays ₵75.00 shipping.
      const context = await browser.newContext({ reducedMotion: "reduce" });
      const shopper = await context.newPage();
      await addFromProductPage(shopper, 5);
      await gotoHydrated(shopper, "/checkout");
      await expect(shopper.getByTestId("summary-shipping")).toHaveText("₵75.00");
      await context.close();
    } finally {
      // Other specs expect the default ₵50.00.
      await gotoAdmin(page, "/admin/settings");
      await page.getByLabel("Shipping fee", { exact: true }).fill("50.00");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(toast(page, "Settings saved")).toBeVisible();
    }
  });

  test("Admin Users: Add Admin waits for an email, unknown emails are refused, your own row cannot be removed, others can", async ({
    page,
    baseURL,
  }) => {
    await openAdmin(page, "/admin/settings?tab=admins");
    await expect(page.getByRole("tab", { name: "Admin Users", selected: true })).toBeVisible();
    await expectNoSeriousViolations(page, "/admin/settings?tab=admins");

    const add = page.getByRole("button", { name: "Add Admin" });
    const email = page.getByLabel("Email of the account to make admin");
    await expect(add).toBeDisabled();
    await email.fill("   ");
    await expect(add).toBeDisabled();

    await email.fill(`nobody-${Date.now()}@example.com`);
    await add.click();
    await expect(toast(page, "Failed to add admin: No account with this email. Ask them to sign up first.")).toBeVisible();

    const ownRow = page.getByRole("row").filter({ hasText: E2E_ADMIN.email });
    await expect(ownRow).toContainText("You");
    await expect(ownRow.getByRole("button")).toHaveCount(0);

    // A real account becomes an admin, then is removed behind SPEC.md's confirmation.
    const colleague = `colleague-${Date.now()}@example.com`;
    const api = await playwrightRequest.newContext({ baseURL });
    await createVerifiedCustomer(api, baseURL!, colleague, "colleague-pass-1");
    await api.dispose();
    await email.fill(colleague);
    await add.click();
    await expect(toast(page, "Successfully added admin user")).toBeVisible();
    await expect(email).toHaveValue("");
    const row = page.getByRole("row").filter({ hasText: colleague });
    await expect(row).toBeVisible();

    await row.getByRole("button", { name: `Remove admin ${colleague}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Are you sure you want to remove this admin user?");
    await expectNoSeriousViolations(page, "remove admin confirmation");
    await confirm.getByRole("button", { name: "Remove admin" }).click();
    await expect(toast(page, "Successfully removed admin user")).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test("Notifications: a switch is saved and still set after a reload", async ({ page }) => {
    await openAdmin(page, "/admin/settings?tab=notifications");
    await expectNoSeriousViolations(page, "/admin/settings?tab=notifications");
    const customerSwitch = page.getByRole("switch", { name: "Customer notifications" });
    await expect(page.getByRole("switch", { name: "Email notifications" })).toBeVisible();
    await expect(page.getByRole("switch", { name: "Order notifications" })).toBeVisible();
    const initial = (await customerSwitch.getAttribute("aria-checked")) === "true";

    const setAndSave = async (on: boolean) => {
      if (((await customerSwitch.getAttribute("aria-checked")) === "true") !== on) await customerSwitch.click();
      await page.getByRole("button", { name: "Save notifications" }).click();
      await expect(toast(page, "Settings saved").last()).toBeVisible();
    };
    try {
      await setAndSave(!initial);
      await page.reload();
      await waitForAdminHydration(page);
      await expect(customerSwitch).toHaveAttribute("aria-checked", String(!initial));
    } finally {
      await setAndSave(initial);
    }
    await page.reload();
    await expect(customerSwitch).toHaveAttribute("aria-checked", String(initial));
  });

  test("System shows the running version, environment and database", async ({ page }) => {
    await openAdmin(page, "/admin/settings");
    // Tabs live in the URL: choosing one changes ?tab= (and the back button works).
    await page.getByRole("tab", { name: "System" }).click();
    await expect(page).toHaveURL(/\?tab=system$/);
    await expect(page.getByTestId("system-version")).toHaveText(shopVersion);
    await expect(page.getByTestId("system-driver")).toHaveText("pglite");
    await expect(page.getByText("Production", { exact: true })).toBeVisible();
    await expect(page.getByText(/^PostgreSQL \d+/)).toBeVisible();
    await expectNoSeriousViolations(page, "/admin/settings?tab=system");
  });
});

test.describe("admin diagnostic", () => {
  test("Run Diagnostics shows the admin, the database and every table; the first-admin claim explains itself", async ({ page }) => {
    await openAdmin(page, "/admin/diagnostic");
    await expect(page.getByRole("heading", { name: "Diagnostic", level: 1 })).toBeVisible();
    await expect(page.getByText(/works only while a shop has no admin/)).toBeVisible();
    await expectNoSeriousViolations(page, "/admin/diagnostic");

    await page.getByRole("button", { name: "Run Diagnostics" }).click();
    await expect(page).toHaveURL(/\/admin\/diagnostic\?run=1$/);
    await expect(page.getByTestId("diagnostic-email")).toHaveText(E2E_ADMIN.email);
    await expect(page.getByTestId("diagnostic-role")).toHaveText("admin");
    await expect(page.getByText(/^Granted/)).toBeVisible();
    await expect(page.getByTestId("diagnostic-driver")).toHaveText("pglite");
    await expect(page.getByText("Up to date")).toBeVisible();
    const tables = page.getByRole("table", { name: "Row counts per table" });
    for (const table of ["products", "orders", "user_roles", "email_outbox"]) {
      await expect(tables.getByRole("row").filter({ has: page.getByRole("rowheader", { name: table, exact: true }) })).toContainText(/\d/);
    }
    const productRows = Number(
      (
        await tables
          .getByRole("row")
          .filter({ has: page.getByRole("rowheader", { name: "products", exact: true }) })
          .getByRole("cell")
          .innerText()
      ).replace(/\D/g, ""),
    );
    expect(productRows).toBeGreaterThanOrEqual(activeProducts().length);
    await expect(page.getByTestId("diagnostic-transport")).toContainText("files in");
    await expectNoSeriousViolations(page, "/admin/diagnostic?run=1");

    // The shop has an admin already: the claim is refused with the reason.
    await page.getByRole("button", { name: "Make Current User Admin" }).click();
    await expect(toast(page, "Failed to make user admin: You are already an admin.")).toBeVisible();
  });
});
