import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { products } from "~db/schema/catalog";
import { stockChangeIsVisible } from "~/modules/catalog/stock-level";

/** Units of one product an order takes or gives back. */
export interface StockLine {
  productId: number;
  /** For the refusal's message: the product's name (or the order line's snapshot of it). */
  name: string;
  quantity: number;
}

/** Not enough of a product left: what was wanted and what there is. */
export interface StockShortfall {
  productId: number;
  name: string;
  wanted: number;
  available: number;
}

/** The lines summed per product, in product-id order (every transaction locks rows in the same order: no deadlocks). */
function perProduct(lines: StockLine[]): StockLine[] {
  const wanted = new Map<number, StockLine>();
  for (const line of lines) {
    const entry = wanted.get(line.productId) ?? { productId: line.productId, name: line.name, quantity: 0 };
    entry.quantity += line.quantity;
    wanted.set(line.productId, entry);
  }
  return [...wanted.values()].sort((a, b) => a.productId - b.productId);
}

/**
 * Takes stock for an order, inside the caller's transaction: one conditional update per
 * product (`stock = stock - n WHERE stock >= n`), so no two transactions can take the same
 * last unit whatever the concurrency (PostgreSQL re-checks the condition on the row it waited
 * for). Too little stock throws `refuse(shortfall)`, which rolls the caller back, stock
 * taken for earlier lines included. Placing an order and reactivating a cancelled one both
 * take stock here. Returns whether a shopper would see the change (stockChangeIsVisible).
 */
export async function takeStock(tx: Db, lines: StockLine[], refuse: (shortfall: StockShortfall) => Error): Promise<boolean> {
  let visible = false;
  for (const { productId, name, quantity } of perProduct(lines)) {
    const [row] = await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} - ${quantity}` })
      .where(and(eq(products.id, productId), sql`${products.stockQuantity} >= ${quantity}`))
      .returning({ stock: products.stockQuantity });
    if (!row) {
      const [left] = await tx.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, productId));
      throw refuse({ productId, name, wanted: quantity, available: Math.max(left?.stock ?? 0, 0) });
    }
    if (stockChangeIsVisible(row.stock + quantity, row.stock)) visible = true;
  }
  return visible;
}

/** Gives an order's stock back (a cancellation), in product-id order; returns whether a shopper would see it. */
export async function returnStock(tx: Db, lines: StockLine[]): Promise<boolean> {
  let visible = false;
  for (const { productId, quantity } of perProduct(lines)) {
    const [row] = await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${quantity}` })
      .where(eq(products.id, productId))
      .returning({ stock: products.stockQuantity });
    if (row && stockChangeIsVisible(row.stock - quantity, row.stock)) visible = true;
  }
  return visible;
}
