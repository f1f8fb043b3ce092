import { expect, test as setup } from "@playwright/test";
import { ADMIN_STATE, waitForAdminHydration } from "./admin-support";
import { E2E_ADMIN } from "./e2e-accounts";
import { signIn } from "./support";

/**
 * Runs before the browser tests: the admin made by `npm run admin:create` (playwright.config.ts)
 * signs in through the /auth form once, lands on the dashboard, and the session is kept for
 * every admin test (ADMIN_STATE).
 */
setup("the admin signs in through /auth and reaches the dashboard", async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password, "/admin");
  await waitForAdminHydration(page);
  await expect(page.getByText(`Welcome, ${E2E_ADMIN.email}`)).toBeVisible();
  await page.context().storageState({ path: ADMIN_STATE });
});
