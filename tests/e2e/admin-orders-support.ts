import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./e2e-accounts";
import { addFromProductPage, gotoHydrated, signIn } from "./support";

/** Helpers of the admin orders and customers browser tests (not a spec file). */

export interface GuestCustomer {
  email: string;
  name: string;
  phone: string;
  address: string;
}

/** A customer no other test uses (the e2e shop is shared by every spec of a run). */
export function uniqueGuest(name: string): GuestCustomer {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const [first = "guest"] = name.toLowerCase().split(" ");
  return { email: `${first}.${tag}@example.com`, name, phone: "+233 24 555 0142", address: "12 Independence Avenue, Ridge\nAccra" };
}

/** Buys `quantity` of product `productId` (default colour and size) as a guest; returns the order number. */
export async function placeGuestOrder(page: Page, customer: GuestCustomer, productId: number, quantity = 1): Promise<string> {
  await addFromProductPage(page, productId, quantity);
  await gotoHydrated(page, "/checkout");
  await page.getByLabel("Email", { exact: true }).fill(customer.email);
  await page.getByLabel("Full Name", { exact: true }).fill(customer.name);
  await page.getByLabel("Phone", { exact: true }).fill(customer.phone);
  await page.getByLabel("Delivery Address").fill(customer.address);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  return (await page.getByText(/^ORD-\d{6}$/).textContent())!;
}

/** A signed-in admin in a browser context of its own (the shopper's cart and session stay apart). */
export async function adminPage(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  const page = await context.newPage();
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password, path);
  await page.waitForURL((url) => url.pathname === path);
  await waitForAdminHydration(page);
  return page;
}

/** Admin pages have no storefront header: wait until the sidebar toggle carries React's props. */
export async function waitForAdminHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const button = document.querySelector("header button");
    return button !== null && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
}

/** axe-core: no serious or critical WCAG 2.0/2.1 A/AA violation on what is on screen now. */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map((v) => `- ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`).join("\n");
  expect(serious.length, `axe found serious or critical violations on ${label}:\n${report}\n`).toBe(0);
}
