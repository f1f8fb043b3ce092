import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADMIN_STATE, gotoAdmin, guestContext } from "./admin-support";
import { expectNoSeriousViolations } from "./axe";
import { E2E_ADMIN } from "./e2e-accounts";
import { activeProducts, addFromProductPage, gotoHydrated, parseCedis, toast } from "./support";

/**
 * Admin dashboard and diagnostic: figures that match the shop and an accessible page for
 * each. Other admin specs run at the same time on the same shop, so figures are compared
 * as "went up by at least".
 */
test.use({ reducedMotion: "reduce", storageState: ADMIN_STATE });

/** The figure of a dashboard card ("Total Orders" → 12). */
async function cardFigure(page: Page, label: string): Promise<number> {
  const text = await page.getByRole("region", { name: label, exact: true }).locator("p").first().innerText();
  return Number(text.replace(/[^\d]/g, ""));
}

/** A guest places a small pay-on-delivery order on the storefront; returns its number and total. */
async function placeGuestOrder(browser: Browser): Promise<{ orderNumber: string; total: number }> {
  const context = await guestContext(browser);
  const shopper = await context.newPage();
  try {
    await addFromProductPage(shopper, 5);
    await gotoHydrated(shopper, "/checkout");
    await shopper.getByLabel("Email", { exact: true }).fill("dashboard-check@example.com");
    await shopper.getByLabel("Full Name", { exact: true }).fill("Esi Dashboard");
    await shopper.getByLabel("Phone", { exact: true }).fill("+233 24 000 1111");
    await shopper.getByLabel("Delivery Address").fill("5 Independence Avenue, Accra");
    await shopper.getByLabel("Region").selectOption("GH-AA");
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
    await gotoAdmin(page, "/admin");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

    // Total Products counts the active products; the seed's active ones are all there (other
    // specs may add products of their own while this runs).
    const region = (name: string) => page.getByRole("region", { name, exact: true });
    await expect(region("Total Products")).toContainText("Active products in inventory");
    expect(await cardFigure(page, "Total Products")).toBeGreaterThanOrEqual(activeProducts().length);
    await expect(region("Total Orders")).toContainText("All time orders");
    await expect(region("Customers")).toContainText("Unique customers");
    await expect(region("Revenue")).toContainText(/GHS [\d,]+\.\d{2}/);
    // The payment ledger (docs/decisions/031): net, with paid, refunded and outstanding.
    await expect(region("Revenue")).toContainText("Net: money received, minus refunds");
    for (const figure of ["Paid", "Refunded", "Outstanding"]) await expect(region("Revenue")).toContainText(figure);
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

test.describe("admin diagnostic", () => {
  test("Run Diagnostics shows the admin, the database and every table; the first-admin claim explains itself", async ({ page }) => {
    await gotoAdmin(page, "/admin/diagnostic");
    await expect(page.getByRole("heading", { name: "Diagnostic", level: 1 })).toBeVisible();
    await expect(page.getByText(/works only while a shop has no admin/)).toBeVisible();
    await expectNoSeriousViolations(page, "/admin/diagnostic");

    await page.getByRole("button", { name: "Run Diagnostics" }).click();
    await expect(page).toHaveURL(/\/admin\/diagnostic\?run=1$/);
    await expect(page.getByTestId("diagnostic-email")).toHaveText(E2E_ADMIN.email);
    await expect(page.getByTestId("diagnostic-role")).toHaveText("owner");
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
    await expect(toast(page, "Failed to make user admin: You are already the owner.")).toBeVisible();
  });
});
