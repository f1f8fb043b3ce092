import { eq, like, or } from "drizzle-orm";
import type { Db } from "~db/client";
import { products } from "~db/schema/catalog";

/** "Royal Kente Kaftan — Gold & Green" → "royal-kente-kaftan-gold-and-green". */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 80)
    .replace(/^-+|-+$/g, "");
  return slug || "product";
}

/**
 * A slug no other product has: the name's slug, else the first free "-2", "-3"… The unique
 * index products_slug_unique has the last word: a product created meanwhile with the same
 * slug makes the insert fail, and createProduct asks again.
 */
export async function freeProductSlug(db: Db, name: string): Promise<string> {
  const base = slugify(name);
  const rows = await db
    .select({ slug: products.slug })
    .from(products)
    .where(or(eq(products.slug, base), like(products.slug, `${base}-%`)));
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}
