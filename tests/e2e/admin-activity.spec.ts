import fs from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";
import { seedProducts } from "../../db/seed/catalog-data";
import { gotoAdmin, placeGuestOrder, signInAfresh, testOnOwnShop, uniqueGuest, waitForAdminHydration } from "./admin-support";
import { expectNoSeriousViolations } from "./axe";
import { linkInEmail, toast, waitForOutboxEmail } from "./support";

/**
 * Issue 48 part 4 (decision 049): the owner changes a product's price and a variant's stock in
 * the admin; Admin → Activity lists both with before → after, filters by kind and person, opens
 * an entry's details, and exports the log as CSV; the product's and an order's own history show
 * in their dialogs; an Accountant reads the log but cannot export it. On a shop of its own: the
 * catalog changes, and the storefront specs count the seed's prices.
 */
testOnOwnShop.use({ reducedMotion: "reduce" });

const SHOTS = "docs/screenshots/issue-48";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const KAFTAN = seedProducts.find((p) => p.sku === "AHF-KAF-001")!;

async function shot(page: Page, file: string, viewport = DESKTOP, fullPage = true) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize(viewport);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SHOTS}/${file}.png`, fullPage });
}

/** A row of the log (the table on wide screens) by what it says it did. */
const logRow = (page: Page, what: string | RegExp): Locator =>
  page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: what }) });

async function choose(page: Page, select: string, option: string) {
  await page.getByRole("combobox", { name: select }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

testOnOwnShop(
  "the owner reads every change in Activity, exports it, and sees a product's and an order's history",
  async ({ page, browser, ownShop }) => {
    testOnOwnShop.setTimeout(300_000);
    // Inviting the accountant at the end asks "Confirm it's you" of an older sign-in.
    await signInAfresh(page);

    // The owner changes the kaftan's price and the stock of one of its variants.
    await gotoAdmin(page, `/admin/products?product=${KAFTAN.id}`);
    const edit = page.getByRole("dialog", { name: "Edit Product" });
    const price = edit.getByLabel(/^Price \(₵\)/);
    await expect(price).toHaveValue("299.99");
    await price.fill("309.99");
    const cell = edit.getByLabel("Stock, Royal Gold, M", { exact: true });
    const stockBefore = await cell.inputValue();
    await cell.fill("3");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Product updated successfully")).toBeVisible();
    await expect(edit).toBeHidden();

    // Admin → Activity, from the menu: both changes, newest first, in words.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Activity" }).click();
    await expect(page.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();
    await waitForAdminHydration(page);
    const priceRow = logRow(page, /Changed product Royal Kente Kaftan/);
    await expect(priceRow).toContainText("Price: ₵299.99 → ₵309.99");
    await expect(priceRow).toContainText("admin");
    await expect(priceRow).toContainText("Owner");
    const stockRow = logRow(page, /Changed variant Royal Kente Kaftan · Royal Gold · M/);
    await expect(stockRow).toContainText(`Stock: ${stockBefore} → 3`);
    await expect(page.getByText(/^Showing all \d+ entries$/)).toBeVisible();

    // Filters: by kind, then by person too; each lives in the URL.
    await page.getByLabel("Kind", { exact: true }).selectOption({ label: "Products and stock" });
    await expect(page).toHaveURL(/[?&]kind=products/);
    await expect(priceRow).toBeVisible();
    await expect(page.getByRole("table").getByRole("rowheader", { name: /setting|order/ })).toHaveCount(0);
    await page.getByLabel("Person", { exact: true }).selectOption({ label: "admin" });
    await expect(page).toHaveURL(/[?&]person=/);
    await expect(stockRow).toBeVisible();
    await page.getByLabel("Kind", { exact: true }).selectOption({ label: "Discounts" });
    await expect(page.getByRole("heading", { name: "No matching activity" })).toBeVisible();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(priceRow).toBeVisible();

    // One entry in full: who, from where, through which form, and the change.
    await priceRow.getByRole("link", { name: /^Details of Changed product Royal Kente Kaftan/ }).click();
    const entry = page.getByRole("dialog", { name: "Changed product Royal Kente Kaftan" });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText("admin/products#update");
    await expect(entry.getByText("Address")).toBeVisible();
    await expect(entry.getByRole("term").filter({ hasText: /^Price$/ })).toBeVisible();
    await expect(entry).toContainText("₵309.99");
    await expectNoSeriousViolations(page, "an activity entry's details", '[role="dialog"]');
    await shot(page, "activity-entry-1440", DESKTOP, false);
    await page.keyboard.press("Escape");
    await expect(entry).toBeHidden();

    // The owner's CSV: the same log, the change in words.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d\d-\d\d\.csv$/);
    const csv = fs.readFileSync((await download.path())!, "utf8");
    expect(csv).toContain("Changed product Royal Kente Kaftan,Price: ₵299.99 → ₵309.99");
    expect(csv).toContain(`Stock: ${stockBefore} → 3`);

    // The product's own history, in its dialog, with "See all" on the Activity page.
    await gotoAdmin(page, `/admin/products?product=${KAFTAN.id}`);
    const history = edit.getByRole("region", { name: "Change history" });
    await history.scrollIntoViewIfNeeded();
    await expect(history.getByRole("listitem").filter({ hasText: "Changed product Royal Kente Kaftan" })).toContainText("₵299.99");
    await expect(history).toContainText(`Stock: ${stockBefore} → 3`);
    await expectNoSeriousViolations(page, "the product's history", '[role="dialog"]');
    await shot(page, "product-history-1440", DESKTOP, false);
    await history.getByRole("link", { name: "See this product in the activity log" }).click();
    await expect(page.getByText("History of product")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]product=${KAFTAN.id}`));

    // An order's own history: a guest buys, the owner confirms the order.
    const guestContext = await browser.newContext({
      baseURL: ownShop.url,
      reducedMotion: "reduce",
      storageState: { cookies: [], origins: [] },
    });
    const orderNumber = await placeGuestOrder(await guestContext.newPage(), uniqueGuest("Abena Darko"), 3);
    await guestContext.close();
    await gotoAdmin(page, "/admin/orders");
    await choose(page, `Order status of ${orderNumber}`, "Confirmed");
    await expect(toast(page, "Order status updated")).toBeVisible();
    await page
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: orderNumber, exact: true }) })
      .getByRole("link", { name: /Details/ })
      .click();
    const order = page.getByRole("dialog", { name: `Order ${orderNumber}` });
    const orderHistory = order.getByRole("region", { name: "Change history" });
    await orderHistory.scrollIntoViewIfNeeded();
    await expect(orderHistory).toContainText(`Changed order ${orderNumber}`);
    await expect(orderHistory).toContainText("Status: Processing → Confirmed");
    await expectNoSeriousViolations(page, "the order's history", '[role="dialog"]');
    await shot(page, "order-history-1440", DESKTOP, false);
    await page.keyboard.press("Escape");

    // The whole log now: the order's status beside the product's changes.
    await gotoAdmin(page, "/admin/activity");
    await expect(logRow(page, `Changed order ${orderNumber}`)).toContainText("Status: Processing → Confirmed");
    await expectNoSeriousViolations(page, "Admin → Activity");
    await shot(page, "activity-1440");
    await shot(page, "activity-390", PHONE);
    await page.setViewportSize(DESKTOP);

    // An Accountant, invited by the owner: reads the log, has no Export, and the export refuses them.
    const email = `accounts-${Date.now().toString(36)}@example.com`;
    await gotoAdmin(page, "/admin/settings?tab=staff");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Role", { exact: true }).selectOption("accountant");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(toast(page, "Invitation sent")).toBeVisible();
    const link = linkInEmail(
      await waitForOutboxEmail(email, "staff-invitation", 15_000, `${ownShop.dataDir}/outbox`),
      "/staff-invitation/",
    );
    const accountantContext = await browser.newContext({
      baseURL: ownShop.url,
      reducedMotion: "reduce",
      storageState: { cookies: [], origins: [] },
    });
    const accountant = await accountantContext.newPage();
    await accountant.goto(link);
    await accountant.getByLabel("Your name").fill("Esi Boateng");
    await accountant.getByLabel("Choose a password").fill("accounts-pass-2026");
    await accountant.getByLabel("Type it again").fill("accounts-pass-2026");
    await accountant.getByRole("button", { name: "Set password and join" }).click();
    await accountant.waitForURL((url) => url.pathname === "/admin");
    await waitForAdminHydration(accountant);
    await accountant.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Activity" }).click();
    await expect(accountant.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();
    // The owner's invitation is in the log too, and the accountant sees who sent it.
    await expect(logRow(accountant, `Created invitation ${email}`)).toContainText("admin");
    await expect(logRow(accountant, /Changed product Royal Kente Kaftan/)).toContainText("Price: ₵299.99 → ₵309.99");
    await expect(accountant.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
    expect((await accountant.request.get("/admin/activity/export.csv")).status()).toBe(403);
    await accountantContext.close();
  },
);
