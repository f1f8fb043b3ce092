import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "~db/client";
import { categories, productColors, products, productVariants } from "~db/schema/catalog";
import { orderItems, orders } from "~db/schema/orders";
import { formatMoney } from "~/lib/money";
import { MADE_TO_MEASURE_MAX_QUANTITY, type NewCartLine } from "~/modules/cart/cart";
import { stockOf, variantLabel } from "~/modules/catalog/variants";
import { ORDER_LIMITS } from "./order-limits";
import { madeToMeasureOf } from "./order-line-made-to-measure";

/*
 * "Order again" (docs/product-rules.md §13 "Accounts", decision 046): an earlier order's lines as
 * cart lines at today's prices and stock. Nothing is reserved or charged here: the cart is the
 * browser's, and checkout prices and stocks every line again when the order is placed.
 */

export interface OrderAgainLine extends NewCartLine {
  quantity: number;
}

export interface OrderAgain {
  orderNumber: string;
  /** What goes back into the cart (today's name, price, stock limit, colour picture). */
  lines: OrderAgainLine[];
  /** Pieces left out, each named with why: gone, no longer in that colour or size, sold out. */
  leftOut: string[];
  /** What differs from the order: a new price, a quantity lowered to the stock left. */
  changes: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function named(name: string, color: string | null, size: string | null): string {
  const variant = variantLabel(color, size);
  return variant ? `${name} (${variant})` : name;
}

/** The customer's own order as cart lines, or null when the order is not theirs (or not at all). */
export async function orderAgain(db: Db, userId: string, orderId: string): Promise<OrderAgain | null> {
  if (!UUID.test(orderId)) return null;
  const [order] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, currency: orders.currency })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id);
  const ids = [...new Set(items.map((i) => i.productId).filter((id): id is number => id !== null))];
  const [rows, colors, variants] = ids.length
    ? await Promise.all([
        db
          .select({
            id: products.id,
            name: products.name,
            price: products.price,
            originalPrice: products.originalPrice,
            isActive: products.isActive,
            sizes: products.sizes,
            imageUrl: products.imageUrl,
            madeToMeasure: products.madeToMeasure,
            surcharge: products.madeToMeasureSurcharge,
            days: products.madeToMeasureDays,
            category: categories.name,
          })
          .from(products)
          .leftJoin(categories, eq(categories.id, products.categoryId))
          .where(inArray(products.id, ids)),
        db
          .select({
            productId: productColors.productId,
            position: productColors.position,
            name: productColors.name,
            imageUrl: productColors.imageUrl,
          })
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
      ])
    : [[], [], []];
  const byId = new Map(rows.map((r) => [r.id, r]));

  const lines: OrderAgainLine[] = [];
  const leftOut: string[] = [];
  const changes: string[] = [];
  for (const item of items) {
    const madeToMeasure = madeToMeasureOf(item);
    const label = named(item.name, item.color, madeToMeasure ? "Made to measure" : item.size);
    if (item.kind === "custom") {
      leftOut.push(`${item.name} was made for you to a quote, so it cannot go back in the cart: ask us for a new quote.`);
      continue;
    }
    const product = item.productId === null ? undefined : byId.get(item.productId);
    if (!product?.isActive) {
      leftOut.push(`${label} is no longer in the shop.`);
      continue;
    }
    const color = item.color === null ? null : colors.find((c) => c.productId === product.id && c.name === item.color);
    if (color === undefined) {
      leftOut.push(`${label} is no longer made in ${item.color}.`);
      continue;
    }
    const price = Number(product.price) + (madeToMeasure ? Number(product.surcharge) : 0);
    const base = {
      productId: product.id,
      name: product.name,
      price,
      originalPrice: madeToMeasure || product.originalPrice === null ? null : Number(product.originalPrice),
      image: color?.imageUrl ?? product.imageUrl ?? "",
      category: product.category ?? item.category,
      color: color?.name ?? null,
      colorIndex: color?.position ?? null,
    };
    let line: OrderAgainLine;
    if (madeToMeasure) {
      if (!product.madeToMeasure) {
        leftOut.push(`${label} is no longer made to measure.`);
        continue;
      }
      line = {
        ...base,
        size: null,
        quantity: Math.min(item.quantity, MADE_TO_MEASURE_MAX_QUANTITY),
        maxQuantity: MADE_TO_MEASURE_MAX_QUANTITY,
        madeToMeasure: { measurements: madeToMeasure.measurements, surcharge: Number(product.surcharge), days: product.days },
      };
    } else {
      if (item.size === null || !product.sizes.includes(item.size)) {
        leftOut.push(item.size ? `${label}: size ${item.size} is no longer made.` : `${label} needs a size: choose one on its page.`);
        continue;
      }
      const stock = stockOf(
        variants.filter((v) => v.productId === product.id),
        color?.name,
        item.size,
      );
      if (stock <= 0) {
        leftOut.push(`${label} is sold out.`);
        continue;
      }
      const quantity = Math.min(item.quantity, stock, ORDER_LIMITS.perLine);
      if (quantity < item.quantity) changes.push(`Only ${stock} of ${label} left: ${quantity} added instead of ${item.quantity}.`);
      line = { ...base, size: item.size, quantity, maxQuantity: Math.min(stock, ORDER_LIMITS.perLine), madeToMeasure: null };
    }
    if (price !== Number(item.unitPrice))
      changes.push(`${label} is ${formatMoney(price)} today (it was ${formatMoney(Number(item.unitPrice))}).`);
    lines.push(line);
  }
  return { orderNumber: order.orderNumber, lines, leftOut, changes };
}
