import fs from "node:fs";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./e2e-accounts";
import { startShop, type Shop } from "./start-shop";
import { addFromProductPage, gotoHydrated, signIn } from "./support";

/** Helpers of the admin browser tests (not a spec file). */

/**
 * The e2e admin's signed-in browser state (its session cookie), saved once per run by
 * admin-session.setup.ts. Admin tests start from it instead of signing in again: the shop
 * allows 30 sign-in attempts per address in 15 minutes, and a suite signing in for every test
 * would (rightly) be refused.
 */
export const ADMIN_STATE = `.tmp/e2e-${process.env.E2E_PORT ?? 3210}-admin-state.json`;

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
  await page.getByLabel("Region").selectOption("GH-AA");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  return (await page.getByText(/^ORD-\d{6}$/).textContent())!;
}

/**
 * A shopper's browser context with no session. In a spec that uses ADMIN_STATE,
 * browser.newContext() would start from the admin's cookies too (Playwright applies the
 * spec's `use` options to it), so guests must ask for an empty state.
 */
export function guestContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ reducedMotion: "reduce", storageState: { cookies: [], origins: [] } });
}

/** A signed-in admin in a browser context of its own (the shopper's cart and session stay apart). */
export async function adminPage(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: "reduce", storageState: ADMIN_STATE });
  const page = await context.newPage();
  await gotoAdmin(page, path);
  return page;
}

/**
 * Signs the e2e admin in afresh in this page's context, for a test of a form that asks "Confirm
 * it's you" on a sign-in older than 15 minutes (decision 048): the suite's shared session was
 * made when the run began.
 */
export async function signInAfresh(page: Page): Promise<void> {
  await page.context().clearCookies();
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password, "/admin");
  await waitForAdminHydration(page);
}

/** Opens an admin page (the browser must hold the admin's session) and waits for React. */
export async function gotoAdmin(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForAdminHydration(page);
}

/** Admin pages have no storefront header: wait until the sidebar toggle carries React's props. */
export async function waitForAdminHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const button = document.querySelector('button[aria-label="Toggle sidebar"]');
    return button !== null && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
}

/**
 * `test` for admin tests that change what every shopper sees (the catalog): they run on a shop
 * of their own (tests/e2e/start-shop.ts: one per worker, with the e2e admin made by admin:create
 * and signed in once), so the storefront specs running meanwhile on the shared shop keep the
 * seed catalog they assert on. Relative URLs (page.goto("/admin")) go to that shop.
 */
export const testOnOwnShop = test.extend<object, { ownShop: Shop & { adminState: string } }>({
  ownShop: [
    async ({ browser }, provide) => {
      const shop = await startShop({ admin: E2E_ADMIN });
      try {
        const context = await browser.newContext({ baseURL: shop.url, reducedMotion: "reduce" });
        const page = await context.newPage();
        await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password, "/admin");
        await waitForAdminHydration(page);
        const adminState = `${shop.dataDir}-admin-state.json`;
        await context.storageState({ path: adminState });
        await context.close();
        await provide({ ...shop, adminState });
        fs.rmSync(adminState, { force: true });
      } finally {
        await shop.remove();
      }
    },
    { scope: "worker", timeout: 300_000 },
  ],
  baseURL: async ({ ownShop }, provide) => provide(ownShop.url),
  storageState: async ({ ownShop }, provide) => provide(ownShop.adminState),
});
