import fs from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { seedProducts } from "../../db/seed/catalog-data";
import { ADMIN_STATE, gotoAdmin, testOnOwnShop } from "./admin-support";
import { expectNoSeriousViolations } from "./axe";
import { gotoHydrated, toast } from "./support";

/**
 * Stock per colour and size in the admin (docs/product-rules.md §5): the product form's stock
 * grid, the products table's figures, and the stocktake CSV out and back in (all or nothing).
 * Changes run on a shop of their own, so the storefront specs keep the seed's stock.
 */

const productDialog = (page: Page) => page.getByRole("dialog", { name: "Edit Product" });
const importDialog = (page: Page) => page.getByRole("dialog", { name: "Import stock" });
const stockCell = (scope: Locator, colour: string, size: string) => scope.getByLabel(`Stock, ${colour}, ${size}`, { exact: true });
const productRow = (page: Page, name: string) =>
  page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name }) });

/** A CSV as the Import stock dialog's file input takes it. */
const csvFile = (lines: string[]) => ({ name: "stock.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\r\n") + "\r\n") });

/** The stock export, as the admin's browser downloads it: { sku → stock }. */
async function exportedStock(page: Page): Promise<Map<string, number>> {
  const response = await page.request.get("/admin/products/stock.csv");
  expect(response.status()).toBe(200);
  const lines = (await response.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n")
    .slice(1);
  return new Map(lines.map((line) => [line.split(",")[0]!, Number(line.split(",").at(-1))]));
}

test.describe("on a shop of its own", () => {
  testOnOwnShop.use({ reducedMotion: "reduce" });
  test.describe.configure({ timeout: 180_000 });

  testOnOwnShop("staff set stock in the grid; it follows the sizes, saves, reopens and reaches the product page", async ({ page }) => {
    const kaftan = seedProducts.find((p) => p.sku === "AHF-KAF-001")!;
    await gotoAdmin(page, `/admin/products?product=${kaftan.id}`);
    const dialog = productDialog(page);
    await expect(stockCell(dialog, "Royal Gold", "XXL")).toBeVisible();

    // Set all to 7, then one cell to 0.
    await dialog.getByLabel("Set every cell to").fill("7");
    await dialog.getByRole("button", { name: "Set all" }).click();
    for (const colour of ["Royal Gold", "Emerald", "Midnight"]) await expect(stockCell(dialog, colour, "M")).toHaveValue("7");
    await stockCell(dialog, "Royal Gold", "XL").fill("0");
    await expect(dialog.getByText("Total: 98 units")).toBeVisible();

    // The grid follows the form: unticking XXL drops its column, ticking it again brings its figures back.
    const xxl = dialog.getByRole("checkbox", { name: "XXL", exact: true });
    await xxl.click();
    await expect(stockCell(dialog, "Royal Gold", "XXL")).toHaveCount(0);
    await expect(dialog.getByText("Total: 77 units")).toBeVisible();
    await xxl.click();
    await expect(stockCell(dialog, "Emerald", "XXL")).toHaveValue("7");
    // A renamed colour keeps its cells, and its SKUs: a blank one keeps the variant's own.
    await dialog.getByLabel("Colour 3 name").fill("Midnight Blue");
    await expect(stockCell(dialog, "Midnight Blue", "S")).toHaveValue("7");
    const midnightSku = dialog.getByLabel("SKU, Midnight Blue, S", { exact: true });
    await midnightSku.fill("");
    await expect(midnightSku).toHaveAttribute("placeholder", "AHF-KAF-001-MIDNIGHT-S");
    // A new colour brings a row at 0, its SKUs suggested from the product's, the colour's and the size.
    await dialog.getByRole("button", { name: "Add colour" }).click();
    await dialog.getByLabel("Colour 4 name").fill("Ivory");
    await expect(stockCell(dialog, "Ivory", "S")).toHaveValue("0");
    await expect(dialog.getByLabel("SKU, Ivory, S", { exact: true })).toHaveAttribute("placeholder", "AHF-KAF-001-IVORY-S");
    await stockCell(dialog, "Ivory", "M").fill("3");
    await expect(dialog.getByText("Total: 101 units")).toBeVisible();

    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Product updated successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    // Royal Gold XL and Ivory S, L, XL, XXL are sold out.
    const row = productRow(page, kaftan.name);
    await expect(row).toContainText("101");
    await expect(row).toContainText("5 sold out");

    // Reopened, the grid shows what was saved.
    await row.getByRole("link", { name: `Edit ${kaftan.name}` }).click();
    const reopened = productDialog(page);
    await expect(stockCell(reopened, "Royal Gold", "XL")).toHaveValue("0");
    await expect(stockCell(reopened, "Midnight Blue", "S")).toHaveValue("7");
    await expect(stockCell(reopened, "Ivory", "M")).toHaveValue("3");
    await expect(reopened.getByLabel("SKU, Midnight Blue, S", { exact: true })).toHaveValue("AHF-KAF-001-MIDNIGHT-S");
    await expect(reopened.getByLabel("SKU, Ivory, S", { exact: true })).toHaveValue("AHF-KAF-001-IVORY-S");
    await expect(reopened.getByText("Total: 101 units")).toBeVisible();

    // The product page: in Royal Gold (the first colour) L can be bought and XL is sold out, either
    // named so on its size button (which cannot be chosen) or saying Sold Out once chosen.
    await gotoHydrated(page, `/product/${kaftan.id}`);
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "L", exact: true }).click();
    await expect(main.getByRole("button", { name: /^Add to Cart/ })).toBeEnabled();
    const xl = main.getByRole("button", { name: /^XL\b/ }).first();
    if (await xl.isDisabled()) await expect(xl).toHaveAccessibleName(/sold out/i);
    else {
      await xl.click();
      await expect(main.getByRole("button", { name: "Sold Out", exact: true })).toBeDisabled();
    }
  });

  testOnOwnShop("an import with a bad row changes nothing and lists it; the corrected file is applied", async ({ page }) => {
    await gotoAdmin(page, "/admin/products");
    const before = await exportedStock(page);
    const charcoalM = "AHF-SUI-001-CHARCOAL-M";
    const navyL = "AHF-SUI-001-NAVY-L";
    expect(before.get(charcoalM)).toBeDefined();

    await page.getByRole("button", { name: "Import stock" }).click();
    const dialog = importDialog(page);
    await dialog
      .getByLabel("Stock CSV")
      .setInputFiles(
        csvFile([
          "SKU,Product,Stock",
          `${charcoalM},Accra Executive,11`,
          "AHF-SUI-001-PINK-XL,Accra Executive,3",
          `${navyL},Accra Executive,ten`,
        ]),
      );
    await dialog.getByRole("button", { name: "Import stock" }).click();
    const refusal = dialog.getByRole("alert");
    await expect(refusal).toContainText("Nothing was changed: 2 rows need correcting.");
    await expect(refusal.getByRole("listitem")).toHaveText([
      "Row 3: SKU AHF-SUI-001-PINK-XL is not in the catalog",
      'Row 4: stock must be a whole number, got "ten"',
    ]);
    await expect(toast(page, "Stock not imported")).toBeVisible();
    expect(await exportedStock(page)).toEqual(before);

    await dialog.getByLabel("Stock CSV").setInputFiles(csvFile(["SKU,Stock", `${charcoalM},11`, `${navyL.toLowerCase()},0`]));
    await dialog.getByRole("button", { name: "Import stock" }).click();
    await expect(dialog.getByRole("status")).toHaveText("Stock updated for 2 sizes and colours (0 unchanged).");
    await expect(toast(page, "Stock imported")).toBeVisible();
    const after = await exportedStock(page);
    expect(after.get(charcoalM)).toBe(11);
    expect(after.get(navyL)).toBe(0);
    expect([...after].filter(([sku, stock]) => before.get(sku) !== stock).map(([sku]) => sku)).toEqual([charcoalM, navyL]);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe("on the shared shop", () => {
  test.use({ reducedMotion: "reduce", storageState: ADMIN_STATE });

  test("Export stock downloads the stocktake CSV with its header", async ({ page }) => {
    await gotoAdmin(page, "/admin/products");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export stock" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^stock-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    const [header, ...rows] = text.trim().split("\r\n");
    expect(header).toBe("SKU,Product,Colour,Size,Stock");
    expect(rows.find((r) => r.startsWith("AHF-KAF-001-ROYAL-GOLD-XXL,"))).toMatch(
      /^AHF-KAF-001-ROYAL-GOLD-XXL,Royal Kente Kaftan,Royal Gold,XXL,\d+$/,
    );
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`the product dialog's grid and the import dialog pass axe at ${viewport.width} px`, async ({ page }) => {
      test.slow();
      await page.setViewportSize(viewport);
      await gotoAdmin(page, "/admin/products?product=1");
      const dialog = productDialog(page);
      await stockCell(dialog, "Royal Gold", "S").scrollIntoViewIfNeeded();
      await expect(stockCell(dialog, "Royal Gold", "S")).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoSeriousViolations(page, `the Edit Product dialog with its stock grid at ${viewport.width} px`, '[role="dialog"]');
      // A cell's error sits at the cell.
      await stockCell(dialog, "Emerald", "M").fill("-3");
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(stockCell(dialog, "Emerald", "M")).toHaveAttribute("aria-invalid", "true");
      await expect(stockCell(dialog, "Emerald", "M")).toHaveAccessibleDescription("Stock cannot be negative");
      await expectNoSeriousViolations(page, `the stock grid with an error at ${viewport.width} px`, '[role="dialog"]');
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();

      await page.getByRole("button", { name: "Import stock" }).click();
      const imported = importDialog(page);
      // Nothing here is in the catalog: the shared shop's stock cannot change.
      await imported.getByLabel("Stock CSV").setInputFiles(csvFile(["SKU,Stock", "NO-SUCH-SKU-1,4", "NO-SUCH-SKU-2,many"]));
      await imported.getByRole("button", { name: "Import stock" }).click();
      await expect(imported.getByRole("alert")).toContainText("Nothing was changed: 2 rows need correcting.");
      await expectNoSeriousViolations(page, `the Import stock dialog with errors at ${viewport.width} px`, '[role="dialog"]');
    });
  }
});
