import { chromium, type Browser, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { CHROMIUM_ARGS, ensureChromium } from "../tests/setup/chromium";

/**
 * Screenshots of the storefront, sign-in and admin pages at phone and desktop sizes, for
 * docs/screenshots/. The shop must be running, with an admin account:
 *   npm run admin:create -- --email admin@example.com --password admin-pass-1
 *   ADMIN_EMAIL=admin@example.com ADMIN_PASSWORD=admin-pass-1 npx tsx scripts/screenshots.ts [baseUrl]
 * ONLY=home,admin-orders limits it to some shots.
 */
const baseUrl = process.argv[2] ?? "http://localhost:3000";
const admin = { email: process.env.ADMIN_EMAIL ?? "admin@example.com", password: process.env.ADMIN_PASSWORD ?? "admin-pass-1" };
const outDir = path.resolve("docs/screenshots");
const viewports = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

async function addToCart(page: Page, productId: number) {
  await page.goto(`${baseUrl}/product/${productId}`);
  await settle(page);
  await page.getByRole("button", { name: /Add to Cart - / }).click();
}

/** Buys one product as a guest; returns the order number. */
async function placeGuestOrder(page: Page, productId: number, customer: { email: string; name: string; phone: string; address: string }) {
  await addToCart(page, productId);
  await page.goto(`${baseUrl}/checkout`);
  await settle(page);
  await page.getByLabel("Email", { exact: true }).fill(customer.email);
  await page.getByLabel("Full Name", { exact: true }).fill(customer.name);
  await page.getByLabel("Phone", { exact: true }).fill(customer.phone);
  await page.getByLabel("Delivery Address").fill(customer.address);
  // Delivery in Ghana asks for the region (shipping zones); Greater Accra.
  await page.getByLabel("Region").selectOption("GH-AA");
  await page.getByRole("button", { name: "Place Order" }).click();
  await page.getByRole("heading", { name: "Order Confirmed!" }).waitFor();
  return (await page.getByText(/^ORD-\d{6}$/).textContent())!;
}

interface Shot {
  name: string;
  run: (page: Page) => Promise<void>;
  fullPage?: boolean;
  /** Taken signed in as the admin. */
  asAdmin?: boolean;
  /** Only at these sizes (default: every size). */
  sizes?: (typeof viewports)[number]["name"][];
}

/** An admin page, with the sidebar hydrated. */
async function gotoAdmin(page: Page, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForFunction(() => {
    const button = document.querySelector('button[aria-label="Toggle sidebar"]');
    return button !== null && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
}

const adminShots: Shot[] = [
  { name: "admin-dashboard", asAdmin: true, run: (page) => gotoAdmin(page, "/admin") },
  { name: "admin-products", asAdmin: true, run: (page) => gotoAdmin(page, "/admin/products") },
  {
    name: "admin-product-edit",
    asAdmin: true,
    sizes: ["desktop"],
    run: async (page) => {
      await gotoAdmin(page, "/admin/products?product=1");
      await page.getByRole("dialog", { name: "Edit Product" }).waitFor();
    },
  },
  { name: "admin-orders", asAdmin: true, run: (page) => gotoAdmin(page, "/admin/orders") },
  {
    name: "admin-order-details",
    asAdmin: true,
    sizes: ["desktop"],
    run: async (page) => {
      await gotoAdmin(page, "/admin/orders");
      await page.getByRole("table").getByRole("link").first().click();
      await page.getByRole("dialog").waitFor();
    },
  },
  { name: "admin-customers", asAdmin: true, run: (page) => gotoAdmin(page, "/admin/customers") },
  {
    name: "admin-customer-details",
    asAdmin: true,
    sizes: ["desktop"],
    run: async (page) => {
      await gotoAdmin(page, "/admin/customers");
      await page.getByRole("table").getByRole("link").first().click();
      await page.getByRole("dialog").waitFor();
    },
  },
  ...(["general", "admins", "notifications", "system"] as const).map((tab): Shot => ({
    name: `admin-settings-${tab}`,
    asAdmin: true,
    sizes: ["desktop"],
    run: (page) => gotoAdmin(page, tab === "general" ? "/admin/settings" : `/admin/settings?tab=${tab}`),
  })),
  {
    name: "admin-diagnostic",
    asAdmin: true,
    sizes: ["desktop"],
    fullPage: true,
    run: async (page) => {
      await gotoAdmin(page, "/admin/diagnostic");
      await page.getByRole("button", { name: "Run Diagnostics" }).click();
      await page.waitForURL(/run=1/);
      await page.getByRole("button", { name: "Run Diagnostics" }).waitFor();
    },
  },
];

const shots: Shot[] = [
  { name: "home", run: async (page) => void (await page.goto(`${baseUrl}/`)) },
  {
    name: "home-collection",
    run: async (page) => {
      await page.goto(`${baseUrl}/`);
      await page.evaluate(() => {
        const top = document.getElementById("collection")!.getBoundingClientRect().top + window.scrollY;
        window.scrollTo(0, top - 40);
      });
    },
  },
  { name: "collection", run: async (page) => void (await page.goto(`${baseUrl}/collections/kaftans`)) },
  { name: "product", run: async (page) => void (await page.goto(`${baseUrl}/product/1`)) },
  // A made-up path: the one 404 page the page cache keeps for all of them.
  { name: "not-found", run: async (page) => void (await page.goto(`${baseUrl}/no-such-page`)) },
  {
    name: "cart-open",
    run: async (page) => {
      await page.goto(`${baseUrl}/product/1`);
      await settle(page);
      await page.getByRole("button", { name: /Add to Cart - / }).click();
      await page.goto(`${baseUrl}/product/2`);
      await settle(page);
      await page.getByRole("button", { name: "L", exact: true }).click();
      await page.getByRole("button", { name: /Add to Cart - / }).click();
      await page.getByRole("button", { name: /Open cart/ }).click();
      await page.getByRole("dialog").waitFor();
      await page.waitForTimeout(500);
    },
  },
  {
    name: "checkout",
    run: async (page) => {
      await addToCart(page, 7);
      await page.goto(`${baseUrl}/checkout`);
    },
  },
  {
    name: "order-confirmation",
    fullPage: true,
    run: async (page) => {
      await placeGuestOrder(page, 2, {
        email: "kwame@example.com",
        name: "Kwame Boateng",
        phone: "+233 24 555 0101",
        address: "22 Independence Avenue, Ridge, Accra",
      });
    },
  },
  {
    name: "track-order",
    run: async (page) => {
      const orderNumber = await placeGuestOrder(page, 4, {
        email: "esi@example.com",
        name: "Esi Quaye",
        phone: "+233 24 555 0199",
        address: "5 Oxford Street, Osu, Accra",
      });
      await page.goto(`${baseUrl}/track-order`);
      await settle(page);
      await page.getByLabel("Order number").fill(orderNumber);
      await page.getByLabel("Email used at checkout").fill("esi@example.com");
      await page.getByRole("button", { name: "Track Order" }).click();
      await page.getByRole("heading", { name: "Order Status Timeline" }).waitFor();
      await page.waitForTimeout(4500); // let the toast leave
    },
  },
  { name: "auth", run: async (page) => void (await page.goto(`${baseUrl}/auth`)) },
  {
    name: "auth-sign-up",
    run: async (page) => {
      await page.goto(`${baseUrl}/auth`);
      await settle(page);
      await page.getByRole("tab", { name: "Sign Up" }).click();
    },
  },
  ...adminShots,
];

/** The admin's signed-in browser state, from one sign-in through the /auth form. */
async function adminState(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/auth?redirectTo=%2Fadmin`);
  await settle(page);
  await page.locator("#signin-email").fill(admin.email);
  await page.locator("#signin-password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page
    .waitForURL((url) => url.pathname === "/admin", { timeout: 15_000 })
    .catch(() => {
      throw new Error(`Could not sign in as ${admin.email}: create the admin first (see the top of this file).`);
    });
  const state = await context.storageState();
  await context.close();
  return state;
}

const only = process.env.ONLY?.split(",");
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
const wanted = shots.filter((shot) => !only || only.includes(shot.name));
const storageState = wanted.some((shot) => shot.asAdmin) ? await adminState(browser) : undefined;
for (const viewport of viewports) {
  for (const shot of wanted) {
    if (shot.sizes && !shot.sizes.includes(viewport.name)) continue;
    const context = await browser.newContext({
      viewport,
      deviceScaleFactor: 1,
      reducedMotion: "reduce",
      storageState: shot.asAdmin ? storageState : undefined,
    });
    const page = await context.newPage();
    await shot.run(page);
    await settle(page);
    const file = path.join(outDir, `${shot.name}-${viewport.name}.png`);
    await page.screenshot({ path: file, fullPage: shot.fullPage ?? false });
    console.log(file);
    await context.close();
  }
}
await browser.close();
