import { and, asc, count, eq, lte, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { products, productVariants } from "~db/schema/catalog";
import { orderTotals } from "~db/schema/sales-totals";
import { LOW_STOCK_THRESHOLD } from "~/modules/catalog/stock-level";

/** A colour × size of an active product running out: what to refill. */
export interface LowStockVariant {
  /** The variant's id (list key). */
  id: number;
  productId: number;
  /** The product's name. */
  name: string;
  /** "" for a product without colours. */
  color: string;
  size: string;
  sku: string;
  stock: number;
}

export interface QuickActionCounts {
  /** Orders still in processing (docs/product-rules.md's "Pending Orders"). */
  pendingOrders: number;
  lowStockThreshold: number;
  /** How many variants of active products are at or below the threshold. */
  lowStockCount: number;
  /** The emptiest of them first, at most `lowStockLimit`. */
  lowStock: LowStockVariant[];
}

/** What the Quick Actions card links to: orders waiting to be handled and stock to refill, per colour and size. */
export async function quickActionCounts(
  db: Db,
  { lowStockThreshold = LOW_STOCK_THRESHOLD, lowStockLimit = 10 }: { lowStockThreshold?: number; lowStockLimit?: number } = {},
): Promise<QuickActionCounts> {
  const lowStockWhere = and(eq(products.isActive, true), lte(productVariants.stock, lowStockThreshold));
  const [[pending], [low], lowStock] = await Promise.all([
    // From the sales totals (order_totals), not a count over every order.
    db
      .select({ n: sql<number>`coalesce(sum(${orderTotals.orders}), 0)`.mapWith(Number) })
      .from(orderTotals)
      .where(eq(orderTotals.orderStatus, "processing")),
    db.select({ n: count() }).from(productVariants).innerJoin(products, eq(productVariants.productId, products.id)).where(lowStockWhere),
    db
      .select({
        id: productVariants.id,
        productId: products.id,
        name: products.name,
        color: productVariants.color,
        size: productVariants.size,
        sku: productVariants.sku,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .innerJoin(products, eq(productVariants.productId, products.id))
      .where(lowStockWhere)
      .orderBy(asc(productVariants.stock), asc(products.name), asc(productVariants.id))
      .limit(lowStockLimit),
  ]);
  return {
    pendingOrders: Number(pending?.n ?? 0),
    lowStockThreshold,
    lowStockCount: Number(low?.n ?? 0),
    lowStock,
  };
}
