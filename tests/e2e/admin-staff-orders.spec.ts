import { expect, test, type Browser, type Page } from "@playwright/test";
import { startPaystackStandIn, type PaystackStandIn } from "../support/paystack-stand-in";
import { expectNoSeriousViolations } from "./axe";
import { startShop, type Shop } from "./start-shop";
import { placeGuestOrder, uniqueGuest, waitForAdminHydration } from "./admin-support";
import { E2E_ADMIN } from "./e2e-accounts";
import { emailText, signIn, waitForOutboxEmail } from "./support";

/**
 * A WhatsApp order taken by staff end to end (issue 46, parts 1 and 2), on a shop of its own
 * connected to the local Paystack stand-in: Orders → New order, the customer, a kaftan from the
 * catalogue and a custom piece, a discount, placed with a payment link; the link emailed and
 * ready for WhatsApp; the customer opens it without an account and pays by mobile money on the
 * stand-in; the order is paid. Screenshots of the new screens at 1440 and 390 px go to
 * docs/screenshots/issue-46/ when ISSUE46_SHOTS is set.
 */
test.describe.configure({ mode: "serial" });

const SECRET = "sk_test_e2estafforders000000000";
const SHOTS = process.env.ISSUE46_SHOTS === "1";
let paystack: PaystackStandIn;
let shop: Shop;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  paystack = await startPaystackStandIn({ secretKey: SECRET });
  shop = await startShop({
    admin: E2E_ADMIN,
    env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_PUBLIC_KEY: "pk_test_e2estafforders000000000", PAYSTACK_API_URL: paystack.url },
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

let paymentLink = "";

async function staffPage(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: shop.url, reducedMotion: "reduce", viewport });
  const page = await context.newPage();
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password, "/admin");
  await waitForAdminHydration(page);
  return page;
}

test("staff take a WhatsApp order: draft, pieces, discount, placed with a payment link ready for WhatsApp", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await staffPage(browser);
  await page.goto("/admin/orders");
  await page.getByRole("link", { name: "New order" }).click();
  await expect(page.getByRole("heading", { name: "Drafts", level: 1 })).toBeVisible();
  await expect(page.getByText("No drafts")).toBeVisible();
  await page.getByLabel("The order came in by").selectOption("whatsapp");
  await page.getByRole("button", { name: "New order" }).click();
  await expect(page.getByRole("heading", { name: /^New order · DR-\d{6}$/ })).toBeVisible();

  await page.getByLabel("Full name", { exact: true }).fill("Kofi Mensah");
  await page.getByLabel("Email", { exact: true }).fill("kofi.mensah@example.com");
  await page.getByLabel("Phone or WhatsApp", { exact: true }).fill("024 411 8820");
  await page.getByLabel("Piece's name", { exact: true }).fill("kaftan");
  await page.getByRole("button", { name: "Find" }).nth(1).click();
  const matches = page.getByRole("list", { name: "Matching pieces" });
  await expect(matches).toBeVisible();
  // What was typed before searching is kept (every button saves the whole form).
  await expect(page.getByLabel("Full name", { exact: true })).toHaveValue("Kofi Mensah");
  await matches.getByRole("button").first().click();
  const size = page.getByLabel("Size", { exact: true });
  await size.selectOption({ index: 2 });
  await page.getByRole("button", { name: "Add to order" }).click();
  await expect(page.getByRole("list", { name: "Pieces in this order" }).getByRole("listitem")).toHaveCount(1);

  await page.getByLabel("Description", { exact: true }).fill("Wedding agbada in family kente");
  await page.getByLabel("Price (₵)", { exact: true }).fill("2,500");
  await page.getByLabel("Working days", { exact: true }).fill("21");
  await page.getByRole("button", { name: "Add custom piece" }).click();
  await expect(page.getByRole("list", { name: "Pieces in this order" }).getByRole("listitem")).toHaveCount(2);

  // A discount without its reason is refused when placing; nothing is placed.
  await page.getByLabel("Region (Ghana)", { exact: true }).selectOption("GH-AA");
  await page.getByLabel("Delivery address", { exact: true }).fill("14 Oxford Street, Osu, Accra");
  // Paid in full by its link: deposits have their own browser test (deposits.spec.ts).
  await page.getByRole("combobox", { name: "Deposit", exact: true }).selectOption("none");
  await page.getByLabel(/^Discount \(₵\)/).fill("50");
  await page.getByRole("button", { name: "Place and send payment link" }).click();
  await expect(page.getByText("Say why the discount is given.")).toBeVisible();
  await page.getByLabel("Why", { exact: true }).fill("Returning customer");
  await page.getByRole("button", { name: "Save draft" }).click();
  const total = page.getByTestId("draft-total");
  await expect(total).toHaveText(/^GHS [\d,]+\.\d\d$/);
  const shown = (await total.textContent())!;
  await expectNoSeriousViolations(page, "the draft editor");
  await shot(page, "1-draft-editor");

  await page.getByRole("button", { name: "Place and send payment link" }).click();
  await expect(page.getByRole("heading", { name: /^Order ORD-\d{6} placed$/ })).toBeVisible();
  await expect(page.getByText(`Waiting for the customer to pay ${shown}.`)).toBeVisible();
  paymentLink = await page.getByLabel(/Payment link/).inputValue();
  expect(paymentLink).toMatch(new RegExp(`^${shop.url}/pay/[A-Za-z0-9_-]{43}$`));
  const whatsapp = await page.getByRole("link", { name: "Send on WhatsApp" }).getAttribute("href");
  expect(whatsapp).toMatch(/^https:\/\/wa\.me\/233244118820\?text=/);
  expect(decodeURIComponent(whatsapp!.split("text=")[1]!)).toContain(paymentLink);
  await expectNoSeriousViolations(page, "the placed order");
  await shot(page, "2-placed-with-link");

  const email = emailText(await waitForOutboxEmail("kofi.mensah@example.com", "payment-link", 15_000, `${shop.dataDir}/outbox`));
  expect(email).toContain(paymentLink);
  expect(email).toContain("Discount");
  await page.context().close();
});

test("the customer opens the link without an account and pays by mobile money; the order is paid", async ({ browser }) => {
  test.skip(!paymentLink, "needs the link of the test before");
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(paymentLink);
    await expect(page.getByRole("heading", { name: /^Pay GHS [\d,]+\.\d\d$/ })).toBeVisible();
    await expect(page.getByText("Wedding agbada in family kente")).toBeVisible();
    await expectNoSeriousViolations(page, "the payment link page");
    await shot(page, "3-payment-link-page");
    await page.getByRole("button", { name: /Pay with Mobile Money/ }).click();
    await page.waitForURL(`${paystack.url}/**`);
    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL(/\/order-confirmation\/[0-9a-f-]{36}/);
    await expect(page.getByTestId("order-payment").getByRole("heading", { name: "Paid" })).toBeVisible({ timeout: 20_000 });
    // Opened again, the link takes nothing more: it says the order is paid.
    await page.goto(paymentLink);
    await expect(page.getByRole("heading", { name: "Paid, thank you" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("a showroom order paid on collection: its details ask for payment, a link goes out, then cash is recorded once", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await staffPage(browser);
  try {
    await page.goto("/admin/orders/drafts");
    await page.getByLabel("The order came in by").selectOption("showroom");
    await page.getByRole("button", { name: "New order" }).click();
    await page.getByLabel("Full name", { exact: true }).fill("Ama Asante");
    await page.getByLabel("Email", { exact: true }).fill("ama.asante@example.com");
    await page.getByLabel("Phone or WhatsApp", { exact: true }).fill("+233 20 111 2233");
    await page.getByLabel("Description", { exact: true }).fill("Kente stole, hand-woven in Bonwire");
    await page.getByLabel("Price (₵)", { exact: true }).fill("480");
    await page.getByLabel("Working days", { exact: true }).fill("10");
    await page.getByRole("button", { name: "Add custom piece" }).click();
    await page.getByLabel("Collect from the showroom (no fee)").check();
    await page.getByRole("combobox", { name: "Deposit", exact: true }).selectOption("none");
    await page.getByRole("button", { name: "Place, paid on delivery or collection" }).click();
    await expect(page.getByRole("heading", { name: /^Order ORD-\d{6} placed$/ })).toBeVisible();
    await page.getByRole("link", { name: "View the order" }).click();

    const panel = page.getByRole("region", { name: /Ask for payment/ });
    await expect(panel).toContainText("₵480.00");
    await panel.getByLabel(/Email it to/).uncheck();
    await panel.getByRole("button", { name: "Send payment link" }).click();
    await expect(panel.getByLabel(/New payment link/)).toHaveValue(new RegExp(`^${shop.url}/pay/[A-Za-z0-9_-]{43}$`));
    await expect(panel.getByRole("link", { name: "Send on WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/233201112233\?text=/);
    await expect(panel.getByRole("list", { name: "Payment links sent" })).toContainText(/open until/);
    await expectNoSeriousViolations(page, "an unpaid order's Ask for payment panel");
    await shot(page, "4-ask-for-payment");

    await panel.getByLabel("Paid by").selectOption("cash");
    await panel.getByLabel(/Reference/).fill("Showroom receipt 0042");
    await panel.getByRole("button", { name: "Record ₵480.00 paid" }).click();
    await expect(page.getByText("Payment recorded: the order is paid and the customer has their receipt.")).toBeVisible();
    await expect(page.getByRole("region", { name: /Ask for payment/ })).toHaveCount(0);
    await expect(page.getByText("Paid: Cash, GHS 480.00, reference Showroom receipt 0042")).toBeVisible();
  } finally {
    await page.context().close();
  }
});

test("on a phone: the drafts list and a new draft's editor fit the screen", async ({ browser }) => {
  const page = await staffPage(browser, { width: 390, height: 844 });
  try {
    await page.goto("/admin/orders/drafts");
    await page.getByRole("button", { name: "New order" }).click();
    await expect(page.getByRole("heading", { name: /^New order · DR-\d{6}$/ })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page, "the draft editor on a phone");
    await shot(page, "1-draft-editor");
    await page.goto("/admin/orders/drafts");
    await expect(page.getByRole("link", { name: /^DR-\d{6}$/ }).first()).toBeVisible();
    await shot(page, "0-drafts");
  } finally {
    await page.context().close();
  }
});

test("a wrong link shows no order, only what to do", async ({ page }) => {
  const answer = await page.goto(`${shop.url}/pay/${"x".repeat(43)}`);
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Payment link not found" })).toBeVisible();
  await expect(page.getByTestId("pay-link-message")).toHaveText(
    "This payment link is not valid. Please check that you opened the whole link, or ask us for a new one.",
  );
  await expectNoSeriousViolations(page, "an unknown payment link");
});

test("a customer who ordered before: Find a customer, then Use, fills name, email, phone and address from their last order", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The customer's order, placed on the storefront as a guest earlier the same day.
  const customer = uniqueGuest("Efua Quaye");
  customer.phone = "+233 55 246 8135";
  customer.address = "22 Liberation Road, Airport Residential\nAccra";
  const shopperContext = await browser.newContext({ baseURL: shop.url, reducedMotion: "reduce" });
  const shopper = await shopperContext.newPage();
  const page = await staffPage(browser);
  try {
    await placeGuestOrder(shopper, customer, 1);

    await page.goto("/admin/orders/drafts");
    await page.getByLabel("The order came in by").selectOption("phone");
    await page.getByRole("button", { name: "New order" }).click();
    await expect(page.getByRole("heading", { name: /^New order · DR-\d{6}$/ })).toBeVisible();
    const section = page.getByRole("region", { name: "Customer" });
    await expect(section.getByLabel("Full name", { exact: true })).toHaveValue("");
    await section.getByLabel("Find a customer").fill(customer.email);
    await section.getByRole("button", { name: "Find" }).click();
    const earlier = section.getByRole("list", { name: "Earlier customers" });
    await expect(earlier.getByRole("listitem")).toHaveCount(1);
    await expect(earlier).toContainText(`${customer.email} · ${customer.phone}`);
    await earlier.getByRole("button", { name: `Use ${customer.name}, ${customer.email}` }).click();

    await expect(section.getByLabel("Full name", { exact: true })).toHaveValue(customer.name);
    await expect(section.getByLabel("Email", { exact: true })).toHaveValue(customer.email);
    await expect(section.getByLabel("Phone or WhatsApp", { exact: true })).toHaveValue(customer.phone);
    await expect(page.getByLabel("Delivery address", { exact: true })).toHaveValue(customer.address);
    // Kept with the draft, not only on screen: a reload shows the same, with the region of that order.
    await page.reload();
    await expect(page.getByLabel("Full name", { exact: true })).toHaveValue(customer.name);
    await expect(page.getByLabel("Delivery address", { exact: true })).toHaveValue(customer.address);
    await expect(page.getByLabel("Region (Ghana)", { exact: true })).toHaveValue("GH-AA");
  } finally {
    await shopperContext.close();
    await page.context().close();
  }
});
