import { expect, test, type Page } from "@playwright/test";
import { productGalleryBases, seedProducts } from "../../db/seed/catalog-data";
import { expectNoSeriousViolations } from "./axe";
import { closeWithEscape, gotoHydrated } from "./support";

// The Royal Kente Kaftan: three pictures per colour in the seed (full view, neckline, fabric).
const kaftan = seedProducts.find((p) => p.id === 1)!;
const [gold, emerald] = kaftan.colors;
const gallery = (colour: string) => productGalleryBases(kaftan, colour);

test.use({ reducedMotion: "reduce" });
test.describe.configure({ timeout: 120_000 });

const thumbnails = (page: Page) => page.getByRole("main").getByRole("button", { name: /^Show picture \d of \d$/ });
/** The picture shown, as the "N / M" mark over the gallery says (a phone swipes; thumbnails from 1024 px). */
const currentDot = async (page: Page) =>
  Number(
    (
      (await page
        .getByRole("main")
        .getByText(/^\d \/ \d$/)
        .first()
        .textContent()) ?? "0"
    ).split(" / ")[0],
  );

for (const [label, viewport] of [
  ["desktop", { width: 1440, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`the product gallery on a ${label}`, () => {
    test.use({ viewport });

    test("shows the colour's pictures, a thumbnail shows one, a colour brings its own, and the zoom opens and closes", async ({ page }) => {
      expect(gallery(gold!.name)).toHaveLength(3);
      await gotoHydrated(page, "/product/1");
      const main = page.getByRole("main");
      if (label === "desktop") {
        await expect(thumbnails(page)).toHaveCount(3);
        await expect(main.getByRole("button", { name: "Show picture 1 of 3" })).toHaveAttribute("aria-pressed", "true");
        for (const [i, base] of gallery(gold!.name).entries()) {
          await expect(thumbnails(page).nth(i).locator("img")).toHaveAttribute("src", `${base}-480.webp`);
        }
        await main.getByRole("button", { name: "Show picture 2 of 3" }).click();
        await expect(main.getByRole("button", { name: "Show picture 2 of 3" })).toHaveAttribute("aria-pressed", "true");
      } else {
        // A phone: no rows of thumbnails or colour pictures above the name; a swipe, and "2 / 3".
        await expect(thumbnails(page)).toHaveCount(0);
        await expect(main.getByRole("group", { name: "Colour pictures" })).toBeHidden();
        expect(await currentDot(page)).toBe(1);
        await main
          .getByRole("button", { name: "Zoom picture 1 of 3" })
          .locator("..")
          .evaluate((track) => track.scrollTo({ left: track.clientWidth }));
        await expect.poll(() => currentDot(page)).toBe(2);
      }
      const second = main.getByRole("img", { name: `${kaftan.name} in ${gold!.name}, picture 2 of 3` });
      await expect(second).toHaveAttribute("src", `${gallery(gold!.name)[1]}-960.webp`);
      await expect(second).toBeInViewport({ ratio: 0.6 });

      // Another colour: its own pictures, from its cover.
      await page
        .getByRole("group", { name: /^Colour:/ })
        .getByRole("button", { name: emerald!.name, exact: true })
        .click();
      if (label === "desktop") {
        await expect(thumbnails(page).first().locator("img")).toHaveAttribute("src", `${gallery(emerald!.name)[0]}-480.webp`);
        await expect(main.getByRole("button", { name: "Show picture 1 of 3" })).toHaveAttribute("aria-pressed", "true");
      } else await expect.poll(() => currentDot(page)).toBe(1);
      await expect(main.getByRole("img", { name: `${kaftan.name} in ${emerald!.name}`, exact: true })).toHaveAttribute(
        "src",
        `${gallery(emerald!.name)[0]}-960.webp`,
      );

      // The zoom: the large picture, axe-clean, Escape closes and focus returns.
      const opener = main.getByRole("button", { name: "Zoom picture 1 of 3" });
      await opener.click();
      const zoom = page.getByRole("dialog", { name: `${kaftan.name}, ${emerald!.name}` });
      await expect(zoom).toBeVisible();
      await expect(zoom.getByRole("img", { name: `${kaftan.name} in ${emerald!.name}`, exact: true })).toHaveAttribute(
        "src",
        `${gallery(emerald!.name)[0]}-960.webp`,
      );
      await expectNoSeriousViolations(page, `the zoom dialog (${label})`);
      await zoom.getByRole("button", { name: /^Next picture/ }).click();
      await expect(zoom.getByRole("img", { name: `${kaftan.name} in ${emerald!.name}, picture 2 of 3` })).toBeVisible();
      await zoom.getByRole("button", { name: "Zoom in" }).click();
      await expect(zoom.getByRole("button", { name: "Zoom out" })).toHaveAttribute("aria-pressed", "true");
      await page.keyboard.press("Escape");
      await expect(zoom).toBeHidden();
      // Focus returns to the page's picture, which follows the one last seen in the zoom.
      await expect(main.getByRole("button", { name: "Zoom picture 2 of 3" })).toBeFocused();
      if (label === "desktop")
        await expect(main.getByRole("button", { name: "Show picture 2 of 3" })).toHaveAttribute("aria-pressed", "true");
      else await expect.poll(() => currentDot(page)).toBe(2);
    });
  });
}

test("a product with one picture per colour shows no thumbnails but still zooms", async ({ page }) => {
  const single = seedProducts.find((p) => p.active && !p.galleryViews && p.colors.length > 0)!;
  await gotoHydrated(page, `/product/${single.id}`);
  await expect(thumbnails(page)).toHaveCount(0);
  await page.getByRole("main").getByRole("button", { name: "Zoom picture 1 of 1" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await closeWithEscape(page, page.getByRole("dialog"));
});
