import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN_STATE, gotoAdmin, guestContext, signInAfresh, waitForAdminHydration } from "./admin-support";
import { expectNoSeriousViolations } from "./axe";
import { linkInEmail, toast, waitForOutboxEmail } from "./support";

/**
 * Issue 48 (decision 047): the owner invites a member of staff from Settings → Staff; the invitee
 * opens the emailed link, sets a password and lands signed in on the admin, where the menu holds
 * only what the Staff role may use and a page outside it shows Access Denied; suspended, their
 * next click is signed out. Screenshots for the issue go to docs/screenshots/issue-48/.
 */
test.use({ storageState: ADMIN_STATE });

const SHOTS = "docs/screenshots/issue-48";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function shot(page: Page, name: string, viewport: { width: number; height: number }, fullPage = true) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize(viewport);
  // Fonts and layout settle after a resize.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage });
}

test("the owner invites a member of staff, who sets a password and sees only their menu", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = `tailor-${Date.now().toString(36)}@example.com`;

  // The owner's Settings → Staff. Inviting asks "Confirm it's you" of a sign-in older than 15
  // minutes, and the suite's shared session is as old as the run.
  await signInAfresh(page);
  await gotoAdmin(page, "/admin/settings?tab=staff");
  await expect(page.getByRole("tab", { name: "Staff", selected: true })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("staff");
  await expect(page.getByText("Orders (fulfil, notes, payment links, recorded payments)")).toBeVisible();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(page, "Invitation sent")).toBeVisible();
  const invitation = page.getByRole("list", { name: "Open invitations" }).getByRole("listitem").filter({ hasText: email });
  await expect(invitation).toContainText("Staff");
  await expectNoSeriousViolations(page, "Settings → Staff");
  await shot(page, "owner-staff-settings", DESKTOP);
  await shot(page, "owner-staff-settings", PHONE);
  await page.setViewportSize(DESKTOP);

  // The invitee's email, and the link's page in a browser of their own.
  const link = linkInEmail(await waitForOutboxEmail(email, "staff-invitation"), "/staff-invitation/");
  const context = await guestContext(browser);
  const tailor = await context.newPage();
  await tailor.goto(link);
  await expect(tailor.getByRole("heading", { name: "Join the team" })).toBeVisible();
  await expect(tailor.getByText("You are invited as Staff")).toBeVisible();
  await expectNoSeriousViolations(tailor, "staff invitation page");
  await shot(tailor, "invitation-page", PHONE);
  await shot(tailor, "invitation-page", DESKTOP);

  await tailor.getByLabel("Your name").fill("Kojo Asante");
  await tailor.getByLabel("Choose a password").fill("tailor-pass-2026");
  await tailor.getByLabel("Type it again").fill("tailor-pass-2026");
  await tailor.getByRole("button", { name: "Set password and join" }).click();
  await tailor.waitForURL((url) => url.pathname === "/admin");
  await waitForAdminHydration(tailor);
  await expect(tailor.getByText(`Welcome, ${email}`)).toBeVisible();

  // Only their menu: orders, stock, custom requests; no customers, settings, reviews or shipping.
  const menu = tailor.getByRole("navigation", { name: "Admin" });
  await expect(menu.getByRole("link")).toHaveText(["Dashboard", "Products", "Orders", "Custom requests"]);
  await expectNoSeriousViolations(tailor, "the staff member's dashboard");
  await shot(tailor, "staff-admin-menu", DESKTOP);
  await tailor.setViewportSize(PHONE);
  await tailor.getByRole("button", { name: "Toggle sidebar" }).click();
  await expect(tailor.getByRole("dialog").getByRole("link", { name: "Orders" })).toBeVisible();
  await expect(tailor.getByRole("dialog").getByRole("link", { name: "Settings" })).toHaveCount(0);
  // The phone's menu is a sheet over the page: the screen as the phone shows it.
  await shot(tailor, "staff-admin-menu", PHONE, false);
  await tailor.keyboard.press("Escape");
  await tailor.setViewportSize(DESKTOP);

  // A page outside the role: Access Denied, from the server (403).
  const denied = await tailor.goto("/admin/customers");
  expect(denied?.status()).toBe(403);
  await expect(tailor.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(tailor.getByText("Your role (Staff) does not include this page.")).toBeVisible();
  await expectNoSeriousViolations(tailor, "Access Denied for Staff");
  await shot(tailor, "staff-access-denied", DESKTOP);
  const exportCsv = await tailor.request.get("/admin/customers/export.csv");
  expect(exportCsv.status()).toBe(403);

  // The owner suspends them: their next page is the sign-in page, at once.
  await page.reload();
  await waitForAdminHydration(page);
  const row = page.getByRole("list", { name: "Staff members" }).getByRole("listitem").filter({ hasText: email });
  await row.getByRole("button", { name: `Suspend ${email}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Suspend" }).click();
  await expect(toast(page, "Staff updated")).toBeVisible();
  await expect(row).toContainText("Suspended");
  await tailor.goto("/admin/orders");
  await expect(tailor).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Forders/);
  await context.close();
});

test("a used or made-up invitation link says why it does not work", async ({ browser }) => {
  const context = await guestContext(browser);
  const page = await context.newPage();
  await page.goto(`/staff-invitation/${"x".repeat(43)}`);
  await expect(page.getByText("This link does not work")).toBeVisible();
  await expectNoSeriousViolations(page, "invalid invitation link");
  await context.close();
});
