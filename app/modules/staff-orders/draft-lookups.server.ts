import { and, asc, eq, ilike, sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";
import { productColors, products, productVariants } from "~db/schema/catalog";
import { orders } from "~db/schema/orders";
import { escapeLike } from "~/lib/sql-like";
import { orderTextMatches } from "~/modules/orders/order-text-search.server";

/**
 * What the draft editor looks up (issue 46): pieces of the catalogue by name, one piece's colours,
 * sizes and stock, and customers who ordered before (their latest details), so staff type less.
 */

/** The shortest text a search takes (as the admin's order search: shorter matches half the shop). */
export const DRAFT_SEARCH_MIN = 2;

export interface ProductMatch {
  id: number;
  name: string;
  price: number;
  madeToMeasure: boolean;
}

/** Active pieces whose name holds the text, by name (at most 12). */
export function findProductsForDraft(db: Db, text: string): Promise<ProductMatch[]> {
  const q = text.trim();
  if (q.length < DRAFT_SEARCH_MIN) return Promise.resolve([]);
  return db
    .select({ id: products.id, name: products.name, price: products.price, madeToMeasure: products.madeToMeasure })
    .from(products)
    .where(and(eq(products.isActive, true), ilike(products.name, `%${escapeLike(q)}%`)))
    .orderBy(asc(products.name))
    .limit(12)
    .then((rows) => rows.map((r) => ({ ...r, price: Number(r.price) })));
}

export interface ProductChoice {
  id: number;
  name: string;
  price: number;
  sizes: string[];
  colors: { index: number; name: string }[];
  /** Units in stock per "colour|size" ("|M" without colours). */
  stock: Record<string, number>;
  madeToMeasure: { surcharge: number; days: number } | null;
}

/** One active piece with what staff choose from: its colours, sizes and each one's stock. */
export async function productChoice(db: Db, productId: number): Promise<ProductChoice | null> {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isActive, true)));
  if (!product) return null;
  const [colors, variants] = await Promise.all([
    db
      .select({ index: productColors.position, name: productColors.name })
      .from(productColors)
      .where(eq(productColors.productId, productId))
      .orderBy(productColors.position),
    db
      .select({ color: productVariants.color, size: productVariants.size, stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, productId)),
  ]);
  return {
    id: product.id,
    name: product.name,
    price: Number(product.price),
    sizes: product.sizes,
    colors,
    stock: Object.fromEntries(variants.map((v) => [`${v.color}|${v.size}`, v.stock])),
    madeToMeasure: product.madeToMeasure ? { surcharge: Number(product.madeToMeasureSurcharge), days: product.madeToMeasureDays } : null,
  };
}

export interface CustomerMatch {
  name: string;
  email: string;
  phone: string;
  address: string;
  country: string;
  region: string | null;
}

/**
 * Customers who ordered before and whose name, email or phone holds the text: each email once,
 * with the details of their latest order (at most 8). The order search's trigram index answers
 * it over a million orders (order-text-search.server.ts).
 */
export async function findCustomersForDraft(db: Db, text: string): Promise<CustomerMatch[]> {
  const q = text.trim();
  if (q.length < 3) return [];
  const matches = await orderTextMatches(db, q);
  return queryRows<CustomerMatch>(
    db,
    sql`select name, email, phone, address, country, region from (
          select distinct on (lower(${orders.customerEmail}))
                 ${orders.customerName} as name, ${orders.customerEmail} as email, ${orders.customerPhone} as phone,
                 ${orders.customerAddress} as address, ${orders.customerCountry} as country, ${orders.customerRegion} as region,
                 ${orders.createdAt} as created_at
            from ${orders}
           where ${matches}
           order by lower(${orders.customerEmail}), ${orders.createdAt} desc
        ) latest
        order by created_at desc
        limit 8`,
  );
}
