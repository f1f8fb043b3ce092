import { expect, test } from "@playwright/test";
import { placeGuestOrder, uniqueGuest } from "./admin-support";
import { createVerifiedCustomer, gotoHydratedWithoutHeader, toast } from "./support";

/** Issue 12, item 7: small things a shopper notices (the signed-in /auth, stale toasts, toasts in print). */

test("/auth does not offer a signed-in shopper the sign-in form: it sends them on, to a safe redirectTo or My Orders", async ({
  page,
  baseURL,
}) => {
  const email = `kwame-${Date.now()}@example.com`;
  await createVerifiedCustomer(page.request, baseURL!, email, "kwame-pass-1");

  await page.goto("/auth");
  await expect(page).toHaveURL(/\/account\/orders$/);
  await expect(page.getByRole("tab", { name: "Sign In" })).toHaveCount(0);

  await page.goto("/auth?redirectTo=%2Fcollections%2Fsuits");
  await expect(page).toHaveURL(/\/collections\/suits$/);
  // Another site is never a destination, signed in or not.
  await page.goto(`/auth?redirectTo=${encodeURIComponent("//evil.example/")}`);
  await expect(page).toHaveURL(/\/account\/orders$/);
});

test("a success dismisses the earlier error toast about the same thing", async ({ page, baseURL }) => {
  const email = `akua-${Date.now()}@example.com`;
  await createVerifiedCustomer(page.request, baseURL!, email, "akua-pass-1");
  await page.context().clearCookies();

  await gotoHydratedWithoutHeader(page, "/auth");
  const signIn = page.getByRole("tabpanel", { name: "Sign In", exact: true });
  await signIn.getByLabel("Email", { exact: true }).fill(email);
  await signIn.getByLabel("Password", { exact: true }).fill("not-my-password");
  await signIn.getByRole("button", { name: "Sign In", exact: true }).click();
  const stale = toast(page, "Invalid credentials", "Please check your email and password.");
  await expect(stale).toBeVisible();
  // The pointer rests on the toast, which holds it on screen (sonner pauses its timer), so only
  // the fix can take it away; the form is then sent from the keyboard.
  await stale.hover();

  await signIn.getByLabel("Password", { exact: true }).fill("akua-pass-1");
  await signIn.getByLabel("Password", { exact: true }).press("Enter");
  await expect(toast(page, "Welcome back!", "You have successfully signed in")).toBeVisible();
  await expect(stale).toHaveCount(0);
});

test("Print Order prints the receipt without the toast over it", async ({ page }) => {
  await placeGuestOrder(page, uniqueGuest("Kojo Mensah"), 2);
  const placed = toast(page, "Order placed successfully!");
  await expect(placed).toBeVisible();
  await placed.hover(); // held on screen: only the print stylesheet may hide it
  await page.emulateMedia({ media: "print" });
  const printed = await page.locator("[data-sonner-toaster]").evaluateAll((toasters) => toasters.map((t) => getComputedStyle(t).display));
  expect(printed.length).toBeGreaterThan(0);
  expect(printed.every((display) => display === "none")).toBe(true);
  await expect(placed).toBeHidden();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
});
