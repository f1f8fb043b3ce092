import { expect, test } from "@playwright/test";
import { placeGuestOrder, uniqueGuest } from "./admin-support";
import { gotoHydrated, gotoHydratedWithoutHeader, linkInEmail, waitForOutboxEmail } from "./support";

/**
 * Issue 12, defect 4: a customer who bought as a guest, then signs up with the same email and
 * verifies it, finds that order in their account.
 */
test("a guest order joins the account once the same email signs up and is verified", async ({ page }) => {
  test.setTimeout(90_000);
  const guest = uniqueGuest("Adwoa Nyarko");
  const orderNumber = await placeGuestOrder(page, guest, 4);

  // Signing up with the same email, typed in capitals with spaces, before verifying: nothing yet.
  await gotoHydratedWithoutHeader(page, "/auth");
  await page.getByRole("tab", { name: "Sign Up", exact: true }).click();
  const signUp = page.getByRole("tabpanel", { name: "Sign Up", exact: true });
  await signUp.getByLabel("Email", { exact: true }).fill(guest.email.toUpperCase());
  await signUp.getByLabel("Password", { exact: true }).fill("adwoa-pass-1");
  await signUp.getByLabel("Confirm password", { exact: true }).fill("adwoa-pass-1");
  await signUp.getByRole("button", { name: "Create Account" }).click();
  await expect(signUp.getByRole("status").filter({ hasText: "Account created!" })).toBeVisible();

  // The verification link from the outbox signs the browser in.
  await page.goto(linkInEmail(await waitForOutboxEmail(guest.email, "verify-email"), "/api/auth/verify-email"));
  await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();

  // My Orders: the guest order is the account's now, and opens without the email.
  await gotoHydrated(page, "/track-order");
  const recent = page.getByRole("region", { name: "Your Recent Orders" });
  await expect(recent).toBeVisible();
  await recent.getByRole("button", { name: new RegExp(orderNumber) }).click();
  await expect(page.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
});
