import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import {
  checkout,
  fillMeasurements,
  MEASUREMENTS_LINE,
  MTM_SUIT,
  measurementsCm,
  openMadeToMeasure,
  placeMadeToMeasureOrder,
} from "./made-to-measure-support";
import {
  cartPanel,
  closeWithEscape,
  createVerifiedCustomer,
  emailText,
  gotoHydrated,
  ownClientAddress,
  toast,
  waitForOutboxEmail,
} from "./support";

/**
 * Made to measure (issue 14, item 6): the suit offers it beside the sizes; the measurements are
 * checked in the browser, travel with the order to the confirmation and its email, and a
 * signed-in customer finds them filled in next time.
 */

test("made to measure: surcharge and production time shown, an impossible value refused, ordered, confirmed and emailed with the measurements", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const panel = await openMadeToMeasure(page);
  await expect(panel.getByTestId("made-to-measure-surcharge")).toHaveText("+ ₵150.00");
  await expect(panel.getByTestId("made-to-measure-days")).toHaveText("Made for you in 15 working days, then shipped");
  await expect(panel.getByText("How to measure")).toBeVisible();
  await expect(page.getByRole("button", { name: `Add to Cart - Made to measure - ${MTM_SUIT.priceWithSurcharge}` })).toBeVisible();
  await expectNoSeriousViolations(page, "product page with the measurements form (1440)");

  // Nothing typed: refused in the browser, box by box.
  const add = page.getByRole("button", { name: /^Add to Cart - Made to measure - / });
  await add.click();
  await expect(panel.getByText("Enter your chest in cm")).toBeVisible();
  await expect(panel.getByText("10 measurements need another look.")).toBeVisible();
  await expect(panel.getByLabel("Chest", { exact: true })).toBeFocused();

  await fillMeasurements(panel);
  await panel.getByLabel("Chest", { exact: true }).fill("400");
  await add.click();
  await expect(panel.getByText("A chest of 400 cm is outside what we can make (60–180 cm). Please measure again.")).toBeVisible();
  await expect(panel.getByLabel("Chest", { exact: true })).toHaveAttribute("aria-invalid", "true");
  // Nothing typed is lost.
  await expect(panel.getByLabel("Waist", { exact: true })).toHaveValue("90");

  await panel.getByLabel("Chest", { exact: true }).fill("104");
  const email = `kwame-mtm-${Date.now()}@example.com`;
  // The cart names it and prices it with the surcharge.
  await add.click();
  await expect(toast(page, "Added to Cart")).toBeVisible();
  await page.getByRole("button", { name: "View cart" }).click();
  const cart = cartPanel(page);
  await expect(cart.getByTestId("made-to-measure-line")).toContainText(MEASUREMENTS_LINE);
  await expect(cart.getByTestId("made-to-measure-line")).toContainText("Made in 15 working days · includes ₵150.00 for making to measure");
  await expect(cart.getByTestId("cart-total")).toHaveText(MTM_SUIT.priceWithSurcharge);
  await closeWithEscape(page, cart);

  const orderNumber = await checkout(page, { email, name: "Kwame Mensah" });
  await expect(page.getByTestId("made-to-measure-line").first()).toContainText(MEASUREMENTS_LINE);
  await expect(page.getByTestId("made-to-measure-line").first()).toContainText("Made in 15 working days");

  const mail = emailText(await waitForOutboxEmail(email, "order-confirmation"));
  expect(mail).toContain(orderNumber);
  expect(mail).toContain(MEASUREMENTS_LINE);
  expect(mail).toContain("Made in 15 working days");
});

test("the measurements form passes axe on a phone and keeps to the screen's width", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const panel = await openMadeToMeasure(page);
  await expect(panel.getByLabel("Height", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page, "product page with the measurements form (390)");
});

for (const width of [390, 1440]) {
  test(`each measurement has its drawing beside its box, fetched only once made to measure is chosen (${width})`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const diagrams: string[] = [];
    page.on("response", (response) => {
      if (/measurement-diagram[^/]*\.js$/.test(response.url())) diagrams.push(response.url());
    });
    await gotoHydrated(page, `/product/${MTM_SUIT.id}`);
    expect(diagrams, "no drawing before made to measure is chosen").toEqual([]);
    const panel = await openMadeToMeasure(page);
    for (const key of ["chest", "waist", "hips", "shoulder", "sleeve", "topLength", "trouserLength", "inseam", "neck", "height"])
      await expect(panel.locator(`svg[data-measure="${key}"]`)).toBeVisible();
    expect(diagrams).toHaveLength(1);
    // The drawing sits beside its box, not above or below it.
    const drawing = await panel.locator('svg[data-measure="sleeve"]').boundingBox();
    const box = await panel.getByLabel("Sleeve", { exact: true }).boundingBox();
    expect(drawing!.x + drawing!.width).toBeLessThanOrEqual(box!.x);
    expect(drawing!.y + drawing!.height).toBeGreaterThan(box!.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoSeriousViolations(page, `measurements with their drawings (${width})`);
  });
}

test("a signed-in customer's measurements are kept and offered on their next visit, saying from which order", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setExtraHTTPHeaders(ownClientAddress());
  const email = `esi-measured-${Date.now()}@example.com`;
  await createVerifiedCustomer(page.request, baseURL!, email, "esi-pass-123");
  // Nothing saved yet: the boxes are empty and nothing is offered.
  const first = await openMadeToMeasure(page);
  await expect(first.getByLabel("Chest", { exact: true })).toHaveValue("");
  await expect(first.getByRole("button", { name: "Use the measurements from my last order" })).toHaveCount(0);
  const orderNumber = await placeMadeToMeasureOrder(page, { email, name: "Esi Measured" });

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const next = await openMadeToMeasure(page);
    const use = next.getByRole("button", { name: "Use the measurements from my last order" });
    await expect(next.getByTestId("last-measurements-source")).toHaveText(
      new RegExp(`^From your order ${orderNumber} of \\d{1,2} \\w{3} \\d{4}\\.$`),
    );
    // Offered, not imposed: the boxes stay empty until the button is pressed.
    await expect(next.getByLabel("Chest", { exact: true })).toHaveValue("");
    await next.getByLabel("Chest", { exact: true }).fill("99");
    await use.click();
    await expect(next.getByText("Filled in: check each box and change what has changed.")).toBeVisible();
    for (const [label, value] of measurementsCm) await expect(next.getByLabel(label, { exact: true })).toHaveValue(value);
    await expectNoSeriousViolations(page, `made to measure with the last order's measurements (${width})`);
  }
  // The product's data carries no one's measurements: they came from /api/my-measurements after load.
  const html = await (await page.request.get(`/product/${MTM_SUIT.id}`)).text();
  expect(html.includes("madeToMeasure"), "the page offers made to measure").toBe(true);
  expect(/topLength|trouserLength/.test(html), "no measurements in the page's HTML").toBe(false);
});
