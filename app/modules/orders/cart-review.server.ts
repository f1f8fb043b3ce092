import { inArray } from "drizzle-orm";
import type { Db } from "~db/client";
import { productColors, products } from "~db/schema/catalog";
import type { CurrentCartLine } from "~/modules/cart/cart-refresh";
import type { OrderLineInput } from "./checkout.schema";

/**
 * What the shop sells now for each line of a refused checkout, read from the database: the
 * current name, price and stock, and whether the line can still be bought at all (the product
 * exists and is active, and is still made in the line's size and colour, or still made to
 * measure; a made-to-measure line's price includes the surcharge). The checkout sends
 * this back so the browser's cart can be corrected (refreshCart) instead of failing again on
 * every retry. A plain read: nothing is reserved, the next checkout checks everything anew.
 */
export async function currentCartLines(db: Db, items: readonly OrderLineInput[]): Promise<CurrentCartLine[]> {
  const ids = [...new Set(items.map((i) => i.productId))];
  if (ids.length === 0) return [];
  const [rows, colors] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        price: products.price,
        originalPrice: products.originalPrice,
        isActive: products.isActive,
        sizes: products.sizes,
        stock: products.stockQuantity,
        madeToMeasure: products.madeToMeasure,
        madeToMeasureSurcharge: products.madeToMeasureSurcharge,
      })
      .from(products)
      .where(inArray(products.id, ids)),
    db
      .select({ productId: productColors.productId, position: productColors.position })
      .from(productColors)
      .where(inArray(productColors.productId, ids)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));

  return items.map((item) => {
    const product = byId.get(item.productId);
    const madeToMeasure = item.measurements != null;
    const sizeOffered = madeToMeasure
      ? (product?.madeToMeasure ?? false)
      : item.size === null || (product?.sizes.includes(item.size) ?? false);
    const colourOffered = item.colorIndex === null || colors.some((c) => c.productId === item.productId && c.position === item.colorIndex);
    return {
      productId: item.productId,
      colorIndex: item.colorIndex,
      size: item.size,
      measurements: item.measurements ?? null,
      sellable: Boolean(product?.isActive) && sizeOffered && colourOffered,
      name: product?.name ?? null,
      price: product ? Number(product.price) + (madeToMeasure ? Number(product.madeToMeasureSurcharge) : 0) : 0,
      surcharge: product && madeToMeasure ? Number(product.madeToMeasureSurcharge) : 0,
      originalPrice: product?.originalPrice == null ? null : Number(product.originalPrice),
      stock: Math.max(product?.stock ?? 0, 0),
    };
  });
}
