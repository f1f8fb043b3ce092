import { expect, test, type Page } from "@playwright/test";
import { activeProducts, cardNames, cards, gotoHydrated } from "./support";

const HERO_INTERVAL_MS = 5_000;
const HOME_PAGE_SIZE = 8;

const slides = ["Authentic Ghanaian Kaftans", "Bespoke African Suits", "Heritage Collection"] as const;

/** The slide on show: only the current slide is exposed to assistive technology. */
function slideHeading(page: Page, title: (typeof slides)[number]) {
  return page.getByRole("region", { name: "Featured collections" }).getByRole("heading", { name: title, exact: true });
}

async function expectSlide(page: Page, index: 0 | 1 | 2) {
  await expect(slideHeading(page, slides[index])).toBeVisible();
  for (const [i, title] of slides.entries()) {
    if (i !== index) await expect(slideHeading(page, title)).toHaveCount(0);
  }
  await expect(page.getByRole("button", { name: `Go to slide ${index + 1}: ${slides[index]}` })).toHaveAttribute("aria-current", "true");
}

/** Stops the page's fake clock (installed before navigation) so only runFor moves time. */
async function freezeClock(page: Page) {
  // Real time keeps flowing until the pause, so aim a little ahead and retry if we were late.
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 300);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes("Cannot fast-forward to the past")) throw error;
    }
  }
}

/** The expected home-grid order for "All": featured first, then newest, then highest id. */
function homeOrder() {
  return [...activeProducts()].sort(
    (a, b) => Number(b.featured) - Number(a.featured) || a.createdDaysAgo - b.createdDaysAgo || b.id - a.id,
  );
}

test.describe("hero carousel", () => {
  test("slide 1 is the kaftans slide and Shop Kaftans opens the kaftans collection", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expectSlide(page, 0);
    await expect(slideHeading(page, slides[0])).toHaveJSProperty("tagName", "H1");
    const shop = page.getByRole("link", { name: "Shop Kaftans" });
    await expect(shop).toHaveAttribute("href", "/collections/kaftans");
    await shop.click();
    await expect(page).toHaveURL(/\/collections\/kaftans$/);
    await expect(page.getByRole("heading", { level: 1, name: "Kaftans Collection" })).toBeVisible();
  });

  test("next, previous and the dots move between the slides, and previous wraps around", async ({ page }) => {
    await gotoHydrated(page, "/");
    const hero = page.getByRole("region", { name: "Featured collections" });

    await hero.getByRole("button", { name: "Next slide" }).click();
    await expectSlide(page, 1);
    await expect(hero.getByRole("link", { name: "Shop Suits" })).toHaveAttribute("href", "/collections/suits");

    await hero.getByRole("button", { name: "Previous slide" }).click();
    await expectSlide(page, 0);

    await hero.getByRole("button", { name: "Go to slide 3: Heritage Collection" }).click();
    await expectSlide(page, 2);
    await expect(hero.getByRole("link", { name: "View Collection" })).toHaveAttribute("href", "/collections/kaftans");

    await hero.getByRole("button", { name: "Go to slide 1: Authentic Ghanaian Kaftans" }).click();
    await expectSlide(page, 0);
    await hero.getByRole("button", { name: "Previous slide" }).click();
    await expectSlide(page, 2);
    await hero.getByRole("button", { name: "Next slide" }).click();
    await expectSlide(page, 0);
  });

  test("a slide change moves the dots and fades the slides with transforms and opacity only", async ({ page }) => {
    await gotoHydrated(page, "/");
    const hero = page.getByRole("region", { name: "Featured collections" });
    const bars = hero.getByRole("button", { name: /^Go to slide/ }).locator("> span");
    await hero.hover(); // holds the slides still (the carousel pauses while hovered)
    await expect.poll(() => bars.evaluateAll((spans) => spans.map((span) => (span as HTMLElement).offsetWidth))).toEqual([48, 24, 24]);

    // Clicked and read in the page, one frame apart: the dots' animation lasts half a second,
    // which a busy test machine could let pass between two of Playwright's steps.
    const { animated, startsWhereItWas } = await hero.evaluate(async (section) => {
      const spans = [...section.querySelectorAll<HTMLElement>("[aria-label^='Go to slide'] > span")];
      const box = (span: HTMLElement) => {
        const { left, width } = span.getBoundingClientRect();
        return [Math.round(left), Math.round(width)];
      };
      const before = spans.map(box);
      section.querySelector<HTMLButtonElement>("[aria-label='Go to slide 3: Heritage Collection']")!.click();
      await new Promise((resolve) => requestAnimationFrame(resolve));
      // What is animating now: animating a width or a colour instead would make the browser lay
      // out and repaint the hero on every frame (some 300 ms of a phone's main thread per slide).
      const animated = section.getAnimations({ subtree: true }).flatMap((animation) => {
        const effect = animation.effect as KeyframeEffect;
        return effect.getKeyframes().flatMap((frame) => Object.keys(frame));
      });
      // Each moving bar's first frame draws it where it was before the click.
      const moves = spans.flatMap((span) => span.getAnimations());
      for (const move of moves) {
        move.pause();
        move.currentTime = 0;
      }
      const startsWhereItWas = spans.map(box).every((start, index) => start.every((value, i) => Math.abs(value - before[index]![i]!) <= 1));
      for (const move of moves) move.finish();
      return { animated, startsWhereItWas: moves.length === 3 && startsWhereItWas };
    });
    expect(startsWhereItWas, "the three bars, all moving, start from where they were").toBe(true);
    await expectSlide(page, 2);
    const properties = new Set(animated.filter((key) => !["offset", "computedOffset", "easing", "composite"].includes(key)));
    // `scale` is the picture's slow zoom (Tailwind's scale-105): a transform property too.
    expect([...properties].sort()).toEqual(["opacity", "scale", "transform"]);
    await expect.poll(() => bars.evaluateAll((spans) => spans.map((span) => (span as HTMLElement).offsetWidth))).toEqual([24, 24, 48]);
    await expect(bars.nth(2).locator("span")).toHaveCSS("opacity", "1");
    await expect(bars.nth(0).locator("span")).toHaveCSS("opacity", "0");
  });

  test("advances by itself every 5 seconds and wraps around", async ({ page }) => {
    await page.clock.install();
    await gotoHydrated(page, "/");
    await freezeClock(page);
    // Hovering pauses and leaving restarts the timer, so it now starts at a known moment.
    await page.getByRole("region", { name: "Featured collections" }).getByRole("paragraph").first().hover();
    await page.mouse.move(5, 5); // the header, well away from the carousel
    await expectSlide(page, 0);

    await page.clock.runFor(HERO_INTERVAL_MS - 100);
    await expectSlide(page, 0);
    await page.clock.runFor(200);
    await expectSlide(page, 1);
    await page.clock.runFor(HERO_INTERVAL_MS);
    await expectSlide(page, 2);
    await page.clock.runFor(HERO_INTERVAL_MS);
    await expectSlide(page, 0);
  });

  test("does not advance while hovered, and resumes when the pointer leaves", async ({ page }) => {
    await page.clock.install();
    await gotoHydrated(page, "/");
    await freezeClock(page);
    await page.getByRole("region", { name: "Featured collections" }).getByRole("paragraph").first().hover();

    // Two and a half intervals: a carousel that ignored the pointer would be on slide 3.
    await page.clock.runFor(HERO_INTERVAL_MS * 2.5);
    await expectSlide(page, 0);

    await page.mouse.move(5, 5);
    await page.clock.runFor(HERO_INTERVAL_MS + 100);
    await expectSlide(page, 1);
  });

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("does not advance by itself, but the buttons still work", async ({ page }) => {
      await page.clock.install();
      await gotoHydrated(page, "/");
      await freezeClock(page);
      await page.mouse.move(5, 5);
      await page.clock.runFor(HERO_INTERVAL_MS * 2.5);
      await expectSlide(page, 0);

      await page.getByRole("button", { name: "Next slide" }).click();
      await expectSlide(page, 1);
      await page.mouse.move(5, 5);
      await page.clock.runFor(HERO_INTERVAL_MS * 1.5);
      await expectSlide(page, 1);
    });
  });

  test("Learn More scrolls to the about section", async ({ page }) => {
    await gotoHydrated(page, "/");
    const about = page.getByRole("heading", { name: "Cloth with a story, cut with care" });
    await expect(about).not.toBeInViewport();
    await page.getByRole("region", { name: "Featured collections" }).getByRole("link", { name: "Learn More" }).click();
    await expect(page).toHaveURL(/#about$/);
    await expect(about).toBeInViewport();
    for (const feature of ["Premium Quality", "Expert Artisans", "Global Shipping", "Satisfaction Guarantee"]) {
      await expect(page.getByRole("heading", { name: feature })).toBeVisible();
    }
  });
});

test("Our Collections links to the kaftans and suits collections", async ({ page }) => {
  await gotoHydrated(page, "/");
  await expect(page.getByRole("heading", { name: "Our Collections", exact: true })).toBeVisible();
  const explore = page.getByRole("link", { name: /^Explore Collection/ });
  await expect(explore).toHaveCount(2);
  await expect(page.getByRole("link", { name: /^Explore Collection.*Premium Kaftans/ })).toHaveAttribute("href", "/collections/kaftans");
  await expect(page.getByRole("link", { name: /^Explore Collection.*Bespoke Suits/ })).toHaveAttribute("href", "/collections/suits");

  await page.getByRole("link", { name: /^Explore Collection.*Bespoke Suits/ }).click();
  await expect(page).toHaveURL(/\/collections\/suits$/);
  await expect(page.getByRole("heading", { level: 1, name: "Suits Collection" })).toBeVisible();
});

test.describe("Our Collection grid", () => {
  const counted = [
    { label: "Kaftans", slug: "kaftans" },
    { label: "Suits", slug: "suits" },
    { label: "Traditional", slug: "traditional" },
  ] as const;

  test("has All, Kaftans, Suits and Traditional, each but All with the count of active products", async ({ page }) => {
    await gotoHydrated(page, "/");
    const filters = page.getByRole("navigation", { name: "Filter the collection" });
    await expect(filters.getByRole("link")).toHaveCount(4);
    await expect(filters.getByRole("link", { name: "All", exact: true })).toHaveText("All");
    for (const { label, slug } of counted) {
      const count = activeProducts(slug).length;
      const link = filters.getByRole("link", { name: new RegExp(`^${label}\\b`) });
      await expect(link).toContainText(label);
      await expect(link).toContainText(`${count} products`);
    }
  });

  test("shows 8 cards per page in featured order, with pages for the whole catalog", async ({ page }) => {
    await gotoHydrated(page, "/");
    const main = page.getByRole("main");
    const expected = homeOrder().map((p) => p.name);
    const pageCount = Math.ceil(expected.length / HOME_PAGE_SIZE);

    await expect(cards(main)).toHaveCount(Math.min(HOME_PAGE_SIZE, expected.length));
    expect(await cardNames(main)).toEqual(expected.slice(0, HOME_PAGE_SIZE));

    const pager = page.getByRole("navigation", { name: "Collection pages" });
    await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await expect(pager.getByRole("link", { name: `Page ${pageCount}` })).toBeVisible();

    await pager.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect.poll(() => cardNames(main)).toEqual(expected.slice(HOME_PAGE_SIZE, HOME_PAGE_SIZE * 2));
  });

  test("the Kaftans filter shows only kaftans", async ({ page }) => {
    await gotoHydrated(page, "/");
    const main = page.getByRole("main");
    const kaftans = activeProducts("kaftans").map((p) => p.name);

    await page
      .getByRole("navigation", { name: "Filter the collection" })
      .getByRole("link", { name: /^Kaftans\b/ })
      .click();
    await expect(page).toHaveURL(/[?&]category=kaftans/);
    await expect(page.getByRole("navigation", { name: "Filter the collection" }).getByRole("link", { name: /^Kaftans\b/ })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(cards(main)).toHaveCount(Math.min(HOME_PAGE_SIZE, kaftans.length));
    for (const name of await cardNames(main)) expect(kaftans).toContain(name);
    for (const card of await cards(main).all()) await expect(card.getByText("Kaftans", { exact: true })).toBeVisible();
  });

  test("changing the filter on page 2 goes back to page 1", async ({ page }) => {
    await gotoHydrated(page, "/");
    const main = page.getByRole("main");
    const pager = page.getByRole("navigation", { name: "Collection pages" });
    await pager.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);

    await page
      .getByRole("navigation", { name: "Filter the collection" })
      .getByRole("link", { name: /^Suits\b/ })
      .click();
    await expect(page).toHaveURL(/[?&]category=suits/);
    expect(page.url()).not.toMatch(/page=2/);

    const suits = activeProducts("suits").map((p) => p.name);
    await expect(cards(main)).toHaveCount(Math.min(HOME_PAGE_SIZE, suits.length));
    for (const name of await cardNames(main)) expect(suits).toContain(name);
    if (suits.length > HOME_PAGE_SIZE) {
      await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    } else {
      await expect(pager).toHaveCount(0);
    }
  });
});
