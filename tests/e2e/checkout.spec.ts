import { expect, test, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { expectNoSeriousViolations } from "./axe";
import { addFromProductPage, gotoHydrated, toast } from "./support";

async function fillCustomer(page: Page) {
  await page.getByLabel("Email", { exact: true }).fill("efua@example.com");
  await page.getByLabel("Full Name", { exact: true }).fill("Efua Owusu");
  await page.getByLabel("Phone", { exact: true }).fill("+233 20 765 4321");
  await page.getByLabel("Delivery Address").fill("3 Liberation Road, Accra");
  await page.getByLabel("Region").selectOption("GH-AA");
}

test.describe("checkout", () => {
  test("a price that changed since the item went into the cart updates the cart, says so, and the next click places the order", async ({
    page,
  }) => {
    await addFromProductPage(page, 3);
    // The cart remembers an older, lower price.
    await page.evaluate(() => {
      const cart = JSON.parse(localStorage.getItem("ahenfie.cart.v1")!);
      cart[0].price = 19_999;
      localStorage.setItem("ahenfie.cart.v1", JSON.stringify(cart));
    });
    await gotoHydrated(page, "/checkout");
    await fillCustomer(page);
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "We updated your cart" })
        .filter({ hasText: "Adinkra Embroidered Kaftan: ₵199.99 → ₵249.99" }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await expect(page.getByTestId("summary-subtotal")).toHaveText("₵249.99");
    // The toast comes a frame after the alert: axe measures it once it has faded in.
    await expect(toast(page, "Your cart was updated")).toBeVisible();
    await expectNoSeriousViolations(page, page.url());
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
    // ₵249.99 + ₵30 shipping to Greater Accra.
    await expect(page.getByTestId("order-total")).toHaveText("GHS 279.99");
  });

  test("a guest buys two products and sees the confirmation with the right total", async ({ page }) => {
    await gotoHydrated(page, "/product/1");
    await page
      .getByRole("group", { name: /^Colour:/ })
      .getByRole("button", { name: "Emerald", exact: true })
      .click();
    await page.getByRole("button", { name: "L", exact: true }).click();
    await page.getByRole("button", { name: /^Add to Cart - / }).click();
    await expect(toast(page, "Added to Cart")).toBeVisible();
    await addFromProductPage(page, 5);

    await gotoHydrated(page, "/checkout");
    await expect(page.getByRole("heading", { name: "Customer Information" })).toBeVisible();
    await expect(page.getByRole("radio", { name: /Pay on Delivery/ })).toBeChecked();
    // ₵299.99 + ₵189.99 = ₵489.98; shipping waits for the region (Ghana is chosen first).
    await expect(page.getByTestId("summary-subtotal")).toHaveText("₵489.98");
    await expect(page.getByTestId("summary-shipping")).toHaveText("—");
    await expect(page.getByTestId("summary-total")).toHaveText("₵489.98 + shipping");

    // The browser refuses an empty form before anything is sent.
    await page.getByRole("button", { name: "Place Order" }).click();
    expect(await page.getByLabel("Email", { exact: true }).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);

    await page.getByLabel("Email", { exact: true }).fill("kojo@example.com");
    await page.getByLabel("Full Name", { exact: true }).fill("Kojo Asante");
    await page.getByLabel("Phone", { exact: true }).fill("+233 24 123 4567");
    await page.getByLabel("Delivery Address").fill("7 Cantonments Road\nAccra");
    await page.getByLabel("Region").selectOption("GH-AA");
    // Below ₵500: Greater Accra's ₵30 fee.
    await expect(page.getByTestId("summary-shipping")).toHaveText("₵30.00");
    await expect(page.getByTestId("summary-total")).toHaveText("₵519.98");
    // No Paystack keys on this shop: card and mobile money are shown but cannot be chosen.
    await expect(page.getByRole("radio", { name: /Mobile Money/ })).toBeDisabled();
    await expect(page.getByRole("radio", { name: /Card Payment/ })).toBeDisabled();
    await expect(
      page.getByText("Online payment by card or mobile money is not available yet: please choose Pay on Delivery."),
    ).toBeVisible();
    await page.getByLabel("Notes for our tailors (optional)").fill("Please call before delivery");
    await page.getByRole("button", { name: "Place Order" }).click();

    await expect(page.getByText("Order placed successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
    await expect(page.getByText("kojo@example.com")).toBeVisible();
    await expect(page.getByText(/^ORD-\d{6}$/)).toBeVisible();
    await expect(page.getByText("Pay on Delivery")).toBeVisible();
    await expect(page.getByText("Royal Kente Kaftan")).toBeVisible();
    await expect(page.getByText("Emerald · Size L · 1 × ₵299.99")).toBeVisible();
    await expect(page.getByTestId("order-total")).toHaveText("GHS 519.98");
    await expect(page.getByText("Greater Accra, Ghana")).toBeVisible();
    await expect(page.getByTestId("order-delivery")).toContainText("Shipping zone: Greater Accra");
    await expect(page.getByTestId("order-delivery")).toContainText("Delivery time: 1–2 working days from dispatch");
    await expect(page.getByRole("heading", { name: "Status History" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Print Order" })).toBeVisible();
    await expectNoSeriousViolations(page, page.url());
    // The cart was emptied by the order.
    await expect(page.getByTestId("cart-count")).toHaveCount(0);

    // The confirmation email was written to the outbox folder of the test server.
    const orderNumber = (await page.getByText(/^ORD-\d{6}$/).textContent())!;
    const outbox = path.join(".tmp", `e2e-${process.env.E2E_PORT ?? 3210}`, "outbox");
    await expect
      .poll(() => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes("kojo@example.com")) : []), { timeout: 15_000 })
      .toHaveLength(1);
    const eml = fs.readFileSync(
      path.join(
        outbox,
        fs.readdirSync(outbox).find((f) => f.includes("kojo@example.com"))!,
      ),
      "utf8",
    );
    expect(eml).toContain(orderNumber);

    // Tracking: number and email must both match; case and spaces do not matter.
    await gotoHydrated(page, "/track-order");
    await expect(page.getByText("Enter your order number to track your order status.")).toBeVisible();
    await page.getByRole("button", { name: "Track Order" }).click();
    await expect(page.getByRole("alert")).toContainText("Please enter an order number");

    await page.getByLabel("Order number").fill(orderNumber);
    await page.getByLabel("Email used at checkout").fill("someone@example.com");
    await page.getByRole("button", { name: "Track Order" }).click();
    await expect(toast(page, "Order not found", "Please check your order number and try again.")).toBeVisible();

    await page.getByLabel("Order number").fill(` ${orderNumber.toLowerCase()} `);
    await page.getByLabel("Email used at checkout").fill("KOJO@example.com");
    await page.getByRole("button", { name: "Track Order" }).click();
    await expect(toast(page, "Order found!", `Order ${orderNumber} details loaded.`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Order Status Timeline" })).toBeVisible();
    await expect(page.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
    await expect(page.getByText("GHS 519.98")).toBeVisible();
    await expect(page.getByText("Greater Accra, Ghana")).toBeVisible();
    await expect(page.getByTestId("order-delivery")).toContainText("1–2 working days");
    await expectNoSeriousViolations(page, page.url());
  });

  test("an unknown order shows Order Not Found", async ({ page }) => {
    const response = await page.goto("/order-confirmation/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Order Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
  });
});
