import { expect, test } from "@playwright/test";
import { ADMIN_STATE } from "./admin-support";
import { adminScreens, makeSample, openScreen, sidewaysScrollers, type ScreenSample } from "./admin-screens";
import { expectNoSeriousViolations } from "./axe";

/**
 * Issue 12, defect 5: every admin page and dialog works on a 390 px phone. Nothing scrolls
 * sideways (neither the page nor a box inside it, such as a table in its card), a dialog's
 * content fits its width, and its primary button can be reached and is on screen.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: "reduce", storageState: ADMIN_STATE });

let sample: ScreenSample;

test.beforeAll(async ({ browser }) => {
  sample = await makeSample(browser);
});

for (const screen of adminScreens) {
  test(`${screen.name} fits a 390 px phone, nothing scrolls sideways, and passes axe`, async ({ page, browser }) => {
    let target = page;
    if (screen.signedOut) target = await (await browser.newContext({ ...phone, storageState: { cookies: [], origins: [] } })).newPage();
    const dialog = await openScreen(target, screen, sample);
    expect(await sidewaysScrollers(target), `${screen.name} scrolls sideways`).toEqual([]);
    if (dialog && screen.dialog) {
      const fits = await dialog.evaluate((element) => ({ content: element.scrollWidth, box: element.clientWidth }));
      expect(fits.content, `${screen.name}: the dialog's content is wider than the dialog`).toBeLessThanOrEqual(fits.box);
      const primary = dialog.getByRole("button", { name: screen.dialog.primary, exact: typeof screen.dialog.primary === "string" });
      await primary.scrollIntoViewIfNeeded();
      await expect(primary).toBeVisible();
      await expect(primary).toBeInViewport({ ratio: 1 });
    }
    await expectNoSeriousViolations(target, `${screen.name} at 390 px`, dialog ? `[role="${screen.dialog!.role}"]` : undefined);
  });
}

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: "reduce" } as const;
