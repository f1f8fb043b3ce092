import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./support";

const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };

test.describe("the header's logo link", () => {
  for (const [label, viewport] of [
    ["phone", phone],
    ["desktop", desktop],
  ] as const) {
    // On a phone the tagline is hidden, so the old "Name home" label only failed from 640 px up.
    test(`its accessible name contains its visible text (axe label-content-name-mismatch) on ${label}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await gotoHydrated(page, "/");
      const results = await new AxeBuilder({ page }).withRules(["label-content-name-mismatch"]).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(", ")}`)).toEqual([]);
      // Still a link home, named with the store name shown first.
      const logo = page
        .getByRole("banner")
        .locator('a[href="/"]')
        .filter({ has: page.locator("[data-wordmark]") });
      const storeName = (await logo.locator("[data-wordmark]").textContent())!.trim();
      await expect(logo).toHaveAccessibleName(new RegExp(`^${storeName}\\b.*home$`, "i"));
    });
  }
});

test.describe("the phone menu", () => {
  test.use({ viewport: phone });

  test("lists every collection and All Products", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    const collections = [
      ["Kaftans", "/collections/kaftans"],
      ["Suits", "/collections/suits"],
      ["Agbada", "/collections/agbada"],
      ["Ankara", "/collections/ankara"],
      ["Kente", "/collections/kente"],
      ["Traditional", "/collections/traditional"],
      ["All Products", "/collections/all"],
    ];
    for (const [name, href] of collections) {
      await expect(menu.getByRole("link", { name, exact: true })).toHaveAttribute("href", href!);
    }
    await menu.getByRole("link", { name: "Agbada", exact: true }).click();
    await expect(page).toHaveURL(/\/collections\/agbada$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Agbada");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("the main navigation", () => {
  test.use({ viewport: desktop });

  test("marks the page shown as current, and moves the mark with each page", async ({ page }) => {
    await gotoHydrated(page, "/collections/kaftans");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Kaftans", exact: true })).toHaveAttribute("aria-current", "page");
    for (const name of ["Home", "Suits", "Track Order", "About", "Contact"]) {
      await expect(nav.getByRole("link", { name, exact: true })).not.toHaveAttribute("aria-current");
    }
    // Every storefront page is a page of islands (decision 021): a click loads the next page whole.
    await nav.getByRole("link", { name: "Track Order", exact: true }).click();
    await expect(page).toHaveURL(/\/track-order$/);
    await expect(nav.getByRole("link", { name: "Track Order", exact: true })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Suits", exact: true }).click();
    await expect(page).toHaveURL(/\/collections\/suits$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Suits");
    await expect(nav.getByRole("link", { name: "Suits", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Track Order", exact: true })).not.toHaveAttribute("aria-current");

    // On home only Home is current, not the links to its parts (About, Contact).
    await nav.getByRole("link", { name: "Home", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
    for (const name of ["About", "Contact"]) await expect(nav.getByRole("link", { name, exact: true })).not.toHaveAttribute("aria-current");
  });
});
