import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { signPaystackBody, startPaystackStandIn, type PaystackStandIn } from "../support/paystack-stand-in";
import { expectNoSeriousViolations } from "./axe";
import { startShop, type Shop } from "./start-shop";
import { addFromProductPage, emailText, gotoHydrated, waitForOutboxEmail } from "./support";

/**
 * Paying online as a shopper does it, on a shop of its own connected to the local Paystack
 * stand-in (its hosted checkout page with Approve and Decline, and its signed webhooks to the
 * shop): card paid, mobile money approved on the phone later, declined then paid with Pay now,
 * Paystack down when the order is placed.
 */
test.describe.configure({ mode: "serial" });

const SECRET = "sk_test_e2eonlinepayment00000000";
let paystack: PaystackStandIn;
let shop: Shop;

test.beforeAll(async () => {
  // A new shop's first start migrates a new database: minutes on a busy 2-core machine.
  test.setTimeout(300_000);
  paystack = await startPaystackStandIn({ secretKey: SECRET });
  shop = await startShop({
    env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_PUBLIC_KEY: "pk_test_e2eonlinepayment00000000", PAYSTACK_API_URL: paystack.url },
  });
  paystack.setKnobs({ webhookUrl: `${shop.url}/api/webhooks/paystack` });
});
test.afterAll(async () => {
  await shop?.remove();
  await paystack?.close();
});

let shoppers = 0;
/**
 * Adds a kaftan, fills the checkout and places the order with `method`; returns the email used
 * (each order a shopper of its own, so the order limits per email never add up across tests).
 */
async function orderWith(page: Page, method: "Card Payment" | "Mobile Money"): Promise<string> {
  const email = `esi.${++shoppers}@example.com`;
  await addFromProductPage(page, 1, 1, shop.url);
  await gotoHydrated(page, `${shop.url}/checkout`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Full Name", { exact: true }).fill("Esi Owusu");
  await page.getByLabel("Phone", { exact: true }).fill("+233 24 765 4321");
  await page.getByLabel("Delivery Address").fill("3 Labone Crescent\nAccra");
  await page.getByLabel("Region").selectOption("GH-AA");
  await page.getByRole("radio", { name: new RegExp(method) }).check();
  await page.getByRole("button", { name: "Place Order" }).click();
  return email;
}

const paymentPanel = (page: Page) => page.getByTestId("order-payment");

test("card: Paystack's page, Approve, and the order page says Paid with the card used", async ({ page }) => {
  const email = await orderWith(page, "Card Payment");
  await page.waitForURL(`${paystack.url}/**`);
  // ₵299.99 and ₵30 shipping to Greater Accra: the order's total, as the server computed it.
  await expect(page.getByText("GHS 329.99")).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL(/\/order-confirmation\/[0-9a-f-]{36}\?trxref=/);
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  await expect(paymentPanel(page).getByRole("heading", { name: "Paid" })).toBeVisible();
  await expect(paymentPanel(page)).toContainText(/329\.99 received by Visa •••• 4081/);
  await expectNoSeriousViolations(page, "the order page, paid");
  // And a receipt by email, with what was paid and how.
  const receipt = emailText(await waitForOutboxEmail(email, "payment-receipt", 15_000, `${shop.dataDir}/outbox`));
  expect(receipt).toContain("329.99");
  expect(receipt).toContain("Visa •••• 4081");
});

test("to London: Pay on Delivery is not offered, card is chosen, and the order keeps the London fee and estimate", async ({ page }) => {
  await addFromProductPage(page, 1, 1, shop.url);
  await gotoHydrated(page, `${shop.url}/checkout`);
  await page.getByLabel("Email", { exact: true }).fill("kofi.london@example.com");
  await page.getByLabel("Full Name", { exact: true }).fill("Kofi Boateng");
  await page.getByLabel("Phone", { exact: true }).fill("+44 20 7946 0958");
  await page.getByLabel("Delivery Address").fill("221B Baker Street\nLondon NW1 6XE");
  await page.getByLabel("Country").selectOption("GB");
  await expect(page.getByRole("radio", { name: /Pay on Delivery/ })).toBeDisabled();
  // Pay on Delivery was chosen; it is not offered to London, so the first way to pay that is takes its place.
  await expect(page.getByRole("radio", { name: /Card Payment/ })).toBeChecked();
  await expect(page.getByTestId("summary-shipping")).toHaveText("₵600.00");
  await expect(page.getByTestId("summary-delivery")).toContainText("Delivery in 6–10 working days to United Kingdom");
  await page.getByRole("button", { name: "Place Order" }).click();
  await page.waitForURL(`${paystack.url}/**`);
  // ₵299.99 + ₵600 to the rest of the world: the total Paystack is asked for.
  await expect(page.getByText("GHS 899.99")).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL(/\/order-confirmation\/[0-9a-f-]{36}\?trxref=/);
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  await expect(paymentPanel(page).getByRole("heading", { name: "Paid" })).toBeVisible();
  await expect(page.getByTestId("order-shipping")).toHaveText("₵600.00");
  await expect(page.getByTestId("order-total")).toHaveText("GHS 899.99");
  await expect(page.getByText("United Kingdom", { exact: true })).toBeVisible();
  await expect(page.getByTestId("order-delivery")).toContainText("Shipping zone: Rest of the world");
  await expect(page.getByTestId("order-delivery")).toContainText("Delivery time: 6–10 working days from dispatch");
  const confirmation = emailText(
    await waitForOutboxEmail("kofi.london@example.com", "order-confirmation", 15_000, `${shop.dataDir}/outbox`),
  );
  expect(confirmation).toContain("Shipping: ₵600.00");
  expect(confirmation).toContain("Delivery to United Kingdom (Rest of the world zone): 6–10 working days from dispatch.");
});

test("mobile money: approved on the phone later, the page turns Paid by itself", async ({ page }) => {
  paystack.setKnobs({ mobileMoneyApprovalDelayMs: 5_000 });
  try {
    await orderWith(page, "Mobile Money");
    await page.waitForURL(`${paystack.url}/**`);
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("heading", { name: "Approve on your phone" })).toBeVisible();
    await page.getByRole("link", { name: "Return to the shop" }).click();
    await expect(page.getByRole("heading", { name: "Not paid yet", level: 1 })).toBeVisible();
    await expect(paymentPanel(page).getByRole("heading", { name: "Waiting for your payment" })).toBeVisible();
    await expect(paymentPanel(page)).toContainText("Approve the payment on your phone");
    await expectNoSeriousViolations(page, "the order page, waiting for mobile money");
    // No reload: the signed webhook lands and the page, checking every few seconds, follows.
    await expect(paymentPanel(page).getByRole("heading", { name: "Paid" })).toBeVisible({ timeout: 20_000 });
    await expect(paymentPanel(page)).toContainText("mobile money");
  } finally {
    paystack.setKnobs({ mobileMoneyApprovalDelayMs: 0 });
  }
});

test("declined, then Pay now opens a new payment that goes through", async ({ page }) => {
  await orderWith(page, "Card Payment");
  await page.waitForURL(`${paystack.url}/**`);
  await page.getByRole("button", { name: "Decline" }).click();
  await page.waitForURL(/\/order-confirmation\//);
  await expect(paymentPanel(page).getByRole("heading", { name: "Your payment did not go through" })).toBeVisible();
  await expectNoSeriousViolations(page, "the order page, declined");
  await page.getByRole("button", { name: "Pay now" }).click();
  await page.waitForURL(`${paystack.url}/**`);
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL(/\/order-confirmation\//);
  await expect(paymentPanel(page).getByRole("heading", { name: "Paid" })).toBeVisible();
});

test("Paystack down when the order is placed: a clear message, the order is kept, Pay now works later", async ({ page }) => {
  paystack.setKnobs({ unreachable: true });
  try {
    await orderWith(page, "Card Payment");
    await page.waitForURL(/\/order-confirmation\//);
    await expect(paymentPanel(page).getByRole("heading", { name: "Payment not started yet" })).toBeVisible();
    await expect(paymentPanel(page)).toContainText("Your order is saved and held");
  } finally {
    paystack.setKnobs({ unreachable: false });
  }
  await page.getByRole("button", { name: "Pay now" }).click();
  await page.waitForURL(`${paystack.url}/**`);
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL(/\/order-confirmation\//);
  await expect(paymentPanel(page).getByRole("heading", { name: "Paid" })).toBeVisible();
});

test("the webhook refuses an unsigned or forged event with 401", async ({ request }) => {
  const body = JSON.stringify({
    event: "charge.success",
    data: { reference: "AHF-forged", amount: 1, currency: "GHS", status: "success" },
  });
  for (const signature of [undefined, signPaystackBody(body, "sk_test_not_the_shops_key")]) {
    const answer = await request.post(`${shop.url}/api/webhooks/paystack`, {
      data: body,
      headers: { "content-type": "application/json", ...(signature ? { "x-paystack-signature": signature } : {}) },
    });
    expect(answer.status()).toBe(401);
  }
});

test.describe("when the hold runs out", () => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs PostgreSQL (TEST_DATABASE_URL): the test moves the order's hold into the past");
  let pgShop: Shop;
  let db: pg.Client;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    pgShop = await startShop({
      database: "postgres",
      env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_PUBLIC_KEY: "pk_test_e2eonlinepayment00000000", PAYSTACK_API_URL: paystack.url },
    });
    db = new pg.Client({ connectionString: pgShop.databaseUrl });
    await db.connect();
  });
  test.afterAll(async () => {
    await db?.end();
    await pgShop?.remove();
  });

  test("abandoned: the order is cancelled, its stock returned, and the page says so", async ({ page }) => {
    // The variant the product page adds by default: Royal Gold, M.
    const stock = async () =>
      Number(
        (
          await db.query<{ s: number }>(
            "select stock as s from product_variants where product_id = 1 and color = 'Royal Gold' and size = 'M'",
          )
        ).rows[0]!.s,
      );
    const before = await stock();
    await addFromProductPage(page, 1, 1, pgShop.url);
    await gotoHydrated(page, `${pgShop.url}/checkout`);
    await page.getByLabel("Email", { exact: true }).fill("kwesi@example.com");
    await page.getByLabel("Full Name", { exact: true }).fill("Kwesi Appiah");
    await page.getByLabel("Phone", { exact: true }).fill("+233 20 444 0000");
    await page.getByLabel("Delivery Address").fill("1 High Street\nCape Coast");
    await page.getByLabel("Region").selectOption("GH-CP");
    await page.getByRole("radio", { name: /Card Payment/ }).check();
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL(`${paystack.url}/**`);
    expect(await stock()).toBe(before - 1);
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL(/\/order-confirmation\//);
    await expect(paymentPanel(page).getByRole("heading", { name: "Your payment did not go through" })).toBeVisible();

    // The hold ends (as if its 30 minutes had passed); the shop's worker checks every 15 s.
    const orderId = /order-confirmation\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    await db.query("update orders set payment_due_at = now() - interval '1 second' where id = $1", [orderId]);
    await expect
      .poll(async () => (await db.query<{ s: string }>("select order_status as s from orders where id = $1", [orderId])).rows[0]!.s, {
        timeout: 40_000,
      })
      .toBe("cancelled");
    expect(await stock()).toBe(before);
    await page.reload();
    await expect(paymentPanel(page).getByRole("heading", { name: "Not paid in time" })).toBeVisible();
    await expectNoSeriousViolations(page, "the order page, not paid in time");
  });
});
