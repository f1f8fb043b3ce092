import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "~db/client";
import { products } from "~db/schema/catalog";
import { wishlistItems } from "~db/schema/customers";

/** At most this many pieces in one account's wishlist (the device's list keeps 200 too). */
export const WISHLIST_LIMIT = 200;

/**
 * A signed-in shopper's wishlist, kept on the account (docs/product-rules.md §13 "Wishlist"
 * and §4). Only active products can be saved, and only
 * active ones are listed (a withdrawn piece stays saved and comes back if it returns).
 * Every function is scoped to one user id: nobody reads or changes another's list.
 */

/** The product ids, newest first. */
export async function listWishlist(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), eq(products.isActive, true)))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId))
    .limit(WISHLIST_LIMIT);
  return rows.map((r) => r.productId);
}

/**
 * Saves these products (active ones; unknown or withdrawn ids are skipped) to the account;
 * ones already saved stay as they are, so saving twice, or merging a device's list twice, is
 * harmless. Returns the list after.
 */
export async function saveToWishlist(db: Db, userId: string, productIds: readonly number[]): Promise<number[]> {
  const ids = [...new Set(productIds)].slice(0, WISHLIST_LIMIT);
  if (ids.length > 0) {
    const active = await db
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, ids), eq(products.isActive, true)));
    const activeIds = new Set(active.map((p) => p.id));
    // The device lists newest first: insert oldest first so the newest gets the latest time.
    const now = Date.now();
    const rows = ids
      .filter((id) => activeIds.has(id))
      .reverse()
      .map((productId, i) => ({ userId, productId, createdAt: new Date(now + i) }));
    if (rows.length > 0) await db.insert(wishlistItems).values(rows).onConflictDoNothing();
  }
  return listWishlist(db, userId);
}

/** Removes one product from the account's wishlist (nothing happens if it was not there). Returns the list after. */
export async function removeFromWishlist(db: Db, userId: string, productId: number): Promise<number[]> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  return listWishlist(db, userId);
}
