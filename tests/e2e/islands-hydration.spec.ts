import { expect, test, type Page } from "@playwright/test";
import { DEFERRED_HYDRATED_MARK } from "../../app/islands/island";
import { seedProducts } from "../../db/seed/catalog-data";
import { cartButton, cartPanel, expectCartCount, gotoHydrated, gotoHydratedWithoutHeader, toast, waitForHydration } from "./support";

/**
 * The pages of islands are rendered by React on the server and hydrated by Preact in the browser
 * (decision 036). Hydration must take the server's HTML as it is: each island's markup the same
 * after hydration as before it, nothing logged, and every interactive part working.
 */

/** Console errors and warnings, and uncaught exceptions, for a test to expect none. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * Each island's markup just before Preact hydrates it and just after, and what hydration changed
 * in its DOM (hydrate-islands.tsx marks the start of each island's hydration and measures it when
 * done, in the same task; a MutationObserver's records are taken at both). Installed before the
 * page's scripts run, by wrapping its User Timing calls.
 */
function recordHydration() {
  type Snapshot = { name: string; before: string; after?: string; changes?: string[] };
  const snapshots: Snapshot[] = [];
  (window as unknown as { islandSnapshots: Snapshot[] }).islandSnapshots = snapshots;
  const island = (name: string) => document.querySelector(`[data-island="${name}"]`);
  const observer = new MutationObserver(() => {});
  const describe = (node: Node) =>
    node instanceof Element ? `<${node.localName}>` : `${node.nodeName} ${JSON.stringify(node.textContent)}`;
  // React's server writes an empty comment between two pieces of text (`-<!-- -->15<!-- -->%`) so
  // its own hydration can tell them apart, and `<!--$-->`…`<!--/$-->` around a Suspense boundary's
  // content (a deferred component where React hydrates, the slider eager on Preact): Preact drops
  // them and keeps the text and elements as they are.
  const separator = (node: Node) => node.nodeType === Node.COMMENT_NODE && [" ", "$", "/$"].includes(node.textContent ?? "");
  const mark = performance.mark.bind(performance);
  const measure = performance.measure.bind(performance);
  performance.mark = (label: string, ...rest: [PerformanceMarkOptions?]) => {
    const name = /^hydrate island (.+)$/.exec(label)?.[1];
    if (name) {
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      observer.takeRecords();
      snapshots.push({ name, before: island(name)?.outerHTML ?? "" });
    }
    return mark(label, ...rest);
  };
  performance.measure = ((label: string, ...rest: [string?]) => {
    const name = /^hydrate island (.+)$/.exec(label)?.[1];
    const snapshot = name ? snapshots.findLast((s) => s.name === name) : undefined;
    if (snapshot && name) {
      snapshot.after = island(name)?.outerHTML ?? "";
      snapshot.changes = observer
        .takeRecords()
        .flatMap((record) => [
          ...[...record.addedNodes].map((node) => `added ${describe(node)}`),
          ...[...record.removedNodes].filter((node) => !separator(node)).map((node) => `removed ${describe(node)}`),
          ...(record.type === "attributes" ? [`attribute ${record.attributeName} of ${describe(record.target)}`] : []),
          ...(record.type === "characterData" ? [`text ${describe(record.target)}`] : []),
        ]);
    }
    return measure(label, ...rest);
  }) as typeof performance.measure;
}

/** Markup without React's text separators and Suspense markers (above): the text and elements are the same. */
function withoutSeparators(html: string) {
  return html.replaceAll(/<!--( |\$|\/\$)-->/g, "");
}

/** Islands hydrated after their code comes (deferred components): their markup once settled is the server's too. */
const DEFERRED = new Set(["product-reviews", "product-grid"]);

const PAGES = [
  { path: "/", islands: ["header", "hero", "collection-grid", "newsletter", "cart-panel", "toaster"] },
  { path: "/collections/kaftans", islands: ["header", "collection-results", "newsletter", "cart-panel", "toaster"] },
  {
    path: "/product/1",
    islands: [
      "header",
      "product-pictures",
      "product-price",
      "product-purchase",
      "shopper-delivery",
      "product-reviews",
      "product-grid",
      "newsletter",
      "cart-panel",
      "toaster",
    ],
  },
  { path: "/checkout", islands: ["header", "checkout", "newsletter", "cart-panel", "toaster"] },
  { path: "/about", islands: ["header", "newsletter", "cart-panel", "toaster"] },
  // The router's first pages until issue 44, part 3 (decision 038).
  { path: "/auth", islands: ["auth-forms", "toaster"] },
  { path: "/custom-orders/request", islands: ["header", "custom-request", "newsletter", "cart-panel", "toaster"] },
  { path: "/auth/reset-password?token=none", islands: ["reset-password", "toaster"] },
  { path: "/auth/verified", islands: ["toaster"] },
  { path: "/track-order", islands: ["header", "track-order", "newsletter", "cart-panel", "toaster"] },
  { path: "/wishlist", islands: ["header", "wishlist", "newsletter", "cart-panel", "toaster"] },
  { path: "/newsletter/confirm?token=none", islands: ["header", "newsletter", "cart-panel", "toaster"] },
];

for (const { path, islands } of PAGES) {
  test(`${path}: Preact hydrates every island without changing the server's markup, and logs nothing`, async ({ page }) => {
    const problems = collectProblems(page);
    // The hero stays on its first slide, so its markup once settled is comparable.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.addInitScript(recordHydration);
    // The sign-in pages have no header.
    if (islands.includes("header")) await gotoHydrated(page, path);
    else await gotoHydratedWithoutHeader(page, path);
    // Islands hydrated as they near the screen (the newsletter form, related products) too.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { islandSnapshots: { name: string }[] }).islandSnapshots.map((s) => s.name).sort()),
      )
      .toEqual([...islands].sort());
    await page.evaluate(() => window.scrollTo(0, 0));
    // The deferred components hydrated once their code has come (each marks it, app/islands/island.tsx).
    const deferred = islands.filter((name) => DEFERRED.has(name)).length;
    await expect.poll(() => page.evaluate((mark) => performance.getEntriesByName(mark).length, DEFERRED_HYDRATED_MARK)).toBe(deferred);
    await page.waitForLoadState("networkidle");

    const snapshots = await page.evaluate(
      () =>
        (window as unknown as { islandSnapshots: { name: string; before: string; after: string; changes: string[] }[] }).islandSnapshots,
    );
    for (const { name, before, after, changes } of snapshots) {
      expect(before, `island "${name}" in the server's HTML`).toContain(`data-island="${name}"`);
      // Hydration itself adds, removes and rewrites nothing: no mismatch Preact had to mend.
      expect(changes, `island "${name}": what its hydration changed`).toEqual([]);
      expect(withoutSeparators(after), `island "${name}" just after its hydration`).toBe(withoutSeparators(before));
      if (DEFERRED.has(name)) {
        const settled = await page.locator(`[data-island="${name}"]`).evaluate((root) => root.outerHTML);
        expect(withoutSeparators(settled), `island "${name}" once its deferred part is hydrated`).toBe(withoutSeparators(before));
      }
    }
    expect(problems).toEqual([]);
  });
}

const kaftan = seedProducts.find((product) => product.id === 1)!;

test("on Preact, the product's gallery, colour and size, Add to Cart, the cart panel and the checkout form work", async ({ page }) => {
  const problems = collectProblems(page);
  await gotoHydrated(page, "/product/1");
  const main = page.getByRole("main");
  const [first, second] = kaftan.colors;

  // The gallery: the thumbnails and the colour swatches choose the picture.
  const picture = (colour: string) => main.getByRole("img", { name: `${kaftan.name} in ${colour}`, exact: true });
  await expect(picture(first!.name)).toBeVisible();
  await page.getByRole("button", { name: `Show ${second!.name}` }).click();
  await expect(picture(second!.name)).toBeVisible();
  const colours = page.getByRole("group", { name: /^Colour:/ });
  await expect(colours.getByRole("button", { name: second!.name, exact: true })).toHaveAttribute("aria-pressed", "true");
  await colours.getByRole("button", { name: first!.name, exact: true }).click();
  await expect(picture(first!.name)).toBeVisible();
  await expect(colours).toContainText(`Colour: ${first!.name}`);

  // Size, then Add to Cart: the toast, the bag's count, the cart panel.
  const sizes = page.getByRole("group", { name: /^Size:/ });
  await sizes.getByRole("button", { name: "L", exact: true }).click();
  await expect(sizes).toContainText("Size: L");
  await page.getByRole("button", { name: /^Add to Cart - / }).click();
  await expect(toast(page, "Added to Cart")).toBeVisible();
  await expectCartCount(page, 1);
  await cartButton(page).click();
  await expect(cartPanel(page).getByRole("listitem")).toContainText(kaftan.name);
  await cartPanel(page)
    .getByRole("button", { name: /Checkout/ })
    .click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("region", { name: "Order Summary" }).getByRole("listitem")).toContainText(`${first!.name} · Size L · Qty 1`);

  // Checkout's form: the browser's own checks, the region's shipping fee, the order placed.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  expect(await page.getByLabel("Email", { exact: true }).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  await page.getByLabel("Email", { exact: true }).fill("ama.preact@example.com");
  await page.getByLabel("Full Name", { exact: true }).fill("Ama Mensah");
  await page.getByLabel("Phone", { exact: true }).fill("+233 24 555 0101");
  await page.getByLabel("Delivery Address").fill("12 Oxford Street, Osu");
  await page.getByLabel("Region").selectOption("GH-AA");
  await expect(page.getByTestId("summary-shipping")).toHaveText("₵30.00");
  // Nothing logged on the pages of islands (the order's page, next, is the router's).
  expect(problems).toEqual([]);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Order placed successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
});

test("on Preact, a collection's price slider moves from the keyboard and filters the cards", async ({ page }) => {
  const problems = collectProblems(page);
  await gotoHydrated(page, "/collections/kaftans");
  const maxThumb = page.getByRole("slider", { name: "Maximum price" });
  const before = Number(await maxThumb.getAttribute("aria-valuenow"));
  await maxThumb.focus();
  await page.keyboard.press("PageDown");
  await expect.poll(async () => Number(await maxThumb.getAttribute("aria-valuenow"))).toBeLessThan(before);
  await expect(page).toHaveURL(/[?&]max=\d+/);
  expect(problems).toEqual([]);
});
