import { expect, type Locator, type Page } from "@playwright/test";
import { gotoHydrated, toast } from "./support";

/** The sample catalog's made-to-measure suit: product 2, ₵799.99, + ₵150.00, 15 working days. */
export const MTM_SUIT = { id: 2, name: "Accra Executive Three-Piece Suit", priceWithSurcharge: "₵949.99" };

/** Measurements in centimetres as a shopper types them, in the form's order. */
export const measurementsCm: [string, string][] = [
  ["Chest", "104"],
  ["Waist", "90"],
  ["Hips", "102"],
  ["Shoulder", "47"],
  ["Sleeve", "64"],
  ["Top length", "78"],
  ["Trouser length", "104"],
  ["Inseam", "80"],
  ["Neck", "41"],
  ["Height", "180"],
];

/** What every view of the order says of those measurements. */
export const MEASUREMENTS_LINE =
  "Made to measure (cm): Chest 104 · Waist 90 · Hips 102 · Shoulder 47 · Sleeve 64 · Top length 78 · Trouser length 104 · Inseam 80 · Neck 41 · Height 180";

/** Opens the suit's page and chooses Made to measure; returns the measurements panel. */
export async function openMadeToMeasure(page: Page): Promise<Locator> {
  await gotoHydrated(page, `/product/${MTM_SUIT.id}`);
  await page.getByRole("button", { name: /^Made to measure/ }).click();
  const panel = page.getByRole("region", { name: "Made to measure" });
  await expect(panel).toBeVisible();
  return panel;
}

export async function fillMeasurements(panel: Locator, values: [string, string][] = measurementsCm): Promise<void> {
  for (const [label, value] of values) await panel.getByLabel(label, { exact: true }).fill(value);
}

/** Made to measure with valid measurements, added to the cart, and the order placed (Greater Accra, Pay on Delivery); returns the order number. */
export async function placeMadeToMeasureOrder(page: Page, customer: { email: string; name: string }): Promise<string> {
  const panel = await openMadeToMeasure(page);
  await fillMeasurements(panel);
  await page.getByRole("button", { name: /^Add to Cart - Made to measure - / }).click();
  await expect(toast(page, "Added to Cart")).toBeVisible();
  return checkout(page, customer);
}

/** Checks out the cart as a guest in Greater Accra with Pay on Delivery; returns the order number. */
export async function checkout(page: Page, customer: { email: string; name: string }): Promise<string> {
  await gotoHydrated(page, "/checkout");
  await page.getByLabel("Email", { exact: true }).fill(customer.email);
  await page.getByLabel("Full Name", { exact: true }).fill(customer.name);
  await page.getByLabel("Phone", { exact: true }).fill("+233 24 555 0199");
  await page.getByLabel("Delivery Address").fill("5 Oxford Street, Osu\nAccra");
  await page.getByLabel("Region").selectOption("GH-AA");
  await expect(page.getByRole("radio", { name: /Pay on Delivery/ })).toBeChecked();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  return (await page.getByText(/^ORD-\d{6}$/).textContent())!;
}
