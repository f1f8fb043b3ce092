import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { seedProducts, type SeedProduct } from "../../db/seed/catalog-data";
import { spreadStock } from "../../db/variant-rules";
import { ADMIN_STATE, gotoAdmin, testOnOwnShop } from "./admin-support";
import { expectNoSeriousViolations } from "./axe";
import { cards, cedis, gotoHydrated, toast } from "./support";

/**
 * Admin products: the table with its search and filters, the Add/Edit dialog with a photo
 * upload, delete with confirmation, and every change showing on the storefront at once.
 */

/** A name and SKU no other test uses, so tests can run side by side on one shop. */
function unique(label: string) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
  return { name: `${label} ${id}`, sku: `E2E-${id}` };
}

/** What the seed put on the shelf of a sample product, cell by cell (db/seed/seed.ts): its stock spread over colours × sizes. */
function seededStock(p: SeedProduct): number[] {
  const colours = p.colors.length > 0 ? p.colors.map((c) => c.name) : [""];
  const cells = colours.flatMap((color) => p.sizes.map((size) => `${color}|${size}`));
  const shares = spreadStock(p.stock, cells.length);
  return cells.map((cell, i) => p.variantStock?.[cell] ?? shares[i]!);
}

/** Opens /admin/products (with `search`, e.g. "?q=kente") as the e2e admin. */
async function gotoProducts(page: Page, search = "") {
  await gotoAdmin(page, `/admin/products${search}`);
  // includeHidden: an open dialog (?new=1) hides the page behind it from assistive technology.
  await expect(page.getByRole("heading", { name: "Products", level: 1, includeHidden: true })).toBeVisible();
}

const table = (page: Page) => page.getByRole("table");
const row = (page: Page, name: string) =>
  table(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name }) });
const productDialog = (page: Page, title: "Add New Product" | "Edit Product") => page.getByRole("dialog", { name: title });
/** A form control by its label; optional fields read "<label> optional". */
const field = (scope: Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( optional)?$`));

/** The error message tied to a field (aria-describedby), as an admin would read it. */
async function expectFieldError(input: Locator, message: string) {
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
}

/**
 * A 600×750 PNG of gold and green stripes, as Playwright hands it to the file input (kept in
 * memory: the shared test-results folder may be cleared by another run meanwhile).
 */
async function pngFixture() {
  const stripes = Array.from({ length: 10 }, (_, i) => `<rect x="${i * 60}" width="30" height="750" fill="#0F3D2E"/>`).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="750"><rect width="600" height="750" fill="#C9A227"/>${stripes}</svg>`;
  return { name: "kaftan-photo.png", mimeType: "image/png", buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

test.describe("on the shared shop", () => {
  test.use({ reducedMotion: "reduce", storageState: ADMIN_STATE });

  test("the table lists the seeded catalog with SKU, category, price, stock and status", async ({ page }) => {
    // The Jamestown Silk-Blend Kaftan: no browser test buys it, so its stock is still the seed's.
    await gotoProducts(page, "?q=AHF-KAF-006");
    const seeded = seedProducts.find((p) => p.sku === "AHF-KAF-006")!;
    const line = row(page, seeded.name);
    await expect(line).toBeVisible();
    await expect(line.getByRole("cell").nth(0)).toHaveText(seeded.sku);
    await expect(line.getByRole("cell").nth(1)).toHaveText("Kaftans");
    await expect(line.getByRole("cell").nth(2)).toContainText(cedis(seeded.price));
    // The total over its colours and sizes, and how many of them are sold out or low.
    const cells = seededStock(seeded);
    const total = cells.reduce((sum, n) => sum + n, 0);
    const note = [
      cells.filter((n) => n === 0).length && `${cells.filter((n) => n === 0).length} sold out`,
      cells.filter((n) => n > 0 && n <= 5).length && `${cells.filter((n) => n > 0 && n <= 5).length} low`,
    ]
      .filter(Boolean)
      .join(" · ");
    await expect(line.getByRole("cell").nth(3)).toHaveText(note ? `${total}Sizes and colours: ${note}` : String(total));
    await expect(line.getByRole("cell").nth(4)).toHaveText("Active");
    await expect(line.getByRole("rowheader")).toContainText("Featured");
    await expect(line.getByRole("link", { name: `Edit ${seeded.name}` })).toBeVisible();
    await expect(line.getByRole("button", { name: `Delete ${seeded.name}` })).toBeVisible();

    // Unfiltered, the first page holds 20 rows and the footer counts the whole catalog.
    await gotoProducts(page);
    await expect(table(page).getByRole("rowheader")).toHaveCount(20);
    await expect(page.getByText(/^Showing 1–20 of \d+ products$/)).toBeVisible();
  });

  test("the form explains what is wrong and keeps what was typed", async ({ page }) => {
    // The dashboard's Add product quick action links to ?new=1, which opens the dialog.
    await gotoProducts(page, "?new=1");
    await expect(page).toHaveURL(/[?&]product=new/);
    const add = productDialog(page, "Add New Product");
    await field(add, "Price (₵)").fill("89.50");
    await add.getByLabel("Stock, M", { exact: true }).fill("3");
    await add.getByRole("button", { name: "Create Product" }).click();

    await expectFieldError(field(add, "Name"), "Name is required");
    await expect(toast(page, "Failed to save product")).toBeVisible();
    await expect(field(add, "Name")).toBeFocused();
    await expect(field(add, "Price (₵)")).toHaveValue("89.50");
    await expect(add.getByLabel("Stock, M", { exact: true })).toHaveValue("3");

    // The original price must be above the price (a rule of the shared schema).
    await field(add, "Name").fill("Kumasi Test Smock");
    await field(add, "Original price (₵)").fill("50");
    await add.getByRole("button", { name: "Create Product" }).click();
    await expectFieldError(field(add, "Original price (₵)"), "Original price must be higher than the price");
    await expect(field(add, "Name")).not.toHaveAttribute("aria-invalid", "true");
  });

  test("a SKU already in use is refused by the server with the message under the SKU field", async ({ page }) => {
    const { name } = unique("Duplicate SKU Kaftan");
    await gotoProducts(page);
    await page.getByRole("link", { name: "Add Product" }).click();
    const add = productDialog(page, "Add New Product");
    await field(add, "Name").fill(name);
    await field(add, "Price (₵)").fill("210");
    await add.getByLabel("Stock, L", { exact: true }).fill("4");
    await field(add, "SKU").fill("ahf-kaf-001");
    await add.getByRole("button", { name: "Create Product" }).click();

    await expect(toast(page, "Failed to save product")).toBeVisible();
    await expectFieldError(field(add, "SKU"), "Another product already uses the SKU ahf-kaf-001. SKUs must be unique.");
    await expect(add).toBeVisible();
    await expect(field(add, "Name")).toHaveValue(name);
    await expect(field(add, "Price (₵)")).toHaveValue("210");

    // Nothing was created.
    await add.getByRole("button", { name: "Cancel" }).click();
    await expect(add).toBeHidden();
    await page.getByLabel("Search products by name or SKU").fill(name);
    await expect(page.getByText("No products match these filters")).toBeVisible();
  });

  test("a file that is not a picture is refused by the server under the picture field", async ({ page }) => {
    const { name, sku } = unique("Not A Photo Kaftan");
    const fake = { name: "kaftan.png", mimeType: "image/png", buffer: Buffer.from("this is a text file with a .png name") };
    await gotoProducts(page);
    await page.getByRole("link", { name: "Add Product" }).click();
    const add = productDialog(page, "Add New Product");
    await field(add, "Name").fill(name);
    await field(add, "SKU").fill(sku);
    await field(add, "Price (₵)").fill("99");
    await add.getByLabel("Stock, S", { exact: true }).fill("1");
    await add.getByLabel("Product picture").setInputFiles(fake);
    await add.getByRole("button", { name: "Create Product" }).click();

    await expect(toast(page, "Failed to save product")).toBeVisible();
    await expectFieldError(
      add.getByLabel("Product picture"),
      "The file is not a readable image. Please upload a JPEG, PNG or WebP picture.",
    );
    await expect(field(add, "Name")).toHaveValue(name);
  });

  test("search, category and status narrow the table through the URL, and back undoes them", async ({ page }) => {
    const kente = seedProducts.filter((p) => /kente/i.test(p.name) || /kente/i.test(p.sku));
    const inactive = seedProducts.filter((p) => !p.active);
    expect(kente.length).toBeGreaterThan(1);
    expect(inactive.length).toBeGreaterThan(0);

    await gotoProducts(page);
    await page.getByLabel("Search products by name or SKU").fill("kente");
    await expect(page).toHaveURL(/[?&]q=kente(&|$)/);
    await expect(table(page).getByRole("rowheader")).toHaveCount(Math.min(kente.length, 20));
    for (const product of kente.slice(0, 20)) await expect(row(page, product.name)).toBeVisible();
    await expect(row(page, "Accra Executive Three-Piece Suit")).toHaveCount(0);

    await page.goBack();
    await expect(page).not.toHaveURL(/q=/);
    await expect(page.getByLabel("Search products by name or SKU")).toHaveValue("");
    await expect(table(page).getByRole("rowheader")).toHaveCount(20);

    await page.getByLabel("Status", { exact: true }).selectOption("inactive");
    await expect(page).toHaveURL(/[?&]status=inactive/);
    await expect(table(page).getByRole("rowheader")).toHaveCount(inactive.length);
    for (const product of inactive) await expect(row(page, product.name)).toContainText("Inactive");

    await page.getByLabel("Status", { exact: true }).selectOption("all");
    await page.getByLabel("Category", { exact: true }).selectOption({ label: "Suits" });
    await expect(page).toHaveURL(/[?&]category=suits/);
    const suits = seedProducts.filter((p) => p.category === "suits");
    await expect(table(page).getByRole("rowheader")).toHaveCount(Math.min(suits.length, 20));
    await expect(table(page).getByRole("row").filter({ hasNotText: "Suits" })).toHaveCount(1); // the header row
  });

  test("the products page and its dialogs have no serious accessibility violations", async ({ page }) => {
    // Four axe runs (the page and three dialog states) take most of the default 45 s on a busy
    // 2-core machine.
    test.slow();
    await gotoProducts(page);
    await expectNoSeriousViolations(page, "/admin/products");

    await page.getByRole("link", { name: "Add Product" }).click();
    const add = productDialog(page, "Add New Product");
    await expect(field(add, "Name")).toBeVisible();
    await expectNoSeriousViolations(page, "the Add New Product dialog", '[role="dialog"]');

    await add.getByRole("button", { name: "Create Product" }).click();
    await expectFieldError(field(add, "Name"), "Name is required");
    await expectNoSeriousViolations(page, "the Add New Product dialog with errors", '[role="dialog"]');
    await add.getByRole("button", { name: "Cancel" }).click();

    await row(page, "Royal Kente Kaftan").getByRole("link", { name: "Edit Royal Kente Kaftan" }).click();
    await expect(field(productDialog(page, "Edit Product"), "Name")).toHaveValue("Royal Kente Kaftan");
    await expectNoSeriousViolations(page, "the Edit Product dialog", '[role="dialog"]');
  });

  test.describe("on a phone (390×844)", () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    // Issue 12, defect 5: the table scrolled sideways, with price, stock and actions off screen.
    test("products read as a list with price, stock and actions on screen; nothing scrolls sideways", async ({ page }) => {
      await gotoProducts(page);
      const item = page.getByRole("list", { name: "Products" }).getByRole("listitem").filter({ hasText: "Royal Kente Kaftan" });
      await expect(item).toBeVisible();
      await expect(page.getByRole("link", { name: "Add Product" })).toBeInViewport();
      await expect(page.getByRole("table")).toBeHidden();
      await item.scrollIntoViewIfNeeded();
      await expect(item.getByText(/^₵[\d,]+\.\d{2}$/).first()).toBeInViewport();
      await expect(item.getByText("Stock")).toBeVisible();
      await expect(item.getByRole("link", { name: "Edit Royal Kente Kaftan" })).toBeInViewport();
      await expect(item.getByRole("button", { name: "Delete Royal Kente Kaftan" })).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
});

test.describe("on a shop of its own", () => {
  testOnOwnShop.use({ reducedMotion: "reduce" });

  // On a shop of its own: while the product exists the catalog has one more kaftan, and the
  // storefront specs, running at the same time on the shared shop, count the seed's.
  testOnOwnShop(
    "admin creates a product with a photo, edits its price and deletes it; the storefront follows each step",
    async ({ page }) => {
      const { name, sku } = unique("Akwaaba Linen Kaftan");
      const photo = await pngFixture();
      await gotoProducts(page);

      await page.getByRole("link", { name: "Add Product" }).click();
      const add = productDialog(page, "Add New Product");
      await expect(add).toBeVisible();
      await field(add, "Name").fill(name);
      await field(add, "Description").fill("A breezy linen kaftan for Accra afternoons.");
      await field(add, "Price (₵)").fill("123.45");
      await add.getByLabel("Set every cell to").fill("9");
      await add.getByRole("button", { name: "Set all" }).click();
      await field(add, "SKU").fill(sku);
      await field(add, "Category").selectOption({ label: "Kaftans" });
      await add.getByRole("switch", { name: /Featured/ }).click();
      await expect(add.getByRole("switch", { name: /Featured/ })).toBeChecked();
      await field(add, "Materials").fill("Washed Ghanaian linen\nCotton piping");
      await add.getByLabel("Product picture").setInputFiles(photo);
      await expect(add.getByRole("img", { name: "Preview of product picture" })).toHaveAttribute("src", /^blob:/);
      await add.getByRole("button", { name: "Create Product" }).click();

      await expect(toast(page, "Product created successfully")).toBeVisible();
      await expect(add).toBeHidden();
      const created = row(page, name);
      await expect(created).toBeVisible();
      await expect(created).toContainText("₵123.45");
      await expect(created).toContainText("Featured");
      const id = new URL((await created.getByRole("link", { name: `Edit ${name}` }).getAttribute("href"))!, page.url()).searchParams.get(
        "product",
      );
      expect(id).toMatch(/^\d+$/);

      // The product page shows the new product, its price and the uploaded photo, served from /uploads.
      await gotoHydrated(page, `/product/${id}`);
      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      await expect(page.getByRole("main")).toContainText("₵123.45");
      const picture = page.getByRole("main").locator('img[src*="/uploads/products/"]').first();
      await expect(picture).toHaveAttribute("src", /\/uploads\/products\/[0-9a-f]{32}-960\.webp$/);
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      const served = await page.request.get((await picture.getAttribute("src"))!);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe("image/webp");

      // …and the Kaftans collection lists it.
      await gotoHydrated(page, `/collections/kaftans?q=${encodeURIComponent(name)}`);
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page).first()).toContainText(name);
      await expect(cards(page).first()).toContainText("₵123.45");

      // Edit the price: the form opens with what was saved; the storefront shows the new price.
      await gotoProducts(page, `?q=${encodeURIComponent(sku)}`);
      await row(page, name)
        .getByRole("link", { name: `Edit ${name}` })
        .click();
      const edit = productDialog(page, "Edit Product");
      await expect(field(edit, "Name")).toHaveValue(name);
      await expect(field(edit, "Price (₵)")).toHaveValue("123.45");
      await expect(field(edit, "SKU")).toHaveValue(sku);
      await expect(field(edit, "Category")).toHaveValue(/\d+/);
      await expect(edit.getByRole("switch", { name: /Featured/ })).toBeChecked();
      await expect(field(edit, "Materials")).toHaveValue("Washed Ghanaian linen\nCotton piping");
      await expect(edit.getByRole("img", { name: "Preview of product picture" })).toHaveAttribute(
        "src",
        /\/uploads\/products\/[0-9a-f]{32}-480\.webp$/,
      );
      await field(edit, "Price (₵)").fill("150.00");
      // …and offer it made to measure, for ₵120 more, made in 10 working days.
      await edit.getByRole("switch", { name: /Made to measure/ }).click();
      await field(edit, "Surcharge (₵)").fill("120");
      await field(edit, "Production time (working days)").fill("10");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await expect(toast(page, "Product updated successfully")).toBeVisible();
      await expect(edit).toBeHidden();
      await expect(row(page, name)).toContainText("₵150.00");

      await gotoHydrated(page, `/product/${id}`);
      await expect(page.getByRole("main")).toContainText("₵150.00");
      await expect(page.getByRole("main")).not.toContainText("₵123.45");
      await page.getByRole("button", { name: /^Made to measure/ }).click();
      await expect(page.getByRole("main")).toContainText("+ ₵120.00");
      await expect(page.getByRole("main")).toContainText("Made for you in 10 working days");

      // Delete, after docs/product-rules.md's question; the product page then says it is gone.
      await gotoProducts(page, `?q=${encodeURIComponent(sku)}`);
      await row(page, name)
        .getByRole("button", { name: `Delete ${name}` })
        .click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toContainText("Are you sure you want to delete this product?");
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(toast(page, "Product deleted successfully")).toBeVisible();
      await expect(row(page, name)).toHaveCount(0);
      await expect(page.getByText("No products match these filters")).toBeVisible();

      const gone = await gotoHydrated(page, `/product/${id}`);
      expect(gone?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
    },
  );
});
