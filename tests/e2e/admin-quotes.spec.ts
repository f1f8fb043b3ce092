import { expect, test, type Browser, type Page } from "@playwright/test";
import { startPaystackStandIn, type PaystackStandIn } from "../support/paystack-stand-in";
import { expectNoSeriousViolations } from "./axe";
import { waitForAdminHydration } from "./admin-support";
import { startShop, type Shop } from "./start-shop";
import { sendCustomRequest } from "./custom-request-support";
import { E2E_ADMIN } from "./e2e-accounts";
import { linkInEmail, signIn, toast, waitForOutboxEmail } from "./support";

/**
 * A custom request quoted, accepted and paid (issue 46, part 4), on a shop of its own connected
 * to the local Paystack stand-in: staff write a quote from the request's dialog (two pieces, the
 * shop's deposit, a message); the customer opens the emailed link without an account, accepts,
 * pays the deposit by mobile money on the stand-in; the request then shows the order, paid in
 * part and in production. Screenshots at 1440 and 390 px go to docs/screenshots/issue-46/ when
 * ISSUE46_SHOTS is set.
 */
test.describe.configure({ mode: "serial" });

const SECRET = "sk_test_e2equotes0000000000000000";
const SHOTS = process.env.ISSUE46_SHOTS === "1";
const PHONE = { width: 390, height: 844 };
let paystack: PaystackStandIn;
let shop: Shop;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  paystack = await startPaystackStandIn({ secretKey: SECRET });
  shop = await startShop({
    admin: E2E_ADMIN,
    env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_PUBLIC_KEY: "pk_test_e2equotes0000000000000000", PAYSTACK_API_URL: paystack.url },
  });
  paystack.setKnobs({ webhookUrl: `${shop.url}/api/webhooks/paystack` });
});
test.afterAll(async () => {
  await shop?.remove();
  await paystack?.close();
});

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: `docs/screenshots/issue-46/${name}-${width}.png`, fullPage: true });
}

async function staffPage(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: shop.url, reducedMotion: "reduce", viewport });
  const page = await context.newPage();
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password, "/admin");
  await waitForAdminHydration(page);
  return page;
}

async function openRequest(page: Page, reference: string) {
  await page.goto(`/admin/custom-requests?request=${reference}`);
  const dialog = page.getByRole("dialog", { name: `Custom request ${reference}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

let reference = "";
let quoteLink = "";

test("staff write a quote from a custom request: two pieces, the shop's deposit, a message; the customer is emailed", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await staffPage(browser);
  try {
    reference = await sendCustomRequest(page.request, shop.url, "Kwabena Ofori");
    const dialog = await openRequest(page, reference);
    const email = (await dialog.getByRole("link", { name: /@example\.com$/ }).textContent())!.trim();
    await expect(dialog.getByText("No quote yet.")).toBeVisible();
    await dialog.getByRole("button", { name: "Write a quote" }).click();

    await dialog.getByLabel("Description").fill("Kaftan in forest-green brocade, gold piping");
    await dialog.getByLabel("Price (₵)").fill("1,850");
    await dialog.getByLabel("Days to make").fill("21");
    await dialog.getByRole("button", { name: "Add a piece" }).click();
    await dialog.getByLabel("Description").nth(1).fill("Matching trousers");
    await dialog.getByLabel("Price (₵)").nth(1).fill("450");
    await dialog.getByLabel("Quantity").nth(1).fill("2");
    await dialog.getByLabel("Days to make").nth(1).fill("10");
    await expect(dialog.getByLabel("Deposit (%)")).toHaveValue("50");
    await dialog
      .getByLabel(/Message to the customer/)
      .fill("Thank you, Kwabena. The brocade is from Kantamanto; a first fitting at 10 days.");
    await expect(dialog.getByText("Total ₵2,750.00")).toBeVisible();
    await expectNoSeriousViolations(page, "the quote form", '[role="dialog"]');
    await shot(page, "6-quote-write");

    await dialog.getByRole("button", { name: "Send the quote" }).click();
    await expect(toast(page, "Quote sent")).toBeVisible();
    const quotes = dialog.getByRole("list", { name: "Quotes, newest first" });
    await expect(quotes.locator(":scope > li")).toHaveCount(1);
    await expect(quotes).toContainText("Quote 1 · GHS 2,750.00");
    await expect(quotes).toContainText("Sent, awaiting the customer");
    await expect(dialog.getByLabel("Status", { exact: true })).toHaveValue("quoted");
    await expectNoSeriousViolations(page, "a request with its quote", '[role="dialog"]');
    await quotes.scrollIntoViewIfNeeded();
    await shot(page, "6-quote-sent");

    quoteLink = linkInEmail(await waitForOutboxEmail(email, "quote", 15_000, `${shop.dataDir}/outbox`), "/quote/");
    expect(quoteLink).toMatch(new RegExp(`^${shop.url}/quote/[A-Za-z0-9_-]{43}$`));
  } finally {
    await page.context().close();
  }
});

test("the customer opens the quote without an account, accepts it and pays the deposit by mobile money", async ({ browser }) => {
  test.setTimeout(120_000);
  test.skip(!quoteLink, "needs the quote of the test before");
  const phone = await browser.newContext({ viewport: PHONE });
  try {
    const page = await phone.newPage();
    await page.goto(quoteLink);
    await expect(page.getByRole("heading", { name: "Your bespoke kaftan", level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, "6-quote-customer");
  } finally {
    await phone.close();
  }

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  try {
    await page.goto(quoteLink);
    await expect(page.getByRole("heading", { name: "Your bespoke kaftan", level: 1 })).toBeVisible();
    await expect(page.getByText("Kaftan in forest-green brocade, gold piping")).toBeVisible();
    await expect(page.getByTestId("quote-total")).toHaveText("GHS 2,750.00");
    await expect(page.getByTestId("quote-deposit")).toHaveText("₵1,375.00");
    await expectNoSeriousViolations(page, "the customer's quote");
    await shot(page, "6-quote-customer");

    await page.getByRole("button", { name: "Accept and pay the GHS 1,375.00 deposit" }).click();
    await page.waitForURL(/\/pay\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole("heading", { name: /^Pay (your deposit: )?GHS 1,375\.00$/ })).toBeVisible();
    await expectNoSeriousViolations(page, "the deposit's payment page");
    await shot(page, "6-quote-deposit");
    await page.getByRole("button", { name: /Pay with Mobile Money/ }).click();
    await page.waitForURL(`${paystack.url}/**`);
    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL(/\/order-confirmation\/[0-9a-f-]{36}/);
    await expect(page.getByRole("heading", { name: "Deposit paid" })).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousViolations(page, "the order after the deposit");
    await shot(page, "6-quote-order-after-deposit");

    // The quote's link, opened again, goes on to the same order and never makes a second one.
    await page.goto(quoteLink);
    await expect(page.getByText("You have accepted this quote: it is your order now.")).toBeVisible();
  } finally {
    await context.close();
  }
});

test("the request shows the order its quote became, its deposit paid and in production", async ({ browser }) => {
  test.skip(!reference, "needs the request of the first test");
  const page = await staffPage(browser);
  try {
    const dialog = await openRequest(page, reference);
    const quotes = dialog.getByRole("list", { name: "Quotes, newest first" });
    await expect(quotes).toContainText("Accepted");
    await expect(quotes).toContainText("deposit paid, in production");
    await expect(quotes.getByRole("link", { name: /^ORD-\d{6}$/ })).toBeVisible();
    await expect(dialog.getByRole("button", { name: /Revise the quote|Write a quote/ })).toHaveCount(0);
    await expect(dialog.getByLabel("Status", { exact: true })).toHaveValue("accepted");
    await expectNoSeriousViolations(page, "a request whose quote was accepted", '[role="dialog"]');
    await quotes.scrollIntoViewIfNeeded();
    await shot(page, "6-quote-accepted");
  } finally {
    await page.context().close();
  }
});

test("on a phone: a request's quotes and the quote form fit the screen", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await staffPage(browser, PHONE);
  try {
    const another = await sendCustomRequest(page.request, shop.url, "Adwoa Sarpong");
    const dialog = await openRequest(page, another);
    await dialog.getByRole("button", { name: "Write a quote" }).click();
    await dialog.getByLabel("Description").fill("Smock (fugu) in Bolgatanga strip-weave");
    await dialog.getByLabel("Price (₵)").fill("980");
    await dialog.getByRole("button", { name: "Send the quote" }).click();
    await expect(toast(page, "Quote sent")).toBeVisible();
    await dialog.getByRole("button", { name: "Revise the quote" }).click();
    await expect(dialog.getByLabel("Description")).toHaveValue("Smock (fugu) in Bolgatanga strip-weave");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page, "the quote form on a phone", '[role="dialog"]');
    await shot(page, "6-quote-write");
    await dialog.getByLabel("Price (₵)").fill("1,050");
    await dialog.getByRole("button", { name: "Send the revised quote" }).click();
    await expect(toast(page, "Quote sent")).toBeVisible();
    const quotes = dialog.getByRole("list", { name: "Quotes, newest first" });
    await expect(quotes.locator(":scope > li")).toHaveCount(2);
    await expect(quotes).toContainText("Replaced by a revision");
    await shot(page, "6-quote-sent");
  } finally {
    await page.context().close();
  }
});

test("a wrong quote link shows no quote, only what to do", async ({ page }) => {
  const answer = await page.goto(`${shop.url}/quote/${"x".repeat(43)}`);
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Quote not found" })).toBeVisible();
  await expect(page.getByTestId("quote-message")).toHaveText(
    "This quote link is not valid. Please check it was copied in full, or contact us and we will send it again.",
  );
  await expectNoSeriousViolations(page, "an unknown quote link");
});
