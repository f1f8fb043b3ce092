import { expect, test, type Page } from "@playwright/test";
import { productGalleryBases, seedProducts } from "../../db/seed/catalog-data";
import { addFromProductPage, cartButton, cartPanel } from "./support";

// Each picture is fetched at the width it is shown: the 4:5 product pictures exist at 240, 480,
// 768 and 960 (app/lib/images.ts), and srcset with sizes lets the browser take the smallest
// sharp one. A fresh browser context each test, so nothing larger is already in the cache.
const kaftan = seedProducts.find((p) => p.id === 1)!;
const gold = kaftan.colors[0]!;
const [fullView, ...closeUps] = productGalleryBases(kaftan, gold.name);

test.use({ reducedMotion: "reduce" });

/** Every picture request that failed, so a srcset naming a missing file is caught. */
function failedPictures(page: Page) {
  const failed: string[] = [];
  page.on("response", (response) => {
    if (/\.(webp|jpg|png)$/.test(new URL(response.url()).pathname) && response.status() >= 400) failed.push(response.url());
  });
  return failed;
}

/** The files the browser chose for these images, as paths, once each has chosen (lazy ones too). */
async function shown(page: Page, selector: string) {
  const chosen = () =>
    page
      .locator(selector)
      .evaluateAll((images: HTMLImageElement[]) => images.map((image) => new URL(image.currentSrc || "x:", location.href).pathname));
  await expect.poll(async () => (await chosen()).every((file) => file.endsWith(".webp"))).toBe(true);
  return chosen();
}

/**
 * The gallery's thumbnails take the 240 files. The first shows the same picture as the gallery,
 * and Chromium may reuse the larger file it already has for it instead of fetching the 240.
 */
async function expectThumbnails(page: Page) {
  const [first, ...others] = await shown(page, "main [aria-label^='Show picture'] img");
  expect(first).toMatch(new RegExp(`^${fullView}-(240|768)\\.webp$`));
  expect(others).toEqual(closeUps.map((base) => `${base}-240.webp`));
}

test.describe("on a mid-range phone (412 px wide at 1.75×, Lighthouse's phone)", () => {
  // The screen too: before layout, Chrome's preload scanner reads `100vw` from the screen's width.
  test.use({
    viewport: { width: 412, height: 823 },
    screen: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });

  test("the product page takes the 768 picture for the gallery and fetches no thumbnails (dots instead), the cart 240", async ({
    page,
  }) => {
    const failed = failedPictures(page);
    const fetched: string[] = [];
    page.on("request", (request) => void fetched.push(new URL(request.url()).pathname));
    await addFromProductPage(page, 1);
    const main = page.getByRole("main");
    expect((await shown(page, "main [aria-label^='Zoom picture 1 '] img"))[0]).toBe(`${fullView}-768.webp`);

    // Below 1024 px the thumbnails and colour pictures are not shown, so their lazy files never load.
    await expect(main.getByRole("group", { name: /^Pictures/ })).toBeHidden();
    await expect(main.getByRole("group", { name: "Colour pictures" })).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 3));
    expect(fetched.filter((file) => file.endsWith("-240.webp"))).toEqual([]);

    await cartButton(page).click();
    await expect(cartPanel(page)).toBeVisible();
    const [lineFile] = await shown(page, "[data-testid='cart-line'] img");
    // The cart's 80 px needs 140 pixels here: the 240, or the gallery's 768 the browser already has.
    expect(lineFile).toMatch(new RegExp(`^${fullView}-(240|768)\\.webp$`));
    expect(failed).toEqual([]);
  });

  test("a collection's cards take the 480 picture, not the 960", async ({ page }) => {
    const failed = failedPictures(page);
    await page.goto("/collections/kaftans");
    const files = await shown(page, "main article img");
    // 182 px cards need 319 pixels.
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) expect(file).toMatch(/-480\.webp$/);
    expect(failed).toEqual([]);
  });

  test("a collection asks first for the pictures a phone shows: the first row, not the one below", async ({ page }) => {
    await page.goto("/collections/kaftans");
    // Preloaded at high priority from the head: only what competes for the first screen.
    await expect(page.locator("head link[rel='preload'][as='image']")).toHaveCount(2);
    const cards = page.locator("main article img");
    const placement = await cards.evaluateAll((images: HTMLImageElement[]) =>
      images.slice(0, 3).map((image) => ({
        top: image.getBoundingClientRect().top,
        priority: image.getAttribute("fetchpriority"),
        loading: image.getAttribute("loading"),
      })),
    );
    const screenHeight = await page.evaluate(() => innerHeight);
    expect(placement.slice(0, 2).map((p) => [p.priority, p.top < screenHeight])).toEqual([
      ["high", true],
      ["high", true],
    ]);
    // The next row starts at the foot of the screen (the collection's header is compact on a phone
    // since issue 45): fetched lazily, after the first row, not competing with it.
    expect(placement[2]).toMatchObject({ loading: "lazy", priority: "auto" });
    expect(placement[2]!.top).toBeGreaterThan(screenHeight * 0.75);
  });
});

test.describe("on a desktop at 1×", () => {
  test.use({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });

  test("the gallery takes 768 for its 600 px, thumbnails and colour pictures 240, and every picture loads", async ({ page }) => {
    const failed = failedPictures(page);
    await page.goto("/product/1");
    expect((await shown(page, "main [aria-label^='Zoom picture 1 '] img"))[0]).toBe(`${fullView}-768.webp`);
    await expectThumbnails(page);
    const colourFiles = await shown(page, "main [aria-label='Colour pictures'] img");
    expect(colourFiles.slice(1)).toEqual(kaftan.colors.slice(1).map((c) => `${productGalleryBases(kaftan, c.name)[0]}-240.webp`));
    await page.getByRole("main").locator("img").last().scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        page
          .getByRole("main")
          .locator("img")
          .evaluateAll((images: HTMLImageElement[]) => images.every((i) => i.complete && i.naturalWidth > 0)),
      )
      .toBe(true);
    expect(failed).toEqual([]);
  });
});
