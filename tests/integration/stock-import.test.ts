import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { queryRows } from "~db/client";

import { importStock } from "~/modules/catalog/stock-import.server";
import { stockCsv } from "~/modules/catalog/stock-csv.server";
import { onStorefrontChange } from "~/modules/storefront/storefront-changes.server";
import { action as productsAction } from "~/routes/admin/products";
import { loader as stockExportLoader } from "~/routes/admin/products-stock-export";
import { createProduct, stockOfVariant, totalStockOf, variantOf } from "../factories/catalog";
import { createAdmin, createUser } from "../factories/users";
import { signedInAs, TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { routeAnswer } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";

/**
 * The stocktake CSV (docs/product-rules.md §5): the export lists every size and colour, and the
 * products page's Import stock applies a file all or nothing — one bad row and nothing changes,
 * with every bad row named by its spreadsheet row. Staff only.
 */
describeWithDatabase("stock CSV import and export", (database) => {
  let adminId: string;
  let customerId: string;

  beforeAll(async () => {
    adminId = (await createAdmin(database.db, { email: "owner@example.com" })).id;
    customerId = (await createUser(database.db, { email: "ama@example.com" })).id;
  });

  const bytes = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text);
  const as = (id: string, email: string) => testLoadContext(database, { auth: signedInAs({ id, email }) });
  const cookie = "ahenfie.session_token=abc";

  /** A kaftan in Ivory and Gold, M and L, 10 of each; a shirt without colours in S and M, 4 of each. */
  async function stockedProducts() {
    const kaftan = await createProduct(database.db, {
      name: "Osu Linen Kaftan",
      sizes: ["M", "L"],
      colors: [
        { name: "Ivory", hex: "#F4EFE6" },
        { name: "Gold", hex: "#C9A227" },
      ],
      stock: 10,
    });
    const shirt = await createProduct(database.db, { name: "Adinkra Shirt", sizes: ["S", "M"], stock: 4 });
    const sku = async (productId: number, size: string, color = "") => (await variantOf(database.db, productId, size, color)).sku;
    return { kaftan, shirt, sku };
  }

  /** The Import stock dialog's post: multipart, the file under "file". */
  function importPost(csv: string | Uint8Array<ArrayBuffer>, userCookie = cookie) {
    const form = new FormData();
    form.set("intent", "import-stock");
    form.set("file", new File([csv], "stock.csv", { type: "text/csv" }));
    return new Request(`${TEST_ORIGIN}/admin/products`, {
      method: "POST",
      headers: { cookie: userCookie, origin: TEST_ORIGIN },
      body: form,
    });
  }

  it("a good file applies every row in one go, says what changed and tells the storefront", async () => {
    const { kaftan, shirt, sku } = await stockedProducts();
    let announced = 0;
    const stop = onStorefrontChange(database.db, () => announced++);
    try {
      const csv = [
        "sku,Product,STOCK",
        `${await sku(kaftan.id, "M", "Ivory")},Osu Linen Kaftan,3`,
        // SKUs match whatever their case; spaces around a figure are fine.
        `${(await sku(kaftan.id, "L", "Gold")).toLowerCase()},Osu Linen Kaftan, 0 `,
        `${await sku(kaftan.id, "L", "Ivory")},Osu Linen Kaftan,10`,
        `${await sku(shirt.id, "S")},Adinkra Shirt,25`,
      ].join("\r\n");
      const answer = await routeAnswer(productsAction, { request: importPost(csv), context: as(adminId, "owner@example.com") });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ok: true, intent: "import-stock", message: "Stock updated for 3 sizes and colours (1 unchanged)." });
      expect(announced).toBe(1);
    } finally {
      stop();
    }
    expect(await stockOfVariant(database.db, kaftan.id, "M", "Ivory")).toBe(3);
    expect(await stockOfVariant(database.db, kaftan.id, "L", "Gold")).toBe(0);
    expect(await stockOfVariant(database.db, kaftan.id, "L", "Ivory")).toBe(10);
    expect(await stockOfVariant(database.db, kaftan.id, "M", "Gold")).toBe(10);
    expect(await stockOfVariant(database.db, shirt.id, "S")).toBe(25);
    expect(await stockOfVariant(database.db, shirt.id, "M")).toBe(4);
  });

  it("one bad row among good ones applies nothing and names every bad row by its row in the sheet", async () => {
    const { kaftan, shirt, sku } = await stockedProducts();
    const ivoryM = await sku(kaftan.id, "M", "Ivory");
    const csv = [
      "SKU,Product,Colour,Size,Stock", // row 1
      `${ivoryM},Osu Linen Kaftan,Ivory,M,3`, // 2: good
      `${await sku(kaftan.id, "L", "Gold")},Osu Linen Kaftan,Gold,L,0`, // 3: good
      "AHF-KAF-001-PINK-XL,Osu Linen Kaftan,Pink,XL,4", // 4: unknown SKU
      "", // 5: a blank line (skipped, still counted)
      `${await sku(shirt.id, "S")},Adinkra Shirt,,S,ten`, // 6: not a number
      `${ivoryM.toLowerCase()},Osu Linen Kaftan,Ivory,M,5`, // 7: the SKU again
      `${await sku(shirt.id, "M")},Adinkra Shirt,,M,-2`, // 8: negative
      `${await sku(kaftan.id, "M", "Gold")},Osu Linen Kaftan,Gold,M,2000000`, // 9: too many
      ",Osu Linen Kaftan,Gold,M,1", // 10: no SKU
      "NOPE-1,Ghost,,M,2.5", // 11: unknown and not whole
      ",,,,", // 12: an empty spreadsheet row (ignored)
    ].join("\n");
    const before = [await totalStockOf(database.db, kaftan.id), await totalStockOf(database.db, shirt.id)];

    const result = await importStock(database.db, bytes(csv));
    expect(result).toEqual({
      ok: false,
      message: "Nothing was changed: 7 rows need correcting.",
      problems: [
        "Row 4: SKU AHF-KAF-001-PINK-XL is not in the catalog",
        'Row 6: stock must be a whole number, got "ten"',
        `Row 7: SKU ${ivoryM.toLowerCase()} is already on row 2`,
        'Row 8: stock must be a whole number, got "-2"',
        "Row 9: stock must be at most 1,000,000, got 2000000",
        "Row 10: SKU is missing",
        'Row 11: stock must be a whole number, got "2.5"',
        "Row 11: SKU NOPE-1 is not in the catalog",
      ],
    });
    expect([await totalStockOf(database.db, kaftan.id), await totalStockOf(database.db, shirt.id)]).toEqual(before);
    expect(await stockOfVariant(database.db, kaftan.id, "M", "Ivory")).toBe(10);

    // Through the page's action: 400, the same rows, still nothing changed.
    const answer = await routeAnswer(productsAction, { request: importPost(csv), context: as(adminId, "owner@example.com") });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ ok: false, message: "Nothing was changed: 7 rows need correcting." });
    expect((answer.body as { problems: string[] }).problems).toHaveLength(8);
    expect(await stockOfVariant(database.db, kaftan.id, "L", "Gold")).toBe(10);
  });

  it("a file that is not a stock CSV changes nothing and says why", async () => {
    const { kaftan, sku } = await stockedProducts();
    const ivoryM = await sku(kaftan.id, "M", "Ivory");
    const before = await totalStockOf(database.db, kaftan.id);
    const cases: [string, Uint8Array, string][] = [
      ["no Stock column", bytes(`SKU,Quantity\n${ivoryM},3\n`), "The first row must name the columns SKU and Stock; Stock is missing."],
      ["neither column", bytes(`Name,Qty\nKaftan,3\n`), "The first row must name the columns SKU and Stock; SKU and Stock are missing."],
      [
        "binary garbage",
        new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0xd8]),
        "This is not a CSV file: it holds binary data. Save the sheet as CSV (comma separated) and try again.",
      ],
      ["an empty file", bytes(""), "The file is empty: it needs a header row naming SKU and Stock, then a row per SKU."],
      [
        "only a byte-order mark and blank lines",
        bytes("\uFEFF\r\n\r\n"),
        "The file is empty: it needs a header row naming SKU and Stock, then a row per SKU.",
      ],
      ["a header and no rows", bytes("SKU,Stock\r\n"), "The file lists no stock: add a row per SKU under the header row."],
      [
        "an unclosed quote",
        bytes(`SKU,Stock\n${ivoryM},3\n"${ivoryM},4\n`),
        "The file could not be read as CSV: a quoted value is never closed (line 3). Save the sheet as CSV (comma separated) and try again.",
      ],
      ["the Stock column twice", bytes(`SKU,Stock,Stock\n${ivoryM},3,4\n`), "The first row names the Stock column twice: keep one."],
    ];
    for (const [what, file, message] of cases) {
      expect(await importStock(database.db, file), what).toEqual({ ok: false, message, problems: [] });
    }
    expect(await totalStockOf(database.db, kaftan.id)).toBe(before);

    // No file at all: the guard's schema refuses before anything is read.
    const form = new FormData();
    form.set("intent", "import-stock");
    const request = new Request(`${TEST_ORIGIN}/admin/products`, { method: "POST", headers: { cookie, origin: TEST_ORIGIN }, body: form });
    const answer = await routeAnswer(productsAction, { request, context: as(adminId, "owner@example.com") });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ ok: false, message: "Choose a CSV file to import." });
  });

  it("reads what spreadsheets save: semicolons, Windows-1252 text, a byte-order mark", async () => {
    const { kaftan, sku } = await stockedProducts();
    const semicolons = `\uFEFFSKU;Product;Stock\r\n${await sku(kaftan.id, "M", "Ivory")};Osu Linen Kaftan, ivory;7\r\n`;
    expect(await importStock(database.db, bytes(semicolons))).toEqual({ ok: true, updated: 1, unchanged: 0 });
    // "Café" in Windows-1252: é is the single byte 0xE9, not valid UTF-8.
    const latin = new Uint8Array([...bytes(`SKU,Product,Stock\n${await sku(kaftan.id, "L", "Gold")},Caf`), 0xe9, ...bytes(",6\n")]);
    expect(await importStock(database.db, latin)).toEqual({ ok: true, updated: 1, unchanged: 0 });
    expect(await stockOfVariant(database.db, kaftan.id, "M", "Ivory")).toBe(7);
    expect(await stockOfVariant(database.db, kaftan.id, "L", "Gold")).toBe(6);
  });

  it("the export lists every size and colour by product name, and re-imports as it is without a change", async () => {
    const { kaftan, shirt, sku } = await stockedProducts();
    const exported = await routeAnswer(stockExportLoader, {
      request: new Request(`${TEST_ORIGIN}/admin/products/stock.csv`, { headers: { cookie } }),
      context: as(adminId, "owner@example.com"),
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename="stock-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = exported.body as string;
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("SKU,Product,Colour,Size,Stock");
    // Products by name (the shirt before the kaftan), then colours in their order and sizes S → XXL.
    const ours = lines.filter((l) => l.includes("Adinkra Shirt") || l.includes("Osu Linen Kaftan"));
    const shirtRows = ours.filter((l) => l.includes("Adinkra Shirt"));
    expect(shirtRows.slice(-2)).toEqual([
      `${await sku(shirt.id, "S")},Adinkra Shirt,,S,4`,
      `${await sku(shirt.id, "M")},Adinkra Shirt,,M,4`,
    ]);
    expect(ours.slice(-4)).toEqual([
      `${await sku(kaftan.id, "M", "Ivory")},Osu Linen Kaftan,Ivory,M,10`,
      `${await sku(kaftan.id, "L", "Ivory")},Osu Linen Kaftan,Ivory,L,10`,
      `${await sku(kaftan.id, "M", "Gold")},Osu Linen Kaftan,Gold,M,10`,
      `${await sku(kaftan.id, "L", "Gold")},Osu Linen Kaftan,Gold,L,10`,
    ]);
    // Every variant once (whatever the other tests created).
    expect(lines.length - 1).toBe(await variantCount());

    const before = await stockCsv(database.db);
    const answer = await routeAnswer(productsAction, { request: importPost(bytes(text)), context: as(adminId, "owner@example.com") });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      ok: true,
      message: `Nothing to change: all ${(lines.length - 1).toLocaleString("en-GB")} sizes and colours already had these figures.`,
    });
    expect(await stockCsv(database.db)).toBe(before);
  });

  it("reads the export in batches without losing or repeating a product", async () => {
    await stockedProducts();
    const whole = await stockCsv(database.db);
    expect(await stockCsv(database.db, { batchSize: 1 })).toBe(whole);
    expect(await stockCsv(database.db, { batchSize: 2 })).toBe(whole);
  });

  it("a customer can neither export nor import", async () => {
    const { kaftan, sku } = await stockedProducts();
    const customer = as(customerId, "ama@example.com");
    const exported = await routeAnswer(stockExportLoader, {
      request: new Request(`${TEST_ORIGIN}/admin/products/stock.csv`, { headers: { cookie } }),
      context: customer,
    });
    expect(exported.status).toBe(302);
    expect(exported.headers.get("location")).toBe("/");
    expect(String(exported.body)).not.toContain("SKU,Product");

    const csv = `SKU,Stock\n${await sku(kaftan.id, "M", "Ivory")},0\n`;
    const imported = await routeAnswer(productsAction, { request: importPost(csv), context: customer });
    expect(imported.status).toBe(403);
    expect(imported.body).toMatchObject({ message: "You do not have admin privileges." });
    expect(await stockOfVariant(database.db, kaftan.id, "M", "Ivory")).toBe(10);

    // A guest is sent to sign in.
    const guest = await routeAnswer(productsAction, { request: importPost(csv, ""), context: testLoadContext(database) });
    expect(guest.status).toBe(302);
    expect(await stockOfVariant(database.db, kaftan.id, "M", "Ivory")).toBe(10);
  });

  it("a product save whose stock cell takes another product's SKU answers 409 at that cell, changing nothing", async () => {
    const { kaftan, shirt, sku } = await stockedProducts();
    const taken = await sku(kaftan.id, "M", "Ivory");
    const form = new FormData();
    for (const [name, value] of Object.entries({
      intent: "update",
      id: String(shirt.id),
      name: "Adinkra Shirt",
      price: "120.00",
      isActive: "on",
    }))
      form.set(name, value);
    form.append("sizes", "S");
    form.append("sizes", "M");
    for (const [index, size] of ["S", "M"].entries()) {
      const variant = await variantOf(database.db, shirt.id, size);
      form.set(`variants[${index}].id`, String(variant.id));
      form.set(`variants[${index}].color`, "");
      form.set(`variants[${index}].size`, size);
      form.set(`variants[${index}].stock`, "9");
      form.set(`variants[${index}].stockSeen`, "4");
      form.set(`variants[${index}].sku`, size === "M" ? taken.toLowerCase() : "");
    }
    const request = new Request(`${TEST_ORIGIN}/admin/products`, { method: "POST", headers: { cookie, origin: TEST_ORIGIN }, body: form });
    const answer = await routeAnswer(productsAction, { request, context: as(adminId, "owner@example.com") });
    const message = `Another product already uses the SKU ${taken} for one of its sizes. Each size and colour needs its own SKU.`;
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ ok: false, message, result: { error: { "variants[1].sku": [message] } } });
    expect(await stockOfVariant(database.db, shirt.id, "S")).toBe(4);
  });

  async function variantCount(): Promise<number> {
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::integer as n from product_variants`);
    return row!.n;
  }
});
