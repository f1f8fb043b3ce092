import { expect, test } from "@playwright/test";
import pg from "pg";
import { startShop, type Shop } from "./start-shop";
import { addFromProductPage, expectCartCount, gotoHydrated } from "./support";

/**
 * Issue 12, defect 3: a price that changed (or a product withdrawn) while the shopper was at
 * checkout must not be a dead end. The shop's catalog is changed in its database, as staff
 * would change it, between adding to the cart and placing the order.
 */
test.describe("checkout after the catalog changed", () => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs PostgreSQL (TEST_DATABASE_URL): the test changes prices in the shop's database");
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

  test("the cart is updated to the new price, a withdrawn item removed, and one more click places one order", async ({ page }) => {
    test.setTimeout(90_000);
    // Osu Linen Kaftan (₵349.99) and Ankara Heritage Shirt (₵189.99).
    await addFromProductPage(page, 7, 1, shop.url);
    await addFromProductPage(page, 5, 1, shop.url);
    await gotoHydrated(page, `${shop.url}/checkout`);
    await page.getByLabel("Email", { exact: true }).fill("ama.cartupdate@example.com");
    await page.getByLabel("Full Name", { exact: true }).fill("Ama Mensah");
    await page.getByLabel("Phone", { exact: true }).fill("+233 20 111 2222");
    await page.getByLabel("Delivery Address").fill("4 Oxford Street, Osu\nAccra");
    await page.getByLabel("Region").selectOption("GH-AA");
    await page.getByLabel("Notes for our tailors (optional)").fill("Call on arrival");

    // Meanwhile staff raise the kaftan's price and withdraw the shirt.
    await db.query("update products set price = 37999 where id = 7");
    await db.query("update products set is_active = false where id = 5");

    await page.getByRole("button", { name: "Place Order" }).click();
    const notice = page.getByRole("alert").filter({ hasText: "We updated your cart" });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("Osu Linen Kaftan: ₵349.99 → ₵379.99");
    await expect(notice).toContainText(/Ankara Heritage Shirt \(.*\) is no longer available and was removed\./);
    await expect(page).toHaveURL(/\/checkout$/);

    // The cart and the summary now carry the shop's price; what the shopper typed is kept.
    await expectCartCount(page, 1);
    await expect(page.getByTestId("summary-subtotal")).toHaveText("₵379.99");
    await expect(page.getByTestId("summary-shipping")).toHaveText("₵30.00");
    await expect(page.getByTestId("summary-total")).toHaveText("₵409.99");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("ama.cartupdate@example.com");
    await expect(page.getByLabel("Delivery Address")).toHaveValue("4 Oxford Street, Osu\nAccra");
    await expect(page.getByLabel("Notes for our tailors (optional)")).toHaveValue("Call on arrival");

    // One more click: the order is placed at the new price, once.
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
    await expect(page.getByTestId("order-total")).toHaveText("GHS 409.99");
    const orders = await db.query<{ total: string; count: string }>(
      "select total_amount::text as total, count(*) over ()::text as count from orders where customer_email = $1",
      ["ama.cartupdate@example.com"],
    );
    expect(orders.rows).toEqual([{ total: "40999", count: "1" }]);
    const items = await db.query<{ name: string; unit_price: string }>(
      "select i.name, i.unit_price::text from order_items i join orders o on o.id = i.order_id where o.customer_email = $1",
      ["ama.cartupdate@example.com"],
    );
    expect(items.rows).toEqual([{ name: "Osu Linen Kaftan", unit_price: "37999" }]);
  });
});
