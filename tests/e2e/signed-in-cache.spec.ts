import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./e2e-accounts";
import { createVerifiedCustomer, gotoHydrated, signIn } from "./support";

/**
 * Storefront pages are one cached HTML for everyone (server/page-cache.ts): signed-in shoppers
 * are served from the cache too, and the header's account menu arrives after load
 * (/api/viewer). Nothing of theirs is ever in the shared page.
 */

const accountMenu = (page: Page, email: string) =>
  page.getByRole("banner").getByRole("button", { name: `Account menu, signed in as ${email}` });

/** Opens a page and returns whether its document came from the page cache. */
async function openServedFromCache(page: Page, path: string): Promise<boolean> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  return response?.headers()["x-cache"] === "HIT";
}

test("a signed-in admin gets the cached page with their own menu; a guest after them never sees it", async ({ page, browser, baseURL }) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  // The product page comes from the cache (a few tries: another spec's order may just have cleared it).
  await expect.poll(() => openServedFromCache(page, "/product/3")).toBe(true);
  const html = await (await page.request.get("/product/3")).text();
  expect(html).not.toContain(E2E_ADMIN.email);
  await accountMenu(page, E2E_ADMIN.email).click();
  await expect(page.getByRole("menuitem", { name: "Admin Panel" })).toHaveAttribute("href", "/admin");
  await page.keyboard.press("Escape");

  // The menu's answer is the admin's own, never stored, and sent whole: 60 bytes need no gzip.
  const viewer = await page.request.get("/api/viewer", { headers: { "Accept-Encoding": "gzip" } });
  expect(await viewer.json()).toEqual({ viewer: { email: E2E_ADMIN.email, isAdmin: true } });
  expect(viewer.headers()["cache-control"]).toBe("private, no-store");
  expect(viewer.headers()["content-encoding"]).toBeUndefined();
  expect(Number(viewer.headers()["content-length"])).toBeGreaterThan(0);

  const guest = await browser.newContext({ baseURL });
  const guestPage = await guest.newPage();
  await expect.poll(() => openServedFromCache(guestPage, "/product/3")).toBe(true);
  await gotoHydrated(guestPage, "/product/3");
  await expect(guestPage.getByRole("banner").getByRole("link", { name: "Account: sign in" })).toBeVisible();
  await expect(guestPage.getByRole("banner").getByRole("button", { name: /Account menu/ })).toHaveCount(0);
  await expect(guestPage.getByText(E2E_ADMIN.email)).toHaveCount(0);
  await guest.close();
});

test("signing out and in as someone else shows the new account in the header, without the admin's menu", async ({ page, baseURL }) => {
  const email = `switch.${crypto.randomBytes(4).toString("hex")}@example.com`;
  const password = "kente-switch-2026";
  await createVerifiedCustomer(page.context().request, baseURL!, email, password);
  await page.context().clearCookies();

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  // Every storefront page is islands (decision 021): the sign-in page loads whole, and brings the shopper back.
  await gotoHydrated(page, "/track-order");

  await accountMenu(page, E2E_ADMIN.email).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Account: sign in" })).toBeVisible();

  await page.getByRole("banner").getByRole("link", { name: "Account: sign in" }).click();
  await page.locator("#signin-email").fill(email);
  await page.locator("#signin-password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(accountMenu(page, email)).toBeVisible();
  await accountMenu(page, email).click();
  await expect(page.getByRole("menuitem", { name: "Admin Panel" })).toHaveCount(0);
});
