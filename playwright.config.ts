import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./tests/setup/chromium";
import { E2E_ADMIN } from "./tests/e2e/e2e-accounts";

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = `.tmp/e2e-${port}`;
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } };
/**
 * The client address this worker's browsers and requests show the shared shop (it runs with
 * TRUST_PROXY=1). Each worker process loads this file itself, so each is a client of its own:
 * the shop's per-address limits (orders: docs/product-rules.md §10; sign-ups, sign-ins) count a
 * worker's tests, not the whole run's. A request that sends its own (ownClientAddress) wins.
 */
const workerAddress = `10.${200 + Math.floor(Math.random() * 50)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/**
 * Browser tests run the production build on a fresh embedded database in .tmp/,
 * against Debian's Chromium (never a downloaded browser).
 */
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    // A shopper in Accra unless a test says otherwise: checkout opens on the country the browser's
    // languages name (docs/product-rules.md, Checkout), and Chromium's own en-US would be the US.
    locale: "en-GH",
    extraHTTPHeaders: { "X-Forwarded-For": workerAddress },
    screenshot: "only-on-failure",
    trace: "off",
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  // One shared shop. The storefront and admin specs run side by side: each admin spec makes the
  // data it asserts on (its own guests, orders and products with unique names) and never
  // asserts on figures other specs change; the admin test that changes the catalog runs on a
  // shop of its own (testOnOwnShop in tests/e2e/admin-support.ts). The settings spec changes
  // the shop for everyone (shipping fee, notifications, maintenance), so it runs last, alone.
  projects: [
    // Signs the e2e admin in once and keeps the session for the admin tests (tests/e2e/admin-support.ts).
    { name: "setup", testMatch: /\.setup\.ts$/ },
    { name: "storefront", use: desktop, testIgnore: /admin-[\w-]+\.spec\.ts$/ },
    {
      name: "admin",
      use: desktop,
      testMatch: /admin-[\w-]+\.spec\.ts$/,
      testIgnore: /admin-settings\.spec\.ts$/,
      dependencies: ["setup"],
    },
    { name: "settings", use: desktop, testMatch: /admin-settings\.spec\.ts$/, dependencies: ["storefront", "admin"] },
  ],
  webServer: {
    // A fresh shop with one admin account (tests/e2e/support.ts E2E_ADMIN) made by the CLI.
    command: `rm -rf ${dataDir} && tsx scripts/admin-create.ts --email ${E2E_ADMIN.email} --password ${E2E_ADMIN.password} && sh scripts/serve.sh`,
    // TRUST_PROXY: tests that create accounts or newsletter sign-ups send an address of their own
    // (ownClientAddress in tests/e2e/support.ts), so per-address limits do not add up across specs.
    env: { NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", HOST: "127.0.0.1", TRUST_PROXY: "1" },
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    // admin:create and the first start each migrate a new database: minutes on a busy 2-core machine.
    timeout: 300_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
