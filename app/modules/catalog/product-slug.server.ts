import { eq, like, or, sql } from "drizzle-orm";
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

/** First key of the slug locks (pg_advisory_xact_lock's two-key form): "SLUG" in ASCII. */
const SLUG_LOCK = 0x534c5547;

/**
 * A slug no other product has: the name's slug, else the first free "-2", "-3"… Call it inside
 * the transaction that inserts the product: it holds a lock on the name's slug until that
 * transaction ends, so products created at once with the same name take turns and each finds
 * the next free slug (without it, a dozen at once on PostgreSQL kept taking the same one until
 * createProduct gave up). The unique index products_slug_unique still has the last word: a
 * different name can end on the same slug ("Kaftan 2" and a second "Kaftan"), and
 * createProduct then asks again.
 */
export async function freeProductSlug(db: Db, name: string): Promise<string> {
  const base = slugify(name);
  await db.execute(sql`select pg_advisory_xact_lock(${SLUG_LOCK}, hashtext(${base}))`);
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
