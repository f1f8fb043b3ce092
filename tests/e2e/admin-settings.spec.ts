import { expect, test, type Page } from "@playwright/test";
import fs from "node:fs";
import { ADMIN_STATE, gotoAdmin, guestContext, signInAfresh, uniqueGuest, waitForAdminHydration } from "./admin-support";
import { expectNoSeriousViolations } from "./axe";
import { rawRequest } from "./raw-http";
import { E2E_ADMIN } from "./e2e-accounts";
import { activeProducts, cartButton, cartPanel, cedis, emailText, gotoHydrated, toast, waitForOutboxEmail } from "./support";

/**
 * Admin settings: saved, still set after a reload, and in effect on the storefront; admin users
 * with docs/product-rules.md's rules and alerts. (Shipping fees are per zone: a zone edit reaching
 * checkout and the Shipping page is tested in checkout-shipping-zones.spec.ts.)
 * These change the whole shop, so playwright.config.ts runs this file last, after every
 * other browser test, and each setting changed is put back.
 */
test.use({ reducedMotion: "reduce", storageState: ADMIN_STATE });
// One at a time: maintenance mode closes the storefront the other tests shop on.
test.describe.configure({ mode: "default" });

const shopVersion = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { version: string }).version;

test.describe("admin settings", () => {
  test("General: errors under fields, the currency warning, and shipping sent to the zones page", async ({ page }) => {
    await gotoAdmin(page, "/admin/settings");
    await expect(page.getByRole("tab", { name: "General", selected: true })).toBeVisible();
    await expectNoSeriousViolations(page, "/admin/settings (General)");

    // Shipping is priced per zone: the tab has no fee of its own and says where fees are set.
    await expect(page.getByLabel("Shipping fee", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Shipping zones" })).toHaveAttribute("href", "/admin/shipping");

    // A bad email is refused with a message under the field; nothing is saved.
    const email = page.getByLabel("Contact email", { exact: true });
    await email.fill("not-an-email");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(/Enter a valid contact email/);
    await page.reload();
    await waitForAdminHydration(page);
    await expect(page.getByLabel("Contact email", { exact: true })).toHaveValue("hello@ahenfie.com");

    // Changing the currency warns that prices are not converted (not saved here).
    const currency = page.getByLabel("Store currency");
    await currency.selectOption("USD");
    await expect(page.getByRole("status").filter({ hasText: "Prices are not converted" })).toBeVisible();
    await currency.selectOption("GHS");
    await expect(page.getByText("Prices are not converted")).toHaveCount(0);
  });

  test("Staff: the owner's own row has no suspend or remove; an invitation is sent, listed and revoked", async ({ page }) => {
    // Staff changes ask "Confirm it's you" on a sign-in over 15 minutes old (admin-two-factor.spec.ts).
    await signInAfresh(page);
    await gotoAdmin(page, "/admin/settings?tab=staff");
    await expect(page.getByRole("tab", { name: "Staff", selected: true })).toBeVisible();
    await expectNoSeriousViolations(page, "/admin/settings?tab=staff");

    const ownRow = page.getByRole("list", { name: "Staff members" }).getByRole("listitem").filter({ hasText: E2E_ADMIN.email });
    await expect(ownRow).toContainText("You");
    await expect(ownRow.getByRole("button")).toHaveCount(0);

    const send = page.getByRole("button", { name: "Send invitation" });
    await expect(send).toBeDisabled();
    const invitee = `invitee-${Date.now()}@example.com`;
    await page.getByLabel("Email", { exact: true }).fill(invitee);
    await page.getByLabel("Role", { exact: true }).selectOption("accountant");
    await send.click();
    await expect(toast(page, "Invitation sent")).toBeVisible();
    const invitation = page.getByRole("list", { name: "Open invitations" }).getByRole("listitem").filter({ hasText: invitee });
    await expect(invitation).toContainText("Accountant");
    await invitation.getByRole("button", { name: `Revoke the invitation of ${invitee}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expectNoSeriousViolations(page, "revoke invitation confirmation");
    await confirm.getByRole("button", { name: "Revoke" }).click();
    await expect(toast(page, "Staff updated")).toBeVisible();
    await expect(invitation).toHaveCount(0);
  });

  test("Notifications: a switch is saved and still set after a reload", async ({ page }) => {
    await gotoAdmin(page, "/admin/settings?tab=notifications");
    await expectNoSeriousViolations(page, "/admin/settings?tab=notifications");
    const customerSwitch = page.getByRole("switch", { name: "Customer notifications" });
    await expect(page.getByRole("switch", { name: "Email notifications" })).toBeVisible();
    await expect(page.getByRole("switch", { name: "Order notifications" })).toBeVisible();
    const initial = (await customerSwitch.getAttribute("aria-checked")) === "true";

    const setAndSave = async (on: boolean) => {
      if (((await customerSwitch.getAttribute("aria-checked")) === "true") !== on) await customerSwitch.click();
      await page.getByRole("button", { name: "Save notifications" }).click();
      await expect(toast(page, "Settings saved").last()).toBeVisible();
    };
    try {
      await setAndSave(!initial);
      await page.reload();
      await waitForAdminHydration(page);
      await expect(customerSwitch).toHaveAttribute("aria-checked", String(!initial));
    } finally {
      await setAndSave(initial);
    }
    await page.reload();
    await expect(customerSwitch).toHaveAttribute("aria-checked", String(initial));
  });

  test("System shows the running version, environment and database", async ({ page }) => {
    await gotoAdmin(page, "/admin/settings");
    // Tabs live in the URL: choosing one changes ?tab= (and the back button works).
    await page.getByRole("tab", { name: "System" }).click();
    await expect(page).toHaveURL(/\?tab=system$/);
    await expect(page.getByTestId("system-version")).toHaveText(shopVersion);
    await expect(page.getByTestId("system-driver")).toHaveText("pglite");
    await expect(page.getByText("Production", { exact: true })).toBeVisible();
    await expect(page.getByText(/^PostgreSQL \d+/)).toBeVisible();
    await expectNoSeriousViolations(page, "/admin/settings?tab=system");
  });

  test("Maintenance mode: shoppers get the 503 maintenance page; sign-in and admins keep working", async ({ page, browser, baseURL }) => {
    const maintenanceSwitch = () => page.getByRole("switch", { name: /^Maintenance mode/ });
    // A shopper already in the shop when it closes.
    const browsing = await guestContext(browser);
    const browsingPage = await browsing.newPage();
    await gotoHydrated(browsingPage, "/");
    await gotoAdmin(page, "/admin/settings");
    try {
      await maintenanceSwitch().click();
      await expect(page.getByText("Maintenance mode on")).toBeVisible();
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(toast(page, "Settings saved")).toBeVisible();

      // Their next click loads the maintenance page, not the product's data.
      await browsingPage.locator('a[href="/product/1"]').first().click();
      await expect(browsingPage.getByRole("heading", { name: "We are refitting the shop" })).toBeVisible();

      const guest = await guestContext(browser);
      try {
        for (const path of ["/", "/collections/kaftans", "/product/1"]) {
          const response = await guest.request.get(path);
          expect(response.status(), path).toBe(503);
          expect(response.headers()["retry-after"]).toMatch(/^\d+$/);
          expect(response.headers()["cache-control"]).toContain("no-store");
          expect(await response.text()).toContain("We are refitting the shop");
        }
        // Nothing else of the storefront answers either: a client navigation's data is told
        // to load the page (which is the maintenance page), the API and sitemap say closed,
        // and no form is taken.
        for (const path of ["/product/1.data", "/_root.data", "/collections/kaftans.data?_routes=routes/storefront/collection"]) {
          const response = await guest.request.get(path, { maxRedirects: 0 });
          expect(response.status(), path).toBe(204);
          expect(response.headers()["x-remix-reload-document"], path).toBe("true");
          expect(await response.text(), path).toBe("");
        }
        for (const path of ["/api/products?ids=1", "/api/products/1", "/sitemap.xml"]) {
          const response = await guest.request.get(path);
          expect(response.status(), path).toBe(503);
          expect(await response.text(), path).toContain("The shop is closed for maintenance");
        }
        const origin = { Origin: baseURL! };
        const newsletter = await guest.request.post("/api/newsletter", { form: { email: "closed@example.com" }, headers: origin });
        expect(newsletter.status()).toBe(503);
        const tracking = await guest.request.post("/track-order", {
          form: { orderNumber: "ORD-000001", email: "closed@example.com" },
          headers: origin,
          maxRedirects: 0,
        });
        expect(tracking.status()).toBe(303);
        expect(tracking.headers()["location"]).toBe("/track-order");
        expect((await guest.request.post("/track-order.data", { form: { orderNumber: "ORD-1" }, headers: origin })).status()).toBe(204);
        // Sign-in and the health check stay open.
        expect((await guest.request.get("/auth")).status()).toBe(200);
        expect((await guest.request.get("/api/health")).status()).toBe(200);
        const shopper = await guest.newPage();
        await shopper.goto("/");
        await expect(shopper.getByRole("heading", { name: "We are refitting the shop" })).toBeVisible();
        await expectNoSeriousViolations(shopper, "the maintenance page");
      } finally {
        await guest.close();
        await browsing.close();
      }

      // The admin still sees the shop, with a reminder that it is closed.
      await gotoHydrated(page, "/product/1");
      await expect(page.getByRole("status").filter({ hasText: "Maintenance mode is on" })).toBeVisible();
    } finally {
      await gotoAdmin(page, "/admin/settings");
      if ((await maintenanceSwitch().getAttribute("aria-checked")) === "true") {
        await maintenanceSwitch().click();
        await page.getByRole("button", { name: "Save settings" }).click();
        await expect(toast(page, "Settings saved").last()).toBeVisible();
      }
    }
    // Open again for everyone at once (saving settings clears the page cache).
    const later = await guestContext(browser);
    expect((await later.request.get("/")).status()).toBe(200);
    await later.close();
  });
});

/** Fills the General tab's text fields named by label and saves (the admin page is signed in). */
async function saveGeneralSettings(page: Page, values: Record<string, string>): Promise<void> {
  await gotoAdmin(page, "/admin/settings");
  for (const [label, value] of Object.entries(values)) {
    if (label === "Store currency") await page.getByLabel(label).selectOption(value);
    else await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(toast(page, "Settings saved").last()).toBeVisible();
}

const defaultGeneral = {
  "Store name": "Ahenfie",
  Phone: "+233 30 277 4410",
  "Contact email": "hello@ahenfie.com",
  "Store currency": "GHS",
};

test.describe("settings reach the pages", () => {
  // Each test walks the admin and several storefront pages, then puts the settings back.
  test.describe.configure({ timeout: 240_000 });
  test("a new phone, email and store name show on every page that states them, cached pages included", async ({
    page,
    browser,
    baseURL,
  }) => {
    const product = activeProducts()[0]!;
    // The Shipping page is public: a guest's second request is served from the page cache.
    const shippingUrl = `${baseURL}/shipping`;
    await rawRequest(shippingUrl);
    await expect.poll(async () => (await rawRequest(shippingUrl)).headers["x-cache"]).toBe("HIT");
    try {
      await saveGeneralSettings(page, {
        "Store name": "Maison Osu",
        Phone: "+233 20 765 4321",
        "Contact email": "atelier@maison-osu.com",
      });
      // The cached page was dropped: the next guest request renders the new figures.
      const shipping = await rawRequest(shippingUrl);
      expect(shipping.headers["x-cache"]).not.toBe("HIT");
      expect(shipping.body).toContain("<title>Shipping Info | Maison Osu</title>");
      expect(shipping.body).toContain("atelier@maison-osu.com");

      const guest = await guestContext(browser);
      const shopper = await guest.newPage();
      await gotoHydrated(shopper, `/product/${product.id}`);
      await expect(shopper).toHaveTitle(`${product.name} | Maison Osu`);
      await expect(shopper.locator('meta[property="og:site_name"]')).toHaveAttribute("content", "Maison Osu");
      // The free-shipping line comes from the zones in Ghana, untouched by these settings.
      await expect(shopper.getByText("on orders over ₵500")).toBeVisible();
      const footer = shopper.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: "+233 20 765 4321" })).toBeVisible();
      await expect(footer.getByRole("link", { name: "atelier@maison-osu.com" })).toBeVisible();
      await expect(footer).toContainText("Maison Osu");

      await gotoHydrated(shopper, "/");
      await expect(shopper).toHaveTitle(/^Maison Osu \|/);
      await expect(shopper.locator("#about")).toContainText("free in Ghana on orders over ₵500");

      await gotoHydrated(shopper, "/shipping");
      await expect(shopper.getByRole("region", { name: /^Shipping zones/ })).toContainText("Everywhere else");
      await expect(shopper.locator("main")).toContainText("atelier@maison-osu.com");
      await expect(shopper).toHaveTitle("Shipping Info | Maison Osu");

      await gotoHydrated(shopper, "/about");
      await expect(shopper.locator("main")).toContainText("call +233 20 765 4321");
      await expect(shopper.locator("main")).toContainText("email atelier@maison-osu.com");
      await guest.close();
    } finally {
      await saveGeneralSettings(page, defaultGeneral);
    }
  });

  test("with USD chosen, prices show in dollars from the card to the order, and the order is recorded and emailed in USD for the same amount", async ({
    page,
    browser,
  }) => {
    const product = activeProducts().find((p) => !p.originalPrice) ?? activeProducts()[0]!;
    const dollars = cedis(product.price).replace("₵", "$");
    await gotoAdmin(page, "/admin/settings");
    await page.getByLabel("Store currency").selectOption("USD");
    await expect(page.getByRole("status").filter({ hasText: "Prices are not converted" })).toBeVisible();
    try {
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(toast(page, "Settings saved")).toBeVisible();

      const guest = await guestContext(browser);
      const shopper = await guest.newPage();
      await gotoHydrated(shopper, `/collections/${product.category}`);
      await expect(shopper.getByText(dollars).first()).toBeVisible();
      await expect(shopper.getByText(/₵\d/)).toHaveCount(0);

      await gotoHydrated(shopper, `/product/${product.id}`);
      await expect(shopper.locator("main").getByText(dollars).first()).toBeVisible();
      await expect(shopper.locator('meta[property="product:price:currency"]')).toHaveAttribute("content", "USD");
      await expect(shopper.getByRole("button", { name: `Add to Cart - ${dollars}` })).toBeVisible();
      await shopper.getByRole("button", { name: /^Add to Cart - / }).click();
      await expect(toast(shopper, "Added to Cart")).toBeVisible();
      await cartButton(shopper).click();
      await expect(cartPanel(shopper).getByTestId("cart-total")).toHaveText(dollars);

      await gotoHydrated(shopper, "/checkout");
      await expect(shopper.getByTestId("summary-subtotal")).toHaveText(dollars);
      await expect(shopper.locator("main").getByText(/₵\d/)).toHaveCount(0);
      const customer = uniqueGuest("Kojo Mensah");
      await shopper.getByLabel("Email", { exact: true }).fill(customer.email);
      await shopper.getByLabel("Full Name", { exact: true }).fill(customer.name);
      await shopper.getByLabel("Phone", { exact: true }).fill(customer.phone);
      await shopper.getByLabel("Delivery Address").fill(customer.address);
      await shopper.getByLabel("Region").selectOption("GH-AA");
      await expect(shopper.getByTestId("summary-shipping")).toHaveText("$30.00");
      const total = parseAmount((await shopper.getByTestId("summary-total").textContent())!);
      await shopper.getByRole("button", { name: "Place Order" }).click();
      await expect(shopper.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
      await expect(shopper.locator("main")).toContainText(`USD ${total}`);
      await expect(shopper.locator("main").getByText(/₵\d/)).toHaveCount(0);

      const email = emailText(await waitForOutboxEmail(customer.email, "order-confirmation"));
      expect(email).toContain(`USD ${total}`);
      expect(email).not.toMatch(/₵\d/);
      await guest.close();
    } finally {
      await saveGeneralSettings(page, { "Store currency": "GHS" });
    }
  });
});

test.describe("WhatsApp and social links", () => {
  test.describe.configure({ timeout: 240_000 });

  test("the shop's WhatsApp number and social links are checked in Settings, then reach the product page, the footer and Custom Orders", async ({
    page,
    browser,
  }) => {
    const product = activeProducts()[1]!;
    await gotoAdmin(page, "/admin/settings");
    const whatsapp = page.getByLabel("WhatsApp number", { exact: true });
    const instagram = page.getByLabel("Instagram", { exact: true });
    // The sample shop has a number; a newcomer sees the link at once.
    await expect(whatsapp).toHaveValue("+233 24 411 8820");

    // A local number and a link to another site are refused with a message under each field.
    await whatsapp.fill("024 123 4567");
    await instagram.fill("https://example.com/ahenfie");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(whatsapp).toHaveAttribute("aria-invalid", "true");
    await expect(whatsapp).toHaveAccessibleDescription(/Enter the WhatsApp number in international form, with \+ and the country code/);
    await expect(instagram).toHaveAccessibleDescription(/Enter the address of your Instagram page, starting with https:\/\//);
    await expectNoSeriousViolations(page, "/admin/settings (WhatsApp and social, with errors)");

    try {
      await saveGeneralSettings(page, {
        "WhatsApp number": "+233 24 123 4567",
        Instagram: "https://www.instagram.com/maison.osu",
        TikTok: "https://www.tiktok.com/@maison.osu",
      });

      const guest = await guestContext(browser);
      const shopper = await guest.newPage();
      await gotoHydrated(shopper, `/product/${product.id}`);
      const ask = shopper.getByRole("link", { name: /Ask about this piece/ });
      await expect(ask).toHaveAttribute("target", "_blank");
      await expect(ask).toHaveAttribute("rel", "noopener noreferrer");
      const href = new URL((await ask.getAttribute("href"))!);
      expect(`${href.origin}${href.pathname}`).toBe("https://wa.me/233241234567");
      const message = href.searchParams.get("text")!;
      expect(message).toContain(product.name);
      expect(message).toMatch(new RegExp(`https?://[^ ]+/product/${product.id}$`));

      const footer = shopper.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", "https://wa.me/233241234567");
      await expect(footer.getByRole("link", { name: "Ahenfie on Instagram (opens in a new tab)" })).toHaveAttribute(
        "href",
        "https://www.instagram.com/maison.osu",
      );
      await expect(footer.getByRole("link", { name: "Ahenfie on TikTok (opens in a new tab)" })).toBeVisible();
      await expectNoSeriousViolations(shopper, `/product/${product.id} with WhatsApp`);

      await gotoHydrated(shopper, "/custom-orders");
      const chat = shopper.getByRole("main").getByRole("link", { name: /Chat with our tailors on WhatsApp/ });
      await expect(chat).toHaveAttribute("href", /^https:\/\/wa\.me\/233241234567\?text=/);
      await expect(shopper.getByRole("main")).toContainText("message us on WhatsApp at +233 24 123 4567");

      // Without a number, no WhatsApp link anywhere, and no sentence pointing at one.
      await saveGeneralSettings(page, { "WhatsApp number": "" });
      await gotoHydrated(shopper, `/product/${product.id}`);
      await expect(shopper.getByRole("link", { name: /Ask about this piece/ })).toHaveCount(0);
      await gotoHydrated(shopper, "/custom-orders");
      await expect(shopper.getByRole("link", { name: /WhatsApp/ })).toHaveCount(0);
      await expect(shopper.getByRole("main")).not.toContainText("WhatsApp");
      await guest.close();
    } finally {
      await saveGeneralSettings(page, {
        "WhatsApp number": "+233 24 411 8820",
        Instagram: "https://instagram.com/ahenfie",
        TikTok: "",
      });
    }
  });
});

/** "$1,234.56" -> "1,234.56" */
function parseAmount(text: string): string {
  const match = /([\d,]+\.\d{2})/.exec(text);
  if (!match) throw new Error(`No amount in ${JSON.stringify(text)}`);
  return match[1]!;
}
