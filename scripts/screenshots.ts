import { chromium, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { CHROMIUM_ARGS, ensureChromium } from "../tests/setup/chromium";

/**
 * Screenshots of the storefront at phone and desktop sizes, for docs/screenshots/.
 * Usage: npx tsx scripts/screenshots.ts [baseUrl]   (the shop must be running)
 */
const baseUrl = process.argv[2] ?? "http://localhost:3000";
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
  await page.getByRole("button", { name: "Place Order" }).click();
  await page.getByRole("heading", { name: "Order Confirmed!" }).waitFor();
  return (await page.getByText(/^ORD-\d{6}$/).textContent())!;
}

const shots: { name: string; run: (page: Page) => Promise<void>; fullPage?: boolean }[] = [
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
];

const only = process.env.ONLY?.split(",");
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
for (const viewport of viewports) {
  for (const shot of shots) {
    if (only && !only.includes(shot.name)) continue;
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: "reduce" });
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
