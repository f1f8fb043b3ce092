import fs from "node:fs";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~db/client";
import { migrationsBefore } from "../setup/migrations-before";
import { createTestDatabase, testDrivers, type TestDatabase } from "../setup/test-database";

describe.each(testDrivers())("migration 0013 (stock per colour and size) on %s", (driver) => {
  let database: TestDatabase;
  let before: string;
  beforeAll(async () => {
    database = await createTestDatabase(driver, { migrated: false });
    before = migrationsBefore("0013_variants");
    const migrate = driver === "pglite" ? migratePglite : migratePg;
    await migrate(database.db as never, { migrationsFolder: before });

    // A shop as it stood: stock per product, some with colours, one without, one with odd colour names.
    await database.db.execute(sql`
      insert into products (id, slug, name, price, stock_quantity, sku, sizes) values
        (1, 'kente', 'Royal Kente Kaftan', 29999, 24, 'AHF-KAF-001', '{S,M,L,XL,XXL}'),
        (2, 'suit', 'Accra Suit', 79999, 7, 'AHF-SUI-001', '{M,L,XL}'),
        (3, 'smock', 'Tamale Smock', 19999, 0, null, '{S,M,L,XL,XXL}'),
        (4, 'stole', 'Kente Stole', 9999, 3, 'AHF-STO-001', '{}'),
        (5, 'dashiki', 'Dashiki', 12999, 11, 'ahf-das-001', '{L,XL}')`);
    await database.db.execute(sql`
      insert into product_colors (product_id, position, name, hex) values
        (1, 0, 'Royal Gold', '#C9A227'), (1, 1, 'Emerald', '#1E6B4F'), (1, 2, 'Midnight', '#1B2238'),
        (2, 0, 'Charcoal', '#2E2F33'),
        (5, 0, 'Sky / Blue', '#87CEEB'), (5, 1, 'Sky-Blue', '#87CEEB')`);
    await database.db.execute(sql`
      insert into orders (id, order_number, customer_name, customer_email, customer_phone, customer_address,
                          subtotal_amount, shipping_amount, total_amount, payment_method, idempotency_key)
      values ('00000000-0000-4000-8000-000000000001', 'ORD-100001', 'Ama', 'ama@example.com', '+233 24 000 0000',
              'Accra', 59998, 0, 59998, 'pay_on_delivery', 'k-1')`);
    await database.db.execute(sql`
      insert into order_items (order_id, product_id, name, unit_price, quantity, size, color) values
        ('00000000-0000-4000-8000-000000000001', 1, 'Royal Kente Kaftan', 29999, 1, 'L', 'Emerald'),
        ('00000000-0000-4000-8000-000000000001', 3, 'Tamale Smock', 19999, 1, 'M', null),
        ('00000000-0000-4000-8000-000000000001', 1, 'Royal Kente Kaftan', 29999, 1, 'L', 'Colour since removed')`);

    await database.migrate();
  });
  afterAll(async () => {
    await database?.destroy();
    fs.rmSync(before, { recursive: true, force: true });
  });

  const variants = () =>
    queryRows<{ product_id: number; color: string; size: string; sku: string; stock: number }>(
      database.db,
      sql`select product_id, color, size, sku, stock from product_variants order by id`,
    );

  it("keeps every product's total stock, spread evenly over its colours × sizes in display order", async () => {
    const rows = await variants();
    const totals = new Map<number, number>();
    for (const v of rows) totals.set(v.product_id, (totals.get(v.product_id) ?? 0) + v.stock);
    expect(Object.fromEntries(totals)).toEqual({ 1: 24, 2: 7, 3: 0, 4: 3, 5: 11 });

    // 24 over 3 colours × 5 sizes: 15 cells, 1 each and the first 9 one more.
    const kente = rows.filter((v) => v.product_id === 1).map((v) => `${v.color} ${v.size} ${v.stock}`);
    expect(kente).toEqual([
      "Royal Gold S 2",
      "Royal Gold M 2",
      "Royal Gold L 2",
      "Royal Gold XL 2",
      "Royal Gold XXL 2",
      "Emerald S 2",
      "Emerald M 2",
      "Emerald L 2",
      "Emerald XL 2",
      "Emerald XXL 1",
      "Midnight S 1",
      "Midnight M 1",
      "Midnight L 1",
      "Midnight XL 1",
      "Midnight XXL 1",
    ]);
    // 7 over 3 sizes of one colour: 3, 2, 2. A product without sizes was given all five: 3 over 5.
    expect(rows.filter((v) => v.product_id === 2).map((v) => v.stock)).toEqual([3, 2, 2]);
    expect(rows.filter((v) => v.product_id === 4).map((v) => [v.color, v.size, v.stock])).toEqual([
      ["", "S", 1],
      ["", "M", 1],
      ["", "L", 1],
      ["", "XL", 0],
      ["", "XXL", 0],
    ]);
  });

  it("gives each variant a SKU from the product's, the colour and the size, unique even when two colour names read alike", async () => {
    const rows = await variants();
    expect(rows.find((v) => v.product_id === 1 && v.color === "Royal Gold" && v.size === "XL")!.sku).toBe("AHF-KAF-001-ROYAL-GOLD-XL");
    expect(rows.find((v) => v.product_id === 3 && v.size === "M")!.sku).toBe("P3-M");
    const dashiki = rows.filter((v) => v.product_id === 5).map((v) => v.sku);
    expect(new Set(dashiki.map((s) => s.toLowerCase())).size).toBe(4);
    expect(dashiki.filter((s) => s.startsWith("ahf-das-001-SKY-BLUE-L"))).toHaveLength(2);
    expect(new Set(rows.map((v) => v.sku.toLowerCase())).size).toBe(rows.length);
  });

  it("links past order lines to their variant where it exists, keeping every snapshot", async () => {
    const items = await queryRows<{ name: string; size: string; color: string | null; variant: string | null }>(
      database.db,
      sql`select i.name, i.size, i.color, v.color || '|' || v.size as variant
          from order_items i left join product_variants v on v.id = i.variant_id order by i.id`,
    );
    expect(items).toEqual([
      { name: "Royal Kente Kaftan", size: "L", color: "Emerald", variant: "Emerald|L" },
      { name: "Tamale Smock", size: "M", color: null, variant: "|M" },
      { name: "Royal Kente Kaftan", size: "L", color: "Colour since removed", variant: null },
    ]);
  });
});
