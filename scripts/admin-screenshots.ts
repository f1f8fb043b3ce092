import { chromium } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { adminScreens, makeSample, openScreen } from "../tests/e2e/admin-screens";
import { E2E_ADMIN } from "../tests/e2e/e2e-accounts";
import { startShop, type Shop } from "../tests/e2e/start-shop";
import { signIn } from "../tests/e2e/support";
import { CHROMIUM_ARGS, ensureChromium } from "../tests/setup/chromium";

/**
 * Every admin page and dialog at 390 × 844 (issue 12: "admin screenshots at 390 px for every
 * page and dialog"), saved as docs/screenshots/admin-390/<name>.png. The list of screens is
 * tests/e2e/admin-screens.ts (shared with admin-phone.spec.ts): a new page or dialog is one entry
 * there. Needs a production build (npx react-router build).
 *
 *   npx tsx scripts/admin-screenshots.ts              a shop of its own (fresh data, e2e admin)
 *   ADMIN_EMAIL=… ADMIN_PASSWORD=… npx tsx scripts/admin-screenshots.ts http://localhost:3000
 *   ONLY=products,product-edit npx tsx scripts/admin-screenshots.ts     some screens only
 */
const outDir = path.resolve("docs/screenshots/admin-390");
const only = process.env.ONLY?.split(",").filter(Boolean);
const viewport = { width: 390, height: 844 };

let shop: Shop | null = null;
let baseURL = process.argv[2];
const admin = baseURL
  ? { email: process.env.ADMIN_EMAIL ?? "admin@example.com", password: process.env.ADMIN_PASSWORD ?? "admin-pass-1" }
  : E2E_ADMIN;
if (!baseURL) {
  shop = await startShop({ admin: E2E_ADMIN });
  baseURL = shop.url;
}
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
const adminState = path.resolve(`.tmp/admin-screenshots-state.json`);
try {
  const signingIn = await browser.newContext({ baseURL, viewport });
  await signIn(await signingIn.newPage(), admin.email, admin.password, "/admin");
  await signingIn.storageState({ path: adminState });
  await signingIn.close();
  const sample = await makeSample(browser, { baseURL, adminState });

  fs.mkdirSync(outDir, { recursive: true });
  for (const screen of adminScreens) {
    if (only && !only.includes(screen.name)) continue;
    const context = await browser.newContext({
      baseURL,
      viewport,
      isMobile: true,
      hasTouch: true,
      reducedMotion: "reduce",
      storageState: screen.signedOut ? { cookies: [], origins: [] } : adminState,
    });
    const page = await context.newPage();
    await openScreen(page, screen, sample);
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(300);
    // Pages whole; a dialog as the phone shows it (the page behind is dimmed).
    const file = path.join(outDir, `${screen.name}.png`);
    await page.screenshot({ path: file, fullPage: !screen.dialog });
    console.log(`${screen.name}: ${path.relative(process.cwd(), file)}`);
    await context.close();
  }
} finally {
  await browser.close();
  fs.rmSync(adminState, { force: true });
  await shop?.remove();
}
