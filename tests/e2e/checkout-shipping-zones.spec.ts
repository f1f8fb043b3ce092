import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { expectNoSeriousViolations } from "./axe";
import { startShop, type Shop } from "./start-shop";
import { addFromProductPage, gotoHydrated } from "./support";

/**
 * Shipping priced by zone (docs/shipping.md), on the sample zones: the checkout summary follows
 * the country and region as they are chosen, Pay on Delivery only where the zone offers it, and
 * the confirmation keeps the zone and estimate. The shopper's country, remembered at checkout or
 * guessed from the browser's languages, brings the estimate to the product page and the cart,
 * after hydration only (the HTML is the same for everyone).
 */

/** React's hydration warnings, collected from the console. */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

const summary = (page: Page) => ({
  shipping: page.getByTestId("summary-shipping"),
  total: page.getByTestId("summary-total"),
  delivery: page.getByTestId("summary-delivery"),
});

test("the summary follows the destination: Greater Accra ₵30 in 1–2 days, United Kingdom ₵600 in 6–10 days without Pay on Delivery", async ({
  page,
}) => {
  const errors = hydrationErrors(page);
  // Product 5: ₵189.99, below Ghana's free-shipping ₵500.
  await addFromProductPage(page, 5);
  await gotoHydrated(page, "/checkout");
  const { shipping, total, delivery } = summary(page);
  await expect(page.getByLabel("Country")).toHaveValue("GH");
  await expect(shipping).toHaveText("—");
  await expect(delivery).toHaveText("Choose your region to see the shipping fee and delivery time.");

  await page.getByLabel("Region").selectOption("GH-AA");
  await expect(shipping).toHaveText("₵30.00");
  await expect(total).toHaveText("₵219.99");
  await expect(delivery).toContainText("Delivery in 1–2 working days to Greater Accra, Ghana (Greater Accra)");
  await expect(page.getByText("Import duties and taxes may be charged")).toHaveCount(0);

  await page.getByLabel("Region").selectOption("GH-AH");
  await expect(shipping).toHaveText("₵50.00");
  await expect(delivery).toContainText("Delivery in 2–4 working days to Ashanti, Ghana (Rest of Ghana)");

  await page.getByLabel("Country").selectOption("GB");
  await expect(page.getByLabel("Region")).toHaveCount(0);
  await expect(shipping).toHaveText("₵600.00");
  await expect(total).toHaveText("₵789.99");
  await expect(delivery).toContainText("Delivery in 6–10 working days to United Kingdom (Rest of the world)");
  await expect(delivery).toContainText("Import duties and taxes may be charged on delivery by your country's customs.");
  const payOnDelivery = page.getByRole("radio", { name: /Pay on Delivery/ });
  await expect(payOnDelivery).toBeDisabled();
  await expect(payOnDelivery).not.toBeChecked();
  await expect(page.getByText("Pay on Delivery is not available for orders to United Kingdom.")).toBeVisible();
  // This shop takes no online payment either: it says how to order instead, and cannot submit.
  const noWay = page.getByTestId("no-way-to-pay");
  await expect(noWay).toContainText("We cannot take this order online yet.");
  await expect(noWay.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+/);
  await expect(noWay.getByRole("link", { name: "hello@ahenfie.com" })).toHaveAttribute("href", "mailto:hello@ahenfie.com");
  await expect(page.getByRole("button", { name: "Place Order" })).toBeDisabled();
  await expect(
    page.getByText("No way to pay is available for orders to United Kingdom: see Payment Method for how to reach us."),
  ).toBeVisible();
  await expectNoSeriousViolations(page, "checkout to the United Kingdom");

  // Nigeria: West Africa's ₵250 in 5–8 days.
  await page.getByLabel("Country").selectOption("NG");
  await expect(shipping).toHaveText("₵250.00");
  await expect(delivery).toContainText("Delivery in 5–8 working days");

  // Back home: the region is asked again, and Pay on Delivery comes back, chosen.
  await page.getByLabel("Country").selectOption("GH");
  await page.getByLabel("Region").selectOption("GH-AA");
  await expect(payOnDelivery).toBeEnabled();
  await expect(payOnDelivery).toBeChecked();
  await expect(page.getByRole("button", { name: "Place Order" })).toBeEnabled();

  await page.getByLabel("Email", { exact: true }).fill("abena.zones@example.com");
  await page.getByLabel("Full Name", { exact: true }).fill("Abena Osei");
  await page.getByLabel("Phone", { exact: true }).fill("+233 24 222 3344");
  await page.getByLabel("Delivery Address").fill("9 Ring Road East, Osu");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText("GHS 219.99");
  await expect(page.getByText("Greater Accra, Ghana")).toBeVisible();
  const recorded = page.getByTestId("order-delivery");
  await expect(recorded).toContainText("Shipping zone: Greater Accra");
  await expect(recorded).toContainText("Delivery time: 1–2 working days from dispatch");
  await expectNoSeriousViolations(page, "the confirmation with its shipping zone");
  expect(errors).toEqual([]);
});

test("the destination chosen at checkout brings its delivery estimate to the product page and the cart", async ({ page }) => {
  const errors = hydrationErrors(page);
  await addFromProductPage(page, 5);
  // Before any choice (an en-GH browser, playwright.config.ts), the page says nothing of the UK.
  await expect(page.getByText("Delivery to United Kingdom")).toHaveCount(0);
  await gotoHydrated(page, "/checkout");
  await page.getByLabel("Country").selectOption("GB");
  await expect(summary(page).shipping).toHaveText("₵600.00");

  await gotoHydrated(page, "/product/3");
  const line = page.getByTestId("shopper-delivery");
  await expect(line).toContainText("Delivery to United Kingdom: 6–10 working days, ₵600 shipping");
  await expect(line).toContainText("Import duties and taxes may be charged on delivery by your country's customs.");
  // The SPEC line stays, from the zones in Ghana.
  await expect(page.getByText("on orders over ₵500")).toBeVisible();

  await page.getByRole("button", { name: /^Open cart/ }).click();
  const cartShipping = page.getByTestId("cart-shipping");
  await expect(cartShipping).toContainText("Shipping to United Kingdom: ₵600 shipping, 6–10 working days. Confirmed at checkout.");
  await expect(cartShipping).toContainText("Import duties and taxes may be charged");

  // The server sends the same HTML to everyone: none of this is in the page as served.
  const html = await (await page.request.get("/product/3")).text();
  expect(html).not.toContain("Delivery to United Kingdom");

  // The Shipping Info page is the zones, as a table.
  await gotoHydrated(page, "/shipping");
  const zones = page.getByRole("region", { name: /^Shipping zones/ });
  await expect(zones.getByRole("columnheader")).toHaveText(["Zone", "Where", "Fee", "Free over", "Delivery time", "Pay on Delivery"]);
  await expect(zones.getByRole("row", { name: /^Greater Accra/ })).toHaveText(/Greater Accra \(Ghana\)₵30₵5001–2 working daysYes/);
  await expect(zones.getByRole("row", { name: /^Rest of the world/ })).toHaveText(/Everywhere else₵600—6–10 working daysNo/);
  await expectNoSeriousViolations(page, "the Shipping Info page with its zones");
  // On a phone each zone is a card: nothing scrolls sideways.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  const zoneCard = zones.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Rest of the world" }) });
  await expect(zoneCard).toContainText("Delivery time6–10 working days");
  await expect(zoneCard).toContainText("Pay on DeliveryNo");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page, "the Shipping Info page's zones on a phone");
  await page.setViewportSize(desktop);

  // Checking out again offers the remembered destination.
  await gotoHydrated(page, "/checkout");
  await expect(page.getByLabel("Country")).toHaveValue("GB");
  expect(errors).toEqual([]);
});

test.describe("a browser in British English", () => {
  test.use({ locale: "en-GB" });

  test("sees the United Kingdom's estimate, guessed from its languages; a Ghanaian browser sees Ghana's range", async ({
    page,
    browser,
  }) => {
    const errors = hydrationErrors(page);
    await gotoHydrated(page, "/product/5");
    await expect(page.getByTestId("shopper-delivery")).toContainText("Delivery to United Kingdom: 6–10 working days, ₵600 shipping");
    expect(errors).toEqual([]);

    const ghana = await browser.newContext({ locale: "en-GH" });
    try {
      const shopper = await ghana.newPage();
      await addFromProductPage(shopper, 5);
      // In Ghana with no region known yet: the range across the zones covering Ghana, no customs note.
      await expect(shopper.getByTestId("shopper-delivery")).toHaveText("Delivery to Ghana: 1–4 working days, ₵30–₵50 shipping");
      await shopper.getByRole("button", { name: /^Open cart/ }).click();
      await expect(shopper.getByTestId("cart-shipping")).toContainText(
        "Shipping to Ghana: ₵30–₵50 shipping, 1–4 working days. Confirmed at checkout.",
      );
      // ₵500 − ₵189.99 to go before Ghana's free shipping.
      await expect(shopper.getByText("1 piece in your cart. Add ₵310.01 more for free shipping to Ghana.")).toBeVisible();
      await expect(shopper.getByText("Import duties and taxes may be charged")).toHaveCount(0);
    } finally {
      await ghana.close();
    }
  });
});

test.describe("a zone edited by staff", () => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs PostgreSQL (TEST_DATABASE_URL): the test edits a zone in the shop's database");
  let shop: Shop;
  let db: pg.Client;
  test.beforeAll(async () => {
    test.setTimeout(240_000); // a new PostgreSQL database, migrated and seeded
    shop = await startShop({ database: "postgres" });
    db = new pg.Client({ connectionString: shop.databaseUrl });
    await db.connect();
  });
  test.afterAll(async () => {
    await db?.end();
    await shop?.remove();
  });

  test("reaches checkout and the Shipping page at once; a checkout still showing the old fee is told the new one", async ({ page }) => {
    test.setTimeout(90_000);
    await gotoHydrated(page, `${shop.url}/shipping`);
    const zones = page.getByRole("region", { name: /^Shipping zones/ });
    await expect(zones.getByRole("row", { name: /^Rest of Ghana/ })).toContainText("₵50");

    await addFromProductPage(page, 5, 1, shop.url);
    await gotoHydrated(page, `${shop.url}/checkout`);
    await page.getByLabel("Email", { exact: true }).fill("yaa.kumasi@example.com");
    await page.getByLabel("Full Name", { exact: true }).fill("Yaa Asantewaa");
    await page.getByLabel("Phone", { exact: true }).fill("+233 32 202 2020");
    await page.getByLabel("Delivery Address").fill("4 Prempeh II Street, Adum\nKumasi");
    await page.getByLabel("Region").selectOption("GH-AH");
    await expect(page.getByTestId("summary-shipping")).toHaveText("₵50.00");

    // Staff raise the fee, as the Shipping zones page does: the row, then a storefront change.
    await db.query("update shipping_zones set fee = 7500, delivery_min_days = 3, delivery_max_days = 5 where name = 'Rest of Ghana'");
    await db.query("select pg_notify('ahenfie_storefront_changed', 'e2e-staff-edit')");

    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Shipping to Ashanti, Ghana is now ₵75.00." })).toBeVisible();
    await expect(page.getByTestId("summary-shipping")).toHaveText("₵75.00");
    await expect(page.getByTestId("summary-delivery")).toContainText("Delivery in 3–5 working days");
    await expect(page.getByLabel("Delivery Address")).toHaveValue("4 Prempeh II Street, Adum\nKumasi");
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
    // ₵189.99 + ₵75: charged at the zone's fee as it is now, exactly once.
    await expect(page.getByTestId("order-total")).toHaveText("GHS 264.99");
    await expect(page.getByTestId("order-delivery")).toContainText("3–5 working days");
    const placed = await db.query<{ shipping: string }>("select shipping_amount::text as shipping from orders where customer_email = $1", [
      "yaa.kumasi@example.com",
    ]);
    expect(placed.rows).toEqual([{ shipping: "7500" }]);

    await gotoHydrated(page, `${shop.url}/shipping`);
    await expect(zones.getByRole("row", { name: /^Rest of Ghana/ })).toContainText("₵75");
    await expect(zones.getByRole("row", { name: /^Rest of Ghana/ })).toContainText("3–5 working days");
  });
});
