import { isNotNull, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { productVariants } from "~db/schema/catalog";
import { orderItems, orders } from "~db/schema/orders";

/** Every variant's stock, by id: taken before the load, compared after it. */
export async function stockByVariant(db: Db): Promise<Map<number, number>> {
  const rows = await db.select({ id: productVariants.id, stock: productVariants.stock }).from(productVariants);
  return new Map(rows.map((row) => [row.id, row.stock]));
}

export interface LedgerInput {
  stockBefore: Map<number, number>;
  /** What placeOrder answered for every order it placed: order id → total charged. */
  placed: Map<string, number>;
  /** Orders refused because a piece had sold out, and the variants that may have sold out. */
  soldOutRefusals: number;
  scarceVariantIds: number[];
}

/**
 * Whether stock and orders add up after the load, as an accountant would check them: each
 * variant lost exactly the pieces its order lines took (no piece sold twice, none lost), none is
 * below zero, every order placeOrder answered for is in the database with the total it answered
 * (none lost, none extra), and an order refused as sold out was refused only once the scarce
 * piece was gone. Returns what does not add up; empty when all does.
 */
export async function ledgerProblems(db: Db, input: LedgerInput): Promise<string[]> {
  const problems: string[] = [];
  const stockAfter = await stockByVariant(db);
  const soldRows = await db
    .select({ variantId: orderItems.variantId, sold: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .where(isNotNull(orderItems.variantId))
    .groupBy(orderItems.variantId);
  const sold = new Map(soldRows.map((row) => [row.variantId!, Number(row.sold)]));
  for (const [id, before] of input.stockBefore) {
    const after = stockAfter.get(id) ?? 0;
    const taken = sold.get(id) ?? 0;
    if (after < 0) problems.push(`variant ${id}: stock ${after}, below zero`);
    if (before - after !== taken) problems.push(`variant ${id}: stock went from ${before} to ${after} but its order lines took ${taken}`);
  }

  const orderRows = await db.select({ id: orders.id, total: orders.totalAmount }).from(orders);
  const recorded = new Map(orderRows.map((row) => [row.id, row.total]));
  for (const [id, total] of input.placed) {
    if (!recorded.has(id)) problems.push(`order ${id} was placed but is not in the database`);
    else if (recorded.get(id) !== total) problems.push(`order ${id}: placed for ${total}, recorded as ${recorded.get(id)}`);
  }
  for (const id of recorded.keys()) if (!input.placed.has(id)) problems.push(`order ${id} is in the database but was never placed`);

  if (input.soldOutRefusals > 0 && !input.scarceVariantIds.some((id) => stockAfter.get(id) === 0))
    problems.push(`${input.soldOutRefusals} orders refused as sold out while the scarce piece was still in stock`);
  return problems;
}
