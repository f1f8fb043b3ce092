import { expect, test, type Page } from "@playwright/test";
import { ADMIN_STATE, gotoAdmin, waitForAdminHydration } from "./admin-support";
import { E2E_ADMIN } from "./e2e-accounts";
import { gotoHydrated, signIn } from "./support";

/**
 * The admin frame of docs/product-rules.md: Welcome, {email}; the sidebar's six pages; collapsing to icons
 * (3rem) from the toggle or ctrl+B, kept in a cookie read on the server; an 18rem sheet on
 * phones; Sign Out to the storefront.
 */
test.use({ reducedMotion: "reduce", storageState: ADMIN_STATE });

const sidebar = (page: Page) => page.getByRole("complementary", { name: "Admin sidebar" });
const sidebarWidth = async (page: Page) => (await sidebar(page).boundingBox())?.width;

test("the sidebar collapses to icons, stays collapsed after a reload, and ctrl+B opens it again", async ({ page }) => {
  await gotoAdmin(page, "/admin/products");
  await expect(page.getByText(`Welcome, ${E2E_ADMIN.email}`)).toBeVisible();
  const nav = sidebar(page).getByRole("navigation", { name: "Admin" });
  for (const name of ["Dashboard", "Products", "Orders", "Customers", "Settings", "Diagnostic"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: "Products" })).toHaveAttribute("aria-current", "page");
  expect(await sidebarWidth(page)).toBe(256); // 16rem

  const toggle = page.getByRole("button", { name: "Toggle sidebar" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect.poll(() => sidebarWidth(page)).toBe(48); // 3rem
  // Icons only, but every page keeps its name for screen readers and as a tooltip.
  await expect(nav.getByRole("link", { name: "Orders", exact: true })).toHaveAttribute("title", "Orders");

  // The server renders the collapsed sidebar from the cookie: no flash of the open one.
  const html = await (await page.request.get("/admin/products")).text();
  expect(html).toContain('data-sidebar-state="collapsed"');
  await page.reload();
  await waitForAdminHydration(page);
  expect(await sidebarWidth(page)).toBe(48);

  await page.keyboard.press("Control+b");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect.poll(() => sidebarWidth(page)).toBe(256);
  // Polled: the page writes document.cookie at once, but the browser's cookie store, which
  // context.cookies() reads, learns of it a moment later (a CI run read the old value).
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === "sidebar_state"))
    .toMatchObject({ value: "true", expires: expect.any(Number) });

  await nav.getByRole("link", { name: "Orders", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
});

test.describe("on a phone (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the toggle opens the menu as an 18rem sheet that closes on navigation", async ({ page }) => {
    await gotoAdmin(page, "/admin");
    await expect(sidebar(page)).toBeHidden();
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    const sheet = page.getByRole("dialog", { name: "Admin menu" });
    await expect(sheet).toBeVisible();
    expect((await sheet.boundingBox())?.width).toBe(288); // 18rem
    await sheet.getByRole("link", { name: "Customers" }).click();
    await expect(page).toHaveURL(/\/admin\/customers$/);
    await expect(sheet).toBeHidden();
  });
});

test.describe("signing out", () => {
  // A session of its own: signing out must not end the one the other admin tests share.
  test.use({ storageState: { cookies: [], origins: [] } });

  test("Sign Out in the sidebar ends the session and goes to the storefront", async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password, "/admin");
    await waitForAdminHydration(page);
    await sidebar(page).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Account: sign in" })).toBeVisible();

    await gotoHydrated(page, "/");
    const again = await page.request.get("/admin", { maxRedirects: 0 });
    expect(again.status()).toBe(302);
    expect(again.headers().location).toBe("/auth?redirectTo=%2Fadmin");
  });
});
