import { expect, test, type Browser, type Page } from "@playwright/test";
import pg from "pg";
import { formatDate } from "../../app/lib/dates";
import { waitForAdminHydration } from "./admin-support";
import { expectNoSeriousViolations } from "./axe";
import { E2E_ADMIN } from "./e2e-accounts";
import { startShop, type Shop } from "./start-shop";
import { signIn } from "./support";

/**
 * Issue 13, the staff side of selling worldwide: shipping zones on the admin Shipping page (the
 * storefront's rates follow; a country already in a zone is refused with its name) and exchange
 * rates in Settings → Currencies (dates, the stale flag, the dashboard's notice). On a shop of
 * its own on PostgreSQL: the zones and rates change what every shopper sees, and the stale-rate
 * case dates a rate back in its database.
 */
test.describe.configure({ mode: "serial" });
// .ci/run always sets it; like the other specs that reach into their shop's database, none without it.
test.skip(
  !process.env.TEST_DATABASE_URL,
  "needs PostgreSQL (TEST_DATABASE_URL): the stale-rate case dates a rate back in the shop's database",
);
test.use({ reducedMotion: "reduce" });

let shop: Shop;
let adminState: string;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  shop = await startShop({ database: "postgres", admin: E2E_ADMIN });
  const context = await browser.newContext({ baseURL: shop.url, reducedMotion: "reduce" });
  const page = await context.newPage();
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password, "/admin");
  await waitForAdminHydration(page);
  adminState = `${shop.dataDir}-admin-state.json`;
  await context.storageState({ path: adminState });
  await context.close();
});
test.afterAll(async () => {
  await shop?.remove();
});

async function staffPage(browser: Browser, path: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({
    baseURL: shop.url,
    reducedMotion: "reduce",
    storageState: adminState,
    viewport,
    ...(viewport.width < 500 ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  await page.goto(path);
  await waitForAdminHydration(page);
  return page;
}

test("staff add a Europe zone; the shop's rates follow; a country already in a zone is refused with its name", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await staffPage(browser, "/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Shipping" }).click();
  await expect(page.getByRole("heading", { name: "Shipping", level: 1 })).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("row", { name: /Rest of the world/ })).toContainText("Every other country");
  await expect(table.getByRole("row", { name: /West Africa/ })).toContainText("Nigeria");
  await expectNoSeriousViolations(page, "the Shipping page at 1440 px");

  await page.getByRole("link", { name: "Add zone" }).click();
  const dialog = page.getByRole("dialog", { name: "Add zone" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, "the Add zone dialog at 1440 px", '[role="dialog"]');
  await dialog.getByLabel("Name", { exact: true }).fill("Europe");
  const find = dialog.getByRole("searchbox", { name: "Countries" });
  await find.fill("united k");
  await dialog.getByRole("checkbox", { name: "United Kingdom" }).check();
  // Enter ticks the first match, without sending the form.
  await find.fill("France");
  await find.press("Enter");
  await find.fill("germ");
  await dialog.getByRole("checkbox", { name: "Germany" }).check();
  const chosen = dialog.getByRole("list", { name: "Chosen countries" });
  await expect(chosen.getByRole("listitem")).toHaveText(["United Kingdom", "France", "Germany"]);
  await dialog.getByLabel(/^Fee/).fill("450");
  await dialog.getByLabel("Delivery from (working days)").fill("4");
  await dialog.getByLabel("Delivery to (working days)").fill("7");
  await dialog.getByRole("button", { name: "Add zone" }).click();
  await expect(page.getByText("Zone added")).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = table.getByRole("row", { name: /^Europe/ });
  await expect(row).toContainText("United Kingdom, France, Germany");
  await expect(row).toContainText("₵450.00");
  await expect(row).toContainText("4–7 working days");

  // The storefront's rates (what checkout and the Shipping Info page read) have it at once.
  const rates = (await (await page.request.get("/api/shop-rates")).json()) as {
    zones: { name: string; areas: string[]; fee: number; deliveryMinDays: number; deliveryMaxDays: number }[];
  };
  expect(rates.zones.find((zone) => zone.name === "Europe")).toMatchObject({
    areas: ["GB", "FR", "DE"],
    fee: 45000,
    deliveryMinDays: 4,
    deliveryMaxDays: 7,
  });

  // A second zone naming the United Kingdom is refused, naming the zone it is in; nothing typed is lost.
  await page.getByRole("link", { name: "Add zone" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Name", { exact: true }).fill("Britain");
  await find.fill("United Kingdom");
  await expect(dialog.getByRole("checkbox", { name: /United Kingdom/ })).toHaveAccessibleName("United Kingdom in Europe");
  await find.press("Enter");
  await dialog.getByLabel(/^Fee/).fill("300");
  await dialog.getByLabel("Delivery from (working days)").fill("2");
  await dialog.getByLabel("Delivery to (working days)").fill("3");
  await dialog.getByRole("button", { name: "Add zone" }).click();
  await expect(dialog.getByText("United Kingdom is already in Europe.").first()).toBeVisible();
  await expect(find).toHaveAccessibleDescription(/United Kingdom is already in Europe\./);
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue("Britain");
  await expect(dialog.getByLabel(/^Fee/)).toHaveValue("300");
  await expectNoSeriousViolations(page, "the Add zone dialog with an error", '[role="dialog"]');
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // Edit: the fee changes on the list.
  await row.getByRole("link", { name: "Edit Europe" }).click();
  const edit = page.getByRole("dialog", { name: "Edit zone" });
  await expect(edit.getByLabel("Name", { exact: true })).toHaveValue("Europe");
  await edit.getByLabel(/^Fee/).fill("500");
  await edit.getByRole("button", { name: "Save zone" }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText("₵500.00");

  // The rest-of-world zone has no Delete; Europe is deleted after a confirmation.
  await expect(table.getByRole("row", { name: /Rest of the world/ }).getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await row.getByRole("button", { name: "Delete Europe" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete zone" });
  await expectNoSeriousViolations(page, "the Delete zone dialog", '[role="alertdialog"]');
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Zone deleted")).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.context().close();
});

test("at 390 px the zones read as a list and the zone dialog fits and passes axe", async ({ browser }) => {
  const page = await staffPage(browser, "/admin/shipping", { width: 390, height: 844 });
  const list = page.getByRole("list", { name: "Shipping zones" });
  await expect(list.getByRole("listitem").filter({ hasText: "Greater Accra" }).first()).toContainText("1–2 working days");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page, "the Shipping page at 390 px");
  await list.getByRole("link", { name: "Edit Rest of the world" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit zone" });
  await expect(dialog).toContainText("covers every country no other zone names");
  await expect(dialog.getByRole("searchbox", { name: "Countries" })).toHaveCount(0);
  await expectNoSeriousViolations(page, "the Edit zone dialog at 390 px", '[role="dialog"]');
  await page.goto("/admin/shipping?zone=new");
  await waitForAdminHydration(page);
  await expectNoSeriousViolations(page, "the Add zone dialog at 390 px", '[role="dialog"]');
  await page.context().close();
});

test("Settings → Currencies: a changed rate gets today's date; a week-old rate is flagged here and on the dashboard", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await staffPage(browser, "/admin/settings?tab=currencies");
  const usd = page.getByLabel("US dollar (USD)");
  await expect(usd).toBeVisible();
  await expectNoSeriousViolations(page, "the Currencies tab at 1440 px");
  await usd.fill("0.1");
  await expect(usd).toHaveAccessibleDescription(/\$1 ≈ ₵10\.00/);
  await page.getByRole("button", { name: "Save rates" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  const today = formatDate(new Date(), "Africa/Accra");
  await expect(usd).toHaveAccessibleDescription(new RegExp(`Set ${today}`));
  const rates = (await (await page.request.get("/api/shop-rates")).json()) as { exchangeRates: Record<string, { rate: number }> };
  expect(rates.exchangeRates.USD?.rate).toBe(0.1);

  // A bad value is refused under its field, and what was typed stays.
  await usd.fill("0.09091234");
  await page.getByRole("button", { name: "Save rates" }).click();
  await expect(page.getByText("The USD rate can have at most 6 significant digits, like 0.0909")).toBeVisible();
  await expect(usd).toHaveValue("0.09091234");

  // The USD rate set eight days ago, straight in the shop's database (then the shop is told).
  const client = new pg.Client({ connectionString: shop.databaseUrl });
  await client.connect();
  const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000).toISOString();
  await client.query(`update settings set value = jsonb_set(value, '{rates,USD,setAt}', to_jsonb($1::text)) where key = 'exchangeRates'`, [
    eightDaysAgo,
  ]);
  await client.query(`select pg_notify('ahenfie_storefront_changed', 'admin-shipping-spec')`);
  await client.end();

  await expect(async () => {
    await page.goto("/admin/settings?tab=currencies");
    await expect(page.getByLabel("US dollar (USD)")).toHaveAccessibleDescription(/Older than 7 days: update it/, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await waitForAdminHydration(page);
  await expectNoSeriousViolations(page, "the Currencies tab with a stale rate");

  await page.goto("/admin");
  await waitForAdminHydration(page);
  const notice = page.getByRole("region", { name: "Exchange rates need updating" });
  await expect(notice).toContainText("The USD rate was set more than 7 days ago.");
  await notice.getByRole("link", { name: "Update exchange rates" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\?tab=currencies$/);
  await expect(page.getByRole("tab", { name: "Currencies" })).toHaveAttribute("aria-selected", "true");
  await page.context().close();
});

test("the Currencies tab passes axe at 390 px", async ({ browser }) => {
  const page = await staffPage(browser, "/admin/settings?tab=currencies", { width: 390, height: 844 });
  await expect(page.getByLabel("US dollar (USD)")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page, "the Currencies tab at 390 px");
  await page.context().close();
});
