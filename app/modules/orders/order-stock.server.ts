import { eq, and, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { productVariants } from "~db/schema/catalog";
import { stockChangeIsVisible } from "~/modules/catalog/stock-level";

/** Units of one variant (a colour × size of a product) an order takes or gives back. */
export interface StockLine {
  variantId: number;
  productId: number;
  /** For the refusal's message: the product's name and the variant ("Osu Linen Kaftan (Ivory, XL)"). */
  name: string;
  quantity: number;
}

/** Not enough of a variant left: what was wanted and what there is. */
export interface StockShortfall {
  variantId: number;
  productId: number;
  name: string;
  wanted: number;
  available: number;
}

/** The lines summed per variant, in variant-id order (every transaction locks rows in the same order: no deadlocks). */
function perVariant(lines: StockLine[]): StockLine[] {
  const wanted = new Map<number, StockLine>();
  for (const line of lines) {
    const entry = wanted.get(line.variantId) ?? { ...line, quantity: 0 };
    entry.quantity += line.quantity;
    wanted.set(line.variantId, entry);
  }
  return [...wanted.values()].sort((a, b) => a.variantId - b.variantId);
}

/**
 * Takes stock for an order, inside the caller's transaction: one conditional update per
 * variant (`stock = stock - n WHERE stock >= n`), so no two transactions can take the same
 * last unit whatever the concurrency (PostgreSQL re-checks the condition on the row it waited
 * for), while buyers of another colour or size of the same product do not wait on it. Too
 * little stock throws `refuse(shortfall)`, which rolls the caller back, stock taken for
 * earlier lines included. Placing an order and reactivating a cancelled one both take stock
 * here. Returns whether a shopper would see the change (stockChangeIsVisible).
 */
export async function takeStock(tx: Db, lines: StockLine[], refuse: (shortfall: StockShortfall) => Error): Promise<boolean> {
  let visible = false;
  for (const line of perVariant(lines)) {
    const [row] = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
      .where(and(eq(productVariants.id, line.variantId), sql`${productVariants.stock} >= ${line.quantity}`))
      .returning({ stock: productVariants.stock });
    if (!row) {
      const [left] = await tx.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, line.variantId));
      throw refuse({ ...line, wanted: line.quantity, available: Math.max(left?.stock ?? 0, 0) });
    }
    if (stockChangeIsVisible(row.stock + line.quantity, row.stock)) visible = true;
  }
  return visible;
}

/** Gives an order's stock back (a cancellation), in variant-id order; returns whether a shopper would see it. */
export async function returnStock(tx: Db, lines: StockLine[]): Promise<boolean> {
  let visible = false;
  for (const { variantId, quantity } of perVariant(lines)) {
    const [row] = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${quantity}` })
      .where(eq(productVariants.id, variantId))
      .returning({ stock: productVariants.stock });
    if (row && stockChangeIsVisible(row.stock - quantity, row.stock)) visible = true;
  }
  return visible;
}
