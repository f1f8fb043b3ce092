import pg from "pg";
import { expect, test } from "@playwright/test";
import { seedProducts } from "../../db/seed/catalog-data";
import { gotoAdmin, testOnOwnShop, waitForAdminHydration } from "./admin-support";
import { expectNoSeriousViolations } from "./axe";
import { E2E_ADMIN } from "./e2e-accounts";
import { startShop, type Shop } from "./start-shop";
import { emailText, gotoHydrated, linkInEmail, signIn, toast, waitForOutboxEmail } from "./support";

/**
 * Bringing shoppers back (docs/product-rules.md §13 "Bringing shoppers back"): "Tell me when it is back" on a sold-out
 * size and its one email once staff restock it; the invitation to review after delivery, whose
 * link opens the review form. Both change the shop, so each runs on a shop of its own.
 */
const kaftan = seedProducts.find((p) => p.sku === "AHF-KAF-001")!;

test.describe("back in stock", () => {
  testOnOwnShop.use({ reducedMotion: "reduce" });
  test.describe.configure({ timeout: 180_000 });

  testOnOwnShop("a shopper signs up on a sold-out size and is emailed once staff restock it", async ({ browser, ownShop, page }) => {
    const shopper = await browser.newContext({ baseURL: ownShop.url, storageState: { cookies: [], origins: [] } });
    const product = await shopper.newPage();
    await gotoHydrated(product, `/product/${kaftan.id}`);
    // Royal Gold XXL is sold out in the sample shop: pressing it offers the sign-up.
    await product.getByRole("button", { name: "XXL, sold out in Royal Gold" }).click({ force: true });
    const form = product.getByRole("form", { name: "Tell me when Royal Gold, XXL is back" });
    await expect(form).toBeVisible();
    await expectNoSeriousViolations(product, "product page with the back-in-stock sign-up");

    await form.getByRole("button", { name: "Notify me" }).click();
    // The browser's own check first: nothing is sent without an address.
    await expect(product.getByRole("status").filter({ hasText: "We will email you" })).toHaveCount(0);
    await form.getByLabel("Email address").fill("esi.back@example.com");
    await form.getByRole("button", { name: "Notify me" }).click();
    await expect(product.getByText("Thank you. We will email you once when Royal Gold, XXL is back.")).toBeVisible();
    await shopper.close();

    // Staff put four back on the shelf.
    await gotoAdmin(page, `/admin/products?product=${kaftan.id}`);
    const dialog = page.getByRole("dialog", { name: "Edit Product" });
    await dialog.getByLabel("Stock, Royal Gold, XXL", { exact: true }).fill("4");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Product updated successfully")).toBeVisible();

    const email = await waitForOutboxEmail("esi.back@example.com", "back-in-stock", 30_000, `${ownShop.dataDir}/outbox`);
    expect(email).toMatch(/^Subject: Back in stock: Royal Kente Kaftan \(Royal Gold, XXL\)/m);
    expect(emailText(email)).toContain("Royal Kente Kaftan in Royal Gold, XXL, which you asked us to watch for, is back in stock.");
    const link = linkInEmail(email, `/product/${kaftan.id}`);
    await gotoHydrated(page, link);
    await expect(page.getByRole("heading", { level: 1, name: kaftan.name })).toBeVisible();
  });
});

// CI (.ci/run sets TEST_DATABASE_URL) always runs it; the order's delivery is dated back in the database.
const adminDatabase = process.env.TEST_DATABASE_URL;

test.describe("review invitation", () => {
  test.describe.configure({ timeout: 240_000 });
  test.skip(!adminDatabase, "The delivery is dated back in the shop's own PostgreSQL database: set TEST_DATABASE_URL (CI sets it).");
  let shop: Shop;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    shop = await startShop({ database: "postgres", admin: E2E_ADMIN });
  });
  test.afterAll(async () => {
    await shop?.remove();
  });

  test("days after delivery the customer is invited, and its link opens the review form", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: shop.url });
    const page = await context.newPage();
    const email = "kojo.review@example.com";
    // An account of theirs, verified through its link (this shop's own outbox).
    const signUp = await context.request.post("/auth", {
      form: { intent: "signUp", email, password: "kente-review-2026", confirmPassword: "kente-review-2026" },
      headers: { Origin: shop.url },
    });
    expect(signUp.ok()).toBe(true);
    const verify = linkInEmail(await waitForOutboxEmail(email, "verify-email", 30_000, `${shop.dataDir}/outbox`), "/api/auth/verify-email");
    expect((await context.request.get(verify, { maxRedirects: 0 })).status()).toBe(302);

    // A delivered order of theirs, delivered four days ago.
    const client = new pg.Client({ connectionString: shop.databaseUrl });
    await client.connect();
    try {
      const [user] = (await client.query<{ id: string }>("select id from users where email = $1", [email])).rows;
      const [order] = (
        await client.query<{ id: string }>(
          `insert into orders (order_number, user_id, customer_name, customer_email, customer_phone, customer_address,
             subtotal_amount, total_amount, order_status, payment_status, created_at)
           values ('ORD-451234', $1, 'Kojo Mensah', $2, '+233 24 000 0000', '14 Oxford Street, Osu, Accra', $3, $3, 'delivered', 'paid', now() - interval '6 days')
           returning id`,
          [user!.id, email, kaftan.price],
        )
      ).rows;
      await client.query(
        "insert into order_items (order_id, product_id, name, unit_price, quantity, size, color) values ($1, $2, $3, $4, 1, 'M', 'Royal Gold')",
        [order!.id, kaftan.id, kaftan.name, kaftan.price],
      );
      await client.query(
        `insert into order_status_history (order_id, status, changed_by, is_initial, created_at)
         values ($1, 'processing', 'guest', true, now() - interval '6 days'), ($1, 'delivered', 'admin', false, now() - interval '4 days')`,
        [order!.id],
      );
    } finally {
      await client.end();
    }

    // The owner saves Notifications (3 days after delivery): the shop's next round invites at once.
    const admin = await browser.newContext({ baseURL: shop.url });
    const adminPage = await admin.newPage();
    await signIn(adminPage, E2E_ADMIN.email, E2E_ADMIN.password, "/admin/settings?tab=notifications");
    await waitForAdminHydration(adminPage);
    await adminPage.getByRole("tab", { name: "Notifications" }).click();
    await expect(adminPage.getByRole("spinbutton", { name: "Invite to review after (days)" })).toHaveValue("3");
    await adminPage.getByRole("button", { name: "Save notifications" }).click();
    await expect(toast(adminPage, "Settings saved")).toBeVisible();
    await admin.close();

    const invitation = await waitForOutboxEmail(email, "review-invitation", 30_000, `${shop.dataDir}/outbox`);
    expect(emailText(invitation)).toContain("Your order ORD-451234 reached you a few days ago.");
    // Their browser is signed in: the verification link above signed it in.
    await page.goto(linkInEmail(invitation, `/product/${kaftan.id}/review`));
    await expect(page.getByRole("heading", { level: 1, name: kaftan.name })).toBeVisible();
    await expect(page.getByText("Write a review")).toBeVisible();
    await expectNoSeriousViolations(page, "review form from the invitation");

    // The opt-out link works without signing in.
    const stranger = await browser.newContext({ baseURL: shop.url });
    const stop = await stranger.newPage();
    await stop.goto(linkInEmail(invitation, "/email-preferences"));
    await stop.getByRole("button", { name: "Stop invitations to review" }).click();
    await expect(stop.getByRole("heading", { name: "No more invitations" })).toBeVisible();
    await expectNoSeriousViolations(stop, "email preferences");
    await stranger.close();
    await context.close();
  });
});
