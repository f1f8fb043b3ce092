import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
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
 * stand-in; the order is paid. The custom piece carries a photo, seen on the draft and on the link's
 * page. Enter in the editor finds with the search box's own Find, and saves the draft anywhere else.
 * Screenshots of the new screens at 1440 and 390 px go to
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

/**
 * A photo of kente cloth as a phone would send it: a JPEG of some 400 KB, larger than an ordinary
 * form may be (server/body-limit.ts), which the draft editor takes with its custom piece.
 */
async function kentePhoto(): Promise<Buffer> {
  const colours = ["#1f5b3a", "#d4a017", "#8c2a1c", "#d4a017", "#111111", "#d4a017"];
  const bands = colours.map((c, i) => `<rect y="${i * 60}" width="960" height="60" fill="${c}"/>`).join("");
  const warp = Array.from({ length: 16 }, (_, i) => `<rect x="${i * 60}" width="30" height="1200" fill="#d4a017" opacity="0.35"/>`).join(
    "",
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="1200"><defs><pattern id="k" width="960" height="360" patternUnits="userSpaceOnUse">${bands}</pattern></defs><rect width="960" height="1200" fill="url(#k)"/>${warp}</svg>`;
  const weave = await sharp({
    create: { width: 960, height: 1200, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 30 } },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: weave, blend: "soft-light" }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A stored photo (`/uploads/products/<name>-<width>.webp`) shown in `where`, loaded. */
async function expectPhotoShown(where: Locator) {
  const photo = where.locator("img");
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute("src", /^\/uploads\/products\/[0-9a-f]{32}-\d+\.webp$/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

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
  await page.getByLabel(/^Photo/).setInputFiles({ name: "kente.jpg", mimeType: "image/jpeg", buffer: await kentePhoto() });
  await page.getByRole("button", { name: "Add custom piece" }).click();
  const pieces = page.getByRole("list", { name: "Pieces in this order" }).getByRole("listitem");
  await expect(pieces).toHaveCount(2);
  await expectPhotoShown(pieces.filter({ hasText: "Wedding agbada in family kente" }));
  // The custom piece's form is empty again for the next one, its photo too.
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue("");
  await expect(page.getByLabel(/^Photo/)).toHaveValue("");

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

  // The order's details show the custom piece with its photo.
  await page.getByRole("link", { name: "View the order" }).click();
  const items = page.getByRole("table", { name: /^Items of order ORD-\d{6}$/ });
  await expectPhotoShown(items.getByRole("row").filter({ hasText: "Wedding agbada in family kente" }));
  await items.scrollIntoViewIfNeeded();
  await shot(page, "2-order-details-photo");
  if (SHOTS) {
    // The dialog scrolls inside the screen: a shot of the screen, from the Items heading.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("heading", { name: "Items", exact: true }).evaluate((h) => h.scrollIntoView({ block: "start" }));
    await page.screenshot({ path: "docs/screenshots/issue-46/2-order-details-photo-390.png" });
  }
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
    // The photo staff added to the custom piece, as a catalogue piece shows its picture.
    await expectPhotoShown(page.getByRole("listitem").filter({ hasText: "Wedding agbada in family kente" }));
    await expectNoSeriousViolations(page, "the payment link page");
    await shot(page, "3-payment-link-page");
    if (SHOTS) {
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, "3-payment-link-page");
      await page.setViewportSize({ width: 1440, height: 900 });
    }
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
    await waitForAdminHydration(page);
    await page.getByLabel("The order came in by").selectOption("showroom");
    await page.getByRole("button", { name: "New order" }).click();
    // The editor's buttons act once it is hydrated: a piece added before then was never added.
    await expect(page.getByRole("heading", { name: /^New order · DR-\d{6}$/ })).toBeVisible();
    await waitForAdminHydration(page);
    await page.getByLabel("Full name", { exact: true }).fill("Ama Asante");
    await page.getByLabel("Email", { exact: true }).fill("ama.asante@example.com");
    await page.getByLabel("Phone or WhatsApp", { exact: true }).fill("+233 20 111 2233");
    await page.getByLabel("Description", { exact: true }).fill("Kente stole, hand-woven in Bonwire");
    await page.getByLabel("Price (₵)", { exact: true }).fill("480");
    await page.getByLabel("Working days", { exact: true }).fill("10");
    await page.getByRole("button", { name: "Add custom piece" }).click();
    // The piece is saved with the draft before the next field is touched: a choice made while the
    // editor reloads the draft is undone by it (the local fresh-clone run saw the radio not take).
    await expect(page.getByRole("list", { name: "Pieces in this order" }).getByRole("listitem")).toHaveCount(1);
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

test("Enter in the draft editor: a search box finds with its own Find; any other field saves the draft, discarding and placing nothing", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await staffPage(browser);
  try {
    await page.goto("/admin/orders/drafts");
    await waitForAdminHydration(page);
    await page.getByLabel("The order came in by").selectOption("phone");
    await page.getByRole("button", { name: "New order" }).click();
    const heading = page.getByRole("heading", { name: /^New order · DR-\d{6}$/ });
    await expect(heading).toBeVisible();
    const reference = (await heading.textContent())!;
    const editor = page.url();
    const pieces = page.getByRole("list", { name: "Pieces in this order" }).getByRole("listitem");
    await page.getByLabel("Description", { exact: true }).fill("Kente stole, hand-woven in Bonwire");
    await page.getByLabel("Price (₵)", { exact: true }).fill("480");
    await page.getByRole("button", { name: "Add custom piece" }).click();
    await expect(pieces).toHaveCount(1);

    // Enter in the piece's search: the pieces found, not a customer search.
    await page.getByLabel("Full name", { exact: true }).fill("Abena Osei");
    await page.getByLabel("Piece's name", { exact: true }).fill("kaftan");
    await page.getByLabel("Piece's name", { exact: true }).press("Enter");
    await expect(page.getByRole("list", { name: "Matching pieces" })).toBeVisible();
    await expect(page.getByText(/No earlier customer matches/)).toHaveCount(0);
    await expect(page.getByLabel("Full name", { exact: true })).toHaveValue("Abena Osei");

    // Enter in the customer's search: the customers found.
    await page.getByLabel("Find a customer", { exact: true }).fill("Nobody by this name");
    await page.getByLabel("Find a customer", { exact: true }).press("Enter");
    await expect(page.getByText("No earlier customer matches “Nobody by this name”.")).toBeVisible();

    // Enter in a plain field saves the draft as typed: still the same draft, its piece still in it, nothing placed.
    await page.getByLabel("Full name", { exact: true }).fill("Abena Osei-Bonsu");
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().startsWith(editor.split("?")[0]!));
    await page.getByLabel("Full name", { exact: true }).press("Enter");
    expect((await saved).status()).toBeLessThan(400);
    await page.goto(editor.split("?")[0]!);
    await expect(page.getByRole("heading", { name: reference })).toBeVisible();
    await expect(page.getByLabel("Full name", { exact: true })).toHaveValue("Abena Osei-Bonsu");
    await expect(pieces).toHaveCount(1);
    await expect(page.getByRole("heading", { name: /^Order ORD-\d{6} placed$/ })).toHaveCount(0);
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
    await expect(page.getByLabel("Region (Ghana)", { exact: true })).toHaveValue("GH-AA");
    // Saving straight after keeps that region (a select that kept its first blank would post it).
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/orders/drafts/")),
      page.getByRole("button", { name: "Save draft" }).click(),
    ]);
    await expect(page.getByLabel("Region (Ghana)", { exact: true })).toHaveValue("GH-AA");
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
