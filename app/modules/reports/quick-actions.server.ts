import { and, asc, count, eq, lte } from "drizzle-orm";
import type { Db } from "~db/client";
import { products } from "~db/schema/catalog";
import { orders } from "~db/schema/orders";
import { LOW_STOCK_THRESHOLD } from "~/modules/catalog/stock-level";

export interface LowStockProduct {
  id: number;
  name: string;
  sku: string | null;
  stockQuantity: number;
}

export interface QuickActionCounts {
  /** Orders still in processing (docs/product-rules.md's "Pending Orders"). */
  pendingOrders: number;
  lowStockThreshold: number;
  /** How many active products are at or below the threshold. */
  lowStockCount: number;
  /** The emptiest of them first, at most `lowStockLimit`. */
  lowStock: LowStockProduct[];
}

/** What the Quick Actions card links to: orders waiting to be handled and stock to refill. */
export async function quickActionCounts(
  db: Db,
  { lowStockThreshold = LOW_STOCK_THRESHOLD, lowStockLimit = 10 }: { lowStockThreshold?: number; lowStockLimit?: number } = {},
): Promise<QuickActionCounts> {
  const lowStockWhere = and(eq(products.isActive, true), lte(products.stockQuantity, lowStockThreshold));
  const [[pending], [low], lowStock] = await Promise.all([
    db.select({ n: count() }).from(orders).where(eq(orders.orderStatus, "processing")),
    db.select({ n: count() }).from(products).where(lowStockWhere),
    db
      .select({ id: products.id, name: products.name, sku: products.sku, stockQuantity: products.stockQuantity })
      .from(products)
      .where(lowStockWhere)
      .orderBy(asc(products.stockQuantity), asc(products.name), asc(products.id))
      .limit(lowStockLimit),
  ]);
  return {
    pendingOrders: Number(pending?.n ?? 0),
    lowStockThreshold,
    lowStockCount: Number(low?.n ?? 0),
    lowStock,
  };
}
