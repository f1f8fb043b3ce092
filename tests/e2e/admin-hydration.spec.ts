import { expect, test, type BrowserContext } from "@playwright/test";
import { ADMIN_STATE, waitForAdminHydration } from "./admin-support";
import { adminScreens, makeSample, type ScreenSample } from "./admin-screens";
import { waitForHydration } from "./support";

/**
 * Issue 12, defect 6: React #418 (the server's HTML did not match the browser's first render) on
 * /admin. Every admin page (and URL dialog) is loaded whole on a phone and on a desktop, and so
 * are the storefront's main pages; any hydration error in the console or as a page error fails.
 */
test.use({ reducedMotion: "reduce", storageState: ADMIN_STATE });

const HYDRATION = /#418|#419|#422|#423|#425|hydrat/i;
const storefront = ["/", "/collections/kente", "/product/1", "/checkout", "/track-order", "/wishlist", "/about", "/custom-orders/request"];

let sample: ScreenSample;

test.beforeAll(async ({ browser }) => {
  sample = await makeSample(browser);
});

/** Loads `path` as a new document and returns the hydration errors React reported. */
async function hydrationErrors(context: BrowserContext, path: string, admin: boolean): Promise<string[]> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && HYDRATION.test(message.text()) && errors.push(message.text()));
  page.on("pageerror", (error) => HYDRATION.test(error.message) && errors.push(error.message));
  await page.goto(path);
  if (admin) await waitForAdminHydration(page);
  else await waitForHydration(page);
  // React reports a recoverable hydration error after the root has committed.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
  await page.close();
  return errors;
}

const adminPaths = [...new Set(adminScreens.filter((s) => !s.signedOut && !s.open && !s.document).map((s) => s.name))];

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    // Each test loads a dozen pages whole: more than the default 45 s on a busy machine.
    test.describe.configure({ timeout: 180_000 });

    test("every admin page and URL dialog hydrates without a mismatch", async ({ context }) => {
      for (const name of adminPaths) {
        const path = adminScreens.find((s) => s.name === name)!.path(sample);
        expect(await hydrationErrors(context, path, true), `${path} reported a hydration error`).toEqual([]);
      }
    });

    test("the storefront's pages hydrate without a mismatch", async ({ context }) => {
      for (const path of storefront) expect(await hydrationErrors(context, path, false), `${path}`).toEqual([]);
    });
  });
}
