import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { productVariants } from "~db/schema/catalog";
import { orderItems, orders, orderStatusHistory } from "~db/schema/orders";
import { ledgerProblems, stockByVariant } from "../../bench/checkout-ledger";
import { createProduct, variantOf } from "../factories/catalog";
import { createOrder } from "../factories/orders";
import { describeWithDatabase } from "../setup/test-database";

/**
 * bench:checkout's closing check (bench/checkout-ledger.ts) is what makes its figures mean
 * anything: it must see an oversold piece and a placed order the database lost, or a fast
 * figure could hide either.
 */
describeWithDatabase("bench:checkout's ledger", (database) => {
  beforeEach(async () => {
    await database.db.delete(orderStatusHistory);
    await database.db.delete(orderItems);
    await database.db.delete(orders);
  });

  it("adds up when each order line took its pieces from stock and every placed order is recorded", async () => {
    const product = await createProduct(database.db, { stock: 5, sizes: ["M"] });
    const variant = await variantOf(database.db, product.id, "M");
    const stockBefore = await stockByVariant(database.db);
    const order = await createOrder(database.db, { items: [{ productId: product.id, variantId: variant.id, quantity: 2 }] });
    await database.db.update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, variant.id));

    const placed = new Map([[order.id, order.totalAmount]]);
    expect(await ledgerProblems(database.db, { stockBefore, placed, soldOutRefusals: 0, scarceVariantIds: [] })).toEqual([]);
  });

  it("reports a piece sold without leaving stock, a lost order and one nobody placed", async () => {
    const product = await createProduct(database.db, { stock: 5, sizes: ["M"] });
    const variant = await variantOf(database.db, product.id, "M");
    const stockBefore = await stockByVariant(database.db);
    // Two pieces sold, stock untouched: sold twice over, as an oversell would read.
    const unplaced = await createOrder(database.db, { items: [{ productId: product.id, variantId: variant.id, quantity: 2 }] });
    const lost = "00000000-0000-4000-8000-000000000000";

    const problems = await ledgerProblems(database.db, {
      stockBefore,
      placed: new Map([[lost, 10_000]]),
      soldOutRefusals: 1,
      scarceVariantIds: [variant.id],
    });
    expect(problems).toEqual([
      `variant ${variant.id}: stock went from 5 to 5 but its order lines took 2`,
      `order ${lost} was placed but is not in the database`,
      `order ${unplaced.id} is in the database but was never placed`,
      `1 orders refused as sold out while the scarce piece was still in stock`,
    ]);
  });
});
