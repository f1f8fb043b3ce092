import { inArray } from "drizzle-orm";
import type { Db } from "~db/client";
import { productColors, products, productVariants } from "~db/schema/catalog";
import { stockOf } from "~/modules/catalog/variants";
import type { CurrentCartLine } from "~/modules/cart/cart-refresh";
import type { OrderLineInput } from "./checkout.schema";

/**
 * What the shop sells now for each line of a refused checkout, read from the database: the
 * current name, price and the line's variant's stock (its colour and size), and whether the line can still be bought at all (the product
 * exists and is active, and is still made in the line's size and colour, or still made to
 * measure; a made-to-measure line's price includes the surcharge). The checkout sends
 * this back so the browser's cart can be corrected (refreshCart) instead of failing again on
 * every retry. A plain read: nothing is reserved, the next checkout checks everything anew.
 */
export async function currentCartLines(db: Db, items: readonly OrderLineInput[]): Promise<CurrentCartLine[]> {
  const ids = [...new Set(items.map((i) => i.productId))];
  if (ids.length === 0) return [];
  const [rows, colors, variants] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        price: products.price,
        originalPrice: products.originalPrice,
        isActive: products.isActive,
        sizes: products.sizes,
        madeToMeasure: products.madeToMeasure,
        madeToMeasureSurcharge: products.madeToMeasureSurcharge,
      })
      .from(products)
      .where(inArray(products.id, ids)),
    db
      .select({ productId: productColors.productId, position: productColors.position, name: productColors.name })
      .from(productColors)
      .where(inArray(productColors.productId, ids)),
    db
      .select({
        productId: productVariants.productId,
        color: productVariants.color,
        size: productVariants.size,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .where(inArray(productVariants.productId, ids)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));

  return items.map((item) => {
    const product = byId.get(item.productId);
    const madeToMeasure = item.measurements != null;
    const sizeOffered = madeToMeasure
      ? (product?.madeToMeasure ?? false)
      : item.size === null || (product?.sizes.includes(item.size) ?? false);
    const color = colors.find((c) => c.productId === item.productId && c.position === item.colorIndex);
    const colourOffered = item.colorIndex === null || color !== undefined;
    const stock =
      madeToMeasure || item.size === null
        ? 0
        : stockOf(
            variants.filter((v) => v.productId === item.productId),
            color?.name,
            item.size,
          );
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
      stock,
    };
  });
}
