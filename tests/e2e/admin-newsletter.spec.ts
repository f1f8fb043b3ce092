import { expect, test } from "@playwright/test";
import fs from "node:fs";
import { ADMIN_STATE, gotoAdmin, uniqueGuest } from "./admin-support";
import { expectNoSeriousViolations } from "./axe";
import { ownClientAddress } from "./support";

/**
 * Issue 12, item 7: newsletter sign-ups get an admin list (search, status, figures), a CSV of
 * confirmed subscribers, and Remove with a confirm dialog.
 */
test.use({ reducedMotion: "reduce", storageState: ADMIN_STATE });

test("the Newsletter page lists a sign-up, filters it, exports confirmed subscribers and removes it", async ({ page, baseURL }) => {
  const email = uniqueGuest("Efua Letters").email;
  const signUp = await page.request.post("/api/newsletter", { form: { email }, headers: { Origin: baseURL!, ...ownClientAddress() } });
  expect(signUp.ok()).toBe(true);

  await gotoAdmin(page, "/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Newsletter" }).click();
  await expect(page.getByRole("heading", { name: "Newsletter", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Pending" })).toBeVisible();

  await page.getByRole("searchbox", { name: "Search by email" }).or(page.getByLabel("Search by email")).first().fill(email);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email).replace(/\./g, "\\.")}`));
  const table = page.getByRole("table");
  const row = table.getByRole("row", { name: new RegExp(email.replace(/\./g, "\\.")) });
  await expect(row).toContainText("Pending");
  await page.getByLabel("Status").selectOption("confirmed");
  await expect(page.getByText("No matching sign-ups")).toBeVisible();
  await page.getByLabel("Status").selectOption("pending");
  await expect(row).toBeVisible();
  await expectNoSeriousViolations(page, "the Newsletter page at 1440 px");

  // The export holds confirmed subscribers only: this pending sign-up is not in it.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  expect(csv).toContain("Email,Signed up from");
  expect(csv).not.toContain(email);

  await row.getByRole("button", { name: `Remove ${email}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Remove subscriber" });
  await expect(confirm).toContainText(email);
  await expectNoSeriousViolations(page, "the Remove subscriber dialog", '[role="alertdialog"]');
  await confirm.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByText("Subscriber removed")).toBeVisible();
  await expect(row).toHaveCount(0);
});

test.describe("on a phone (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the Newsletter page reads as a list and passes axe", async ({ page, baseURL }) => {
    const email = uniqueGuest("Kojo Letters").email;
    await page.request.post("/api/newsletter", { form: { email }, headers: { Origin: baseURL!, ...ownClientAddress() } });
    await gotoAdmin(page, `/admin/newsletter?q=${encodeURIComponent(email)}`);
    const item = page.getByRole("list", { name: "Newsletter sign-ups" }).getByRole("listitem");
    await expect(item).toContainText(email);
    await expect(item.getByRole("button", { name: `Remove ${email}` })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page, "the Newsletter page at 390 px");
  });
});

test.describe("a customer", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("is sent away from the page and the export, and refused the remove action", async ({ page, baseURL }) => {
    const { createVerifiedCustomer } = await import("./support");
    const email = uniqueGuest("Ama Customer").email;
    await createVerifiedCustomer(page.request, baseURL!, email, "customer-pass-1");
    const pageAnswer = await page.request.get("/admin/newsletter", { maxRedirects: 0 });
    expect(pageAnswer.status()).toBe(302);
    expect(pageAnswer.headers().location).toBe("/");
    const csv = await page.request.get("/admin/newsletter/export.csv", { maxRedirects: 0 });
    expect(csv.status()).toBe(302);
    expect(csv.headers().location).toBe("/");
    const post = await page.request.post("/admin/newsletter", { form: { id: "1" }, headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect([302, 403]).toContain(post.status());
    if (post.status() === 302) expect(post.headers().location).toBe("/");
  });
});
