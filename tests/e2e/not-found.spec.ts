import { expect, test } from "@playwright/test";
import { seedProducts } from "../../db/seed/catalog-data";
import { expectNoSeriousViolations } from "./axe";
import { activeProducts, gotoHydrated, linkInEmail, waitForOutboxEmail } from "./support";

/** Every application/ld+json block of an HTML page, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  const blocks = [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
  return blocks.map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

test.describe("the 404 page", () => {
  test("an unknown path answers 404 with Oops! Page not found and a working Return to Home", async ({ page }) => {
    const response = await gotoHydrated(page, "/nope");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Page not found");
    await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
    const home = page.getByRole("link", { name: "Return to Home" });
    await expect(home).toHaveAttribute("href", "/");
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Authentic Ghanaian Kaftans" })).toBeVisible();
  });

  test("a deeper unknown path is a 404 too", async ({ request }) => {
    const response = await request.get("/no/such/page");
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("Oops! Page not found");
  });
});

test.describe("server-rendered HTML for search engines", () => {
  test("/product/1 carries the name, the price and ProductGroup structured data without JavaScript", async ({ request }) => {
    const response = await request.get("/product/1");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("Royal Kente Kaftan");
    expect(html).toContain("₵299.99");

    // One Product per colour × size under a ProductGroup (tests/e2e/variants.spec.ts checks the variants).
    const group = jsonLd(html).find((d) => d["@type"] === "ProductGroup");
    expect(group, "a ProductGroup JSON-LD block").toBeDefined();
    expect(group!.name).toBe("Royal Kente Kaftan");
    const variants = group!.hasVariant as { offers: Record<string, string> }[];
    expect(variants[0]!.offers).toMatchObject({
      "@type": "Offer",
      price: "299.99",
      priceCurrency: "GHS",
      availability: "https://schema.org/InStock",
    });
    expect(jsonLd(html).some((d) => d["@type"] === "BreadcrumbList")).toBe(true);
  });

  test("/collections/kaftans carries an ItemList of its products", async ({ request }) => {
    const response = await request.get("/collections/kaftans");
    expect(response.status()).toBe(200);
    const html = await response.text();
    const list = jsonLd(html).find((d) => d["@type"] === "ItemList");
    expect(list, "an ItemList JSON-LD block").toBeDefined();
    const kaftans = activeProducts("kaftans");
    const expectedCount = Math.min(kaftans.length, 12);
    expect(list!.numberOfItems).toBe(expectedCount);
    const items = list!.itemListElement as {
      position: number;
      item: { name: string; offers: { priceCurrency: string; availability: string } };
    }[];
    expect(items).toHaveLength(expectedCount);
    expect(items.map((i) => i.position)).toEqual(Array.from({ length: expectedCount }, (_, i) => i + 1));
    for (const { item } of items) {
      const seed = kaftans.find((p) => p.name === item.name);
      expect(seed, `${item.name} is an active kaftan`).toBeDefined();
      expect(item.offers.priceCurrency).toBe("GHS");
      expect(item.offers.availability).toBe(seed!.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock");
    }
  });

  test("/sitemap.xml lists the products and /robots.txt points to it", async ({ request }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toContain("xml");
    const xml = await sitemap.text();
    expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/product\/1<\/loc>/);
    expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/collections\/kaftans<\/loc>/);
    for (const p of activeProducts()) expect(xml).toContain(`/product/${p.id}</loc>`);
    for (const p of seedProducts.filter((p) => !p.active)) expect(xml).not.toContain(`/product/${p.id}</loc>`);

    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  });
});

test.describe("the footer", () => {
  test("the newsletter form asks for confirmation by email; the emailed link's page confirms the subscription", async ({ page }) => {
    await gotoHydrated(page, "/");
    const footer = page.getByRole("contentinfo");
    const email = footer.getByRole("textbox", { name: "Email address" });
    const status = footer.getByRole("status");
    const address = `shopper-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

    await email.fill(address);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(status).toContainText("Check your inbox for our confirmation link");
    await expect(email).toHaveValue("");

    // Signing up again answers the same (the form never tells whether an address is on the list).
    await email.fill(address);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(status).toContainText("Check your inbox for our confirmation link");

    const link = linkInEmail(await waitForOutboxEmail(address, "newsletter-confirmation"), "/newsletter/confirm");
    await gotoHydrated(page, new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your subscription" })).toBeVisible();
    await expectNoSeriousViolations(page, "/newsletter/confirm (pending)");
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You are on the list" })).toBeVisible();
    await expectNoSeriousViolations(page, "/newsletter/confirm (confirmed)");

    // The link works once.
    await gotoHydrated(page, new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole("heading", { level: 1, name: "This link has expired" })).toBeVisible();
  });

  const links = ["About Us", "Size Guide", "Shipping Info", "Returns", "Custom Orders", "Wholesale", "Privacy", "Terms", "Cookies"];
  for (const name of links) {
    test(`the ${name} link opens a page with a heading`, async ({ page }) => {
      await gotoHydrated(page, "/");
      const link = page.getByRole("contentinfo").getByRole("link", { name, exact: true });
      const href = await link.getAttribute("href");
      expect(href).toMatch(/^\/[a-z-]+$/);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toHaveCount(0);

      const response = await page.request.get(href!);
      expect(response.status()).toBe(200);
    });
  }

  test("the Size Guide has a table with rows S, M, L, XL and XXL", async ({ page }) => {
    await gotoHydrated(page, "/size-guide");
    await expect(page.getByRole("heading", { level: 1, name: "Size Guide" })).toBeVisible();
    const table = page.getByRole("table").first();
    await expect(table.getByRole("columnheader").first()).toHaveText("Size");
    await expect(table.getByRole("rowheader")).toHaveText(["S", "M", "L", "XL", "XXL"]);
  });
});
