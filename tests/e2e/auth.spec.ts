import { expect, test, type Locator, type Page } from "@playwright/test";
import crypto from "node:crypto";
import { startSmtpTestServer } from "../setup/smtp-test-server";
import { startShop, type Shop } from "./start-shop";
import { addFromProductPage, emailText, gotoHydrated, gotoHydratedWithoutHeader, linkInEmail, toast } from "./support";

/** An address no other test (or earlier run against the same data folder) has used. */
const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}${crypto.randomBytes(3).toString("hex")}@example.com`;

function tab(page: Page, name: "Sign In" | "Sign Up") {
  return page.getByRole("tab", { name, exact: true });
}
function panel(page: Page, name: "Sign In" | "Sign Up") {
  return page.getByRole("tabpanel", { name, exact: true });
}
const emailBox = (scope: Locator) => scope.getByLabel("Email", { exact: true });
const passwordBox = (scope: Locator) => scope.getByLabel("Password", { exact: true });
const confirmBox = (scope: Locator) => scope.getByLabel("Confirm password", { exact: true });

/** The alert under a form, with the message's title and description. */
function formAlert(scope: Locator, title: string, description: string) {
  return scope.getByRole("alert").filter({ hasText: title }).filter({ hasText: description });
}

async function signInWith(page: Page, email: string, password: string) {
  const signIn = panel(page, "Sign In");
  await emailBox(signIn).fill(email);
  await passwordBox(signIn).fill(password);
  await signIn.getByRole("button", { name: "Sign In", exact: true }).click();
}

async function signUpWith(page: Page, email: string, password: string, confirm = password) {
  await tab(page, "Sign Up").click();
  const signUp = panel(page, "Sign Up");
  await emailBox(signUp).fill(email);
  await passwordBox(signUp).fill(password);
  await confirmBox(signUp).fill(confirm);
  await signUp.getByRole("button", { name: "Create Account" }).click();
}

function accountMenuButton(page: Page, email: string) {
  return page.getByRole("banner").getByRole("button", { name: `Account menu, signed in as ${email}` });
}

test.describe("the /auth page", () => {
  test("one password toggle shows and hides the passwords of both tabs", async ({ page }) => {
    await gotoHydratedWithoutHeader(page, "/auth");
    const signIn = panel(page, "Sign In");
    await expect(passwordBox(signIn)).toHaveAttribute("type", "password");
    await signIn.getByRole("button", { name: "Show passwords" }).click();
    await expect(passwordBox(signIn)).toHaveAttribute("type", "text");

    await tab(page, "Sign Up").click();
    const signUp = panel(page, "Sign Up");
    await expect(passwordBox(signUp)).toHaveAttribute("type", "text");
    await expect(confirmBox(signUp)).toHaveAttribute("type", "text");
    await expect(signUp.getByRole("button", { name: "Hide passwords" })).toHaveCount(2);

    await signUp.getByRole("button", { name: "Hide passwords" }).last().click();
    await expect(passwordBox(signUp)).toHaveAttribute("type", "password");
    await expect(confirmBox(signUp)).toHaveAttribute("type", "password");

    await tab(page, "Sign In").click();
    await expect(passwordBox(signIn)).toHaveAttribute("type", "password");
    await expect(signIn.getByRole("button", { name: "Show passwords" })).toBeVisible();
  });

  test("every sign-in and sign-up rule of SPEC §5 is explained, in an alert and a toast", async ({ page }) => {
    await gotoHydratedWithoutHeader(page, "/auth");
    const signIn = panel(page, "Sign In");
    await signIn.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(formAlert(signIn, "Missing information", "Please fill in all fields")).toBeVisible();
    await expect(toast(page, "Missing information", "Please fill in all fields")).toBeVisible();
    // An email alone is still missing the password.
    await emailBox(signIn).fill("kwame@example.com");
    await signIn.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(formAlert(signIn, "Missing information", "Please fill in all fields")).toBeVisible();

    await tab(page, "Sign Up").click();
    const signUp = panel(page, "Sign Up");
    await signUp.getByRole("button", { name: "Create Account" }).click();
    await expect(formAlert(signUp, "Missing information", "Please fill in all fields")).toBeVisible();

    await emailBox(signUp).fill("kwame@example.com");
    await passwordBox(signUp).fill("kente-one");
    await signUp.getByRole("button", { name: "Create Account" }).click();
    await expect(formAlert(signUp, "Missing information", "Please fill in all fields")).toBeVisible();

    await confirmBox(signUp).fill("kente-two");
    await signUp.getByRole("button", { name: "Create Account" }).click();
    await expect(formAlert(signUp, "Passwords don't match", "Please make sure both passwords are the same")).toBeVisible();
    await expect(toast(page, "Passwords don't match", "Please make sure both passwords are the same")).toBeVisible();

    await passwordBox(signUp).fill("abcde");
    await confirmBox(signUp).fill("abcde");
    await signUp.getByRole("button", { name: "Create Account" }).click();
    await expect(formAlert(signUp, "Password too short", "Password must be at least 6 characters long")).toBeVisible();
    await expect(toast(page, "Password too short", "Password must be at least 6 characters long")).toBeVisible();
    // Nothing was sent: the fields keep what was typed.
    await expect(emailBox(signUp)).toHaveValue("kwame@example.com");
  });

  test("after sign-up the form is cleared and says Account created!; signing in unverified offers a new link", async ({ page }) => {
    const email = uniqueEmail("adwoa");
    await gotoHydratedWithoutHeader(page, "/auth");
    await signUpWith(page, email, "kente-pass-1");
    const signUp = panel(page, "Sign Up");
    await expect(signUp.getByRole("status").filter({ hasText: "Account created!" })).toContainText(
      "Please check your email to verify your account.",
    );
    await expect(toast(page, "Account created!", "Please check your email to verify your account.")).toBeVisible();
    await expect(emailBox(signUp)).toHaveValue("");
    await expect(passwordBox(signUp)).toHaveValue("");
    await expect(confirmBox(signUp)).toHaveValue("");

    // The same email again: Account exists.
    await signUpWith(page, email.toUpperCase(), "kente-pass-1");
    await expect(formAlert(signUp, "Account exists", "An account with this email already exists. Please sign in instead.")).toBeVisible();

    await tab(page, "Sign In").click();
    await signInWith(page, email, "kente-pass-1");
    const signIn = panel(page, "Sign In");
    await expect(signIn.getByRole("alert").filter({ hasText: "Email not verified" })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await signIn.getByRole("button", { name: "Resend verification email" }).click();
    await expect(toast(page, "Verification email sent")).toBeVisible();
    await expect(signIn.getByRole("status").filter({ hasText: "Verification email sent" })).toContainText(
      `If ${email} has an account waiting for verification, a new link is on its way.`,
    );
    // The page stayed in place (no full reload): what was typed is still there.
    await expect(emailBox(signIn)).toHaveValue(email);
  });

  test("/auth-test says no one is signed in to a visitor", async ({ page }) => {
    await gotoHydratedWithoutHeader(page, "/auth-test");
    await expect(page.getByText("No one is signed in.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth?redirectTo=%2Fauth-test");
  });
});

/**
 * The email journeys run on a shop of their own that sends through a real SMTP server (the
 * suite's shared server writes .eml files instead), on a fresh data folder where an admin was
 * created beforehand with the admin:create script, as an operator would.
 */
test.describe("accounts with real email", () => {
  test.describe.configure({ mode: "default" });
  const admin = { email: uniqueEmail("owner"), password: "admin-pass-1" };
  let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
  let base: string;
  let shop: Shop | undefined;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    smtp = await startSmtpTestServer();
    shop = await startShop({ admin, env: { SMTP_URL: smtp.url } });
    expect(shop.adminCreateOutput).toContain(`Created owner account ${admin.email} (email verified)`);
    base = shop.url;
  });

  test.afterAll(async () => {
    await shop?.remove();
    await smtp?.close();
  });

  /** Waits for the email of `subject` to `to` to reach the SMTP server, and gives its raw text. */
  async function emailTo(to: string, subject: string): Promise<string> {
    await expect
      .poll(() => smtp.received.some((m) => m.to.includes(to) && m.raw.includes(`Subject: ${subject}`)), { timeout: 20_000 })
      .toBe(true);
    return smtp.received.filter((m) => m.to.includes(to) && m.raw.includes(`Subject: ${subject}`)).at(-1)!.raw;
  }

  test("sign up, verify from the email, see the account menu, sign out, wrong then right password", async ({ page }) => {
    const email = uniqueEmail("kofi");
    const password = "kente-pass-1";
    await gotoHydratedWithoutHeader(page, `${base}/auth`);
    await signUpWith(page, email, password);
    await expect(panel(page, "Sign Up").getByRole("status").filter({ hasText: "Account created!" })).toBeVisible();

    const raw = await emailTo(email, "Verify your email for Ahenfie");
    expect(raw).toMatch(/^From: Ahenfie <hello@ahenfie\.com>/m);
    const link = linkInEmail(raw, "/api/auth/verify-email");
    expect(link.startsWith(`${base}/api/auth/verify-email?token=`)).toBe(true);

    await gotoHydratedWithoutHeader(page, link);
    await expect(page).toHaveURL(`${base}/auth/verified`);
    await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
    await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible();

    await gotoHydratedWithoutHeader(page, `${base}/auth-test`);
    await expect(page.getByRole("definition").filter({ hasText: email })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: /^customer$/ })).toBeVisible();

    await gotoHydrated(page, `${base}/`);
    await accountMenuButton(page, email).click();
    const menu = page.getByRole("menu");
    await expect(menu).toContainText(email);
    await expect(menu.getByRole("menuitem", { name: "My Orders" })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Admin Panel" })).toHaveCount(0);
    // The home page is islands (decision 021): the browser posts the form and loads the page it redirects to.
    const signedOut = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/auth/sign-out"));
    await menu.getByRole("menuitem", { name: "Sign Out" }).click();
    await signedOut;
    await expect(page.getByRole("banner").getByRole("link", { name: "Account: sign in" })).toBeVisible();
    await expect(accountMenuButton(page, email)).toHaveCount(0);
    await gotoHydratedWithoutHeader(page, `${base}/auth-test`);
    await expect(page.getByText("No one is signed in.")).toBeVisible();

    await gotoHydratedWithoutHeader(page, `${base}/auth`);
    await signInWith(page, email, "not-my-password");
    await expect(formAlert(panel(page, "Sign In"), "Invalid credentials", "Please check your email and password.")).toBeVisible();
    await expect(toast(page, "Invalid credentials", "Please check your email and password.")).toBeVisible();
    await expect(page).toHaveURL(`${base}/auth`);

    await passwordBox(panel(page, "Sign In")).fill(password);
    await panel(page, "Sign In").getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(`${base}/`);
    await expect(toast(page, "Welcome back!", "You have successfully signed in")).toBeVisible();
    await expect(accountMenuButton(page, email)).toBeVisible();
  });

  test("the admin made with admin:create signs in from /auth-test, comes back to it, and sees Admin Panel", async ({ page }) => {
    await gotoHydratedWithoutHeader(page, `${base}/auth-test`);
    await expect(page.getByText("No one is signed in.")).toBeVisible();
    await page.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(`${base}/auth?redirectTo=%2Fauth-test`);
    await signInWith(page, admin.email, admin.password);

    await expect(page).toHaveURL(`${base}/auth-test`);
    await expect(page.getByRole("definition").filter({ hasText: admin.email })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: /^owner$/ })).toBeVisible();
    // No verification email was needed (or sent) for the admin. (Staff alerts may reach them.)
    expect(smtp.received.filter((m) => m.to.includes(admin.email) && m.raw.includes("Subject: Verify your email"))).toEqual([]);

    await gotoHydrated(page, `${base}/`);
    await accountMenuButton(page, admin.email).click();
    await expect(page.getByRole("menuitem", { name: "Admin Panel" })).toHaveAttribute("href", "/admin");
  });

  test("forgot password: the emailed link sets a new password; the old one stops working and the link is used up", async ({ page }) => {
    // An account of its own, verified from its email.
    const email = uniqueEmail("esi");
    await gotoHydratedWithoutHeader(page, `${base}/auth`);
    await signUpWith(page, email, "old-pass-1");
    await gotoHydratedWithoutHeader(page, linkInEmail(await emailTo(email, "Verify your email for Ahenfie"), "/api/auth/verify-email"));
    await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible();
    await page.context().clearCookies();

    await gotoHydratedWithoutHeader(page, `${base}/auth`);
    await emailBox(panel(page, "Sign In")).fill(email);
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
    await expect(panel(page, "Sign In").getByLabel("Email", { exact: true })).toHaveValue(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Check your email" })).toBeVisible();

    const link = linkInEmail(await emailTo(email, "Reset your Ahenfie password"), "/api/auth/reset-password/");
    await gotoHydratedWithoutHeader(page, link);
    await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
    await page.getByLabel("New password", { exact: true }).fill("abcde");
    await page.getByLabel("Confirm new password", { exact: true }).fill("abcde");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Password too short" })).toBeVisible();

    await page.getByLabel("New password", { exact: true }).fill("new-pass-22");
    await page.getByLabel("Confirm new password", { exact: true }).fill("new-pass-22");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL(`${base}/auth?reset=1`);
    await expect(page.getByRole("status").filter({ hasText: "Password updated" })).toBeVisible();

    await signInWith(page, email, "old-pass-1");
    await expect(panel(page, "Sign In").getByRole("alert").filter({ hasText: "Invalid credentials" })).toBeVisible();
    await passwordBox(panel(page, "Sign In")).fill("new-pass-22");
    await panel(page, "Sign In").getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(accountMenuButton(page, email)).toBeVisible();

    // The link again: not valid any more.
    await gotoHydratedWithoutHeader(page, link);
    await expect(page.getByRole("heading", { name: "Link not valid" })).toBeVisible();
    await expect(page.getByText("This reset link has expired or was already used")).toBeVisible();
  });
  test("a guest's order confirmation arrives by SMTP with the order number, total and a working link", async ({ page }) => {
    const email = uniqueEmail("yaw");
    await addFromProductPage(page, 4, 1, base);
    await gotoHydrated(page, `${base}/checkout`);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Full Name", { exact: true }).fill("Yaw Mensah");
    await page.getByLabel("Phone", { exact: true }).fill("+233 20 111 2233");
    await page.getByLabel("Delivery Address").fill("5 Oxford Street, Osu, Accra");
    await page.getByLabel("Region").selectOption("GH-AA");
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
    const orderNumber = (
      await page
        .getByText(/^ORD-\d{6}$/)
        .first()
        .innerText()
    ).trim();

    const raw = await emailTo(email, `Your Ahenfie order ${orderNumber}`);
    const text = emailText(raw);
    // Product 4 is ₵449.99: below ₵500, so Greater Accra's ₵30 shipping fee applies.
    expect(text).toContain("Kente Lapel Tuxedo (Black · Size M · 1 × ₵449.99): ₵449.99");
    expect(text).toContain("Shipping: ₵30.00");
    expect(text).toContain("Total: GHS 479.99");
    expect(text).toContain("Payment method: Pay on Delivery.");
    const link = linkInEmail(raw, "/order-confirmation/");
    await gotoHydrated(page, link);
    await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
    await expect(page.getByText(orderNumber).first()).toBeVisible();
  });
});
