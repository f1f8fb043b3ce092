import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { productVariants } from "~db/schema/catalog";
import { DuplicateVariantSkuError } from "./product-errors";
import type { ProductInput } from "./product.schema";
import { suggestedVariantSku, variantCells, variantKey } from "./variants";

type Variant = typeof productVariants.$inferSelect;

/**
 * Writes a product's stock grid from the product form, inside the caller's transaction: one
 * variant per colour × size the product now has. A cell that names the variant it showed
 * (`id`) keeps that row, so a renamed colour keeps its stock, SKU and the order lines that
 * point at it; a cell whose figure is unchanged (`stockSeen`) keeps the stored stock, so
 * sales made while the dialog was open still count. Cells staff did not send get 0 (a new
 * colour or size), a blank SKU gets suggestedVariantSku, and variants of a colour or size the
 * product no longer has are deleted (their order lines keep their snapshots).
 */
export async function writeVariants(tx: Db, productId: number, input: ProductInput): Promise<void> {
  const existing = await tx.select().from(productVariants).where(eq(productVariants.productId, productId)).for("update");
  const byId = new Map(existing.map((v) => [v.id, v]));
  const byKey = new Map(existing.map((v) => [variantKey(v.color, v.size), v]));
  const posted = new Map(input.variants.map((cell) => [variantKey(cell.color, cell.size), cell]));

  const wanted = variantCells(
    input.colors.map((c) => c.name),
    input.sizes,
  ).map(({ color, size }) => {
    const cell = posted.get(variantKey(color, size));
    const kept = (cell?.id != null ? byId.get(cell.id) : undefined) ?? byKey.get(variantKey(color, size));
    const untouched = kept !== undefined && cell?.stockSeen !== undefined && cell.stockSeen === cell.stock;
    return {
      kept,
      color,
      size,
      sku: cell?.sku ?? kept?.sku ?? suggestedVariantSku(input.sku, color, size, productId),
      stock: cell && !untouched ? cell.stock : (kept?.stock ?? 0),
    };
  });
  // One existing row serves at most one cell (two cells naming the same id: the second is new).
  const claimed = new Set<number>();
  for (const cell of wanted) {
    if (cell.kept && claimed.has(cell.kept.id)) cell.kept = undefined;
    if (cell.kept) claimed.add(cell.kept.id);
  }

  await refuseSkusOfOtherProducts(
    tx,
    productId,
    wanted.map((c) => c.sku),
  );
  const gone = existing.filter((v) => !claimed.has(v.id)).map((v) => v.id);
  if (gone.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, gone));
  const moved = wanted.filter((c): c is typeof c & { kept: Variant } => c.kept !== undefined && changed(c.kept, c));
  // Swapped names or SKUs would meet the unique indexes half-way: the moved rows whose place
  // (colour and size, or SKU) another moved row takes are parked first. Only those: a plain
  // rename is one update, and the activity log shows it as one change (decision 049).
  const taken = (row: Variant) =>
    moved.some(
      (other) =>
        other.kept.id !== row.id &&
        (variantKey(other.color, other.size) === variantKey(row.color, row.size) || other.sku.toLowerCase() === row.sku.toLowerCase()),
    );
  for (const { kept } of moved.filter((cell) => taken(cell.kept))) {
    await tx
      .update(productVariants)
      .set({ size: `#${kept.id}`, sku: sql`'#' || ${productVariants.id} || '#' || ${productVariants.sku}` })
      .where(eq(productVariants.id, kept.id));
  }
  for (const cell of wanted) {
    if (cell.kept && (moved.some((m) => m.kept.id === cell.kept!.id) || cell.kept.stock !== cell.stock)) {
      await tx
        .update(productVariants)
        .set({ color: cell.color, size: cell.size, sku: cell.sku, stock: cell.stock })
        .where(eq(productVariants.id, cell.kept.id));
    }
  }
  const added = wanted.filter((c) => !c.kept);
  if (added.length > 0) {
    await tx.insert(productVariants).values(added.map(({ color, size, sku, stock }) => ({ productId, color, size, sku, stock })));
  }
}

function changed(row: Variant, cell: { color: string; size: string; sku: string }): boolean {
  return row.color !== cell.color || row.size !== cell.size || row.sku !== cell.sku;
}

/** A SKU another product's variant has: refused by name before anything is written. */
async function refuseSkusOfOtherProducts(tx: Db, productId: number, skus: string[]): Promise<void> {
  if (skus.length === 0) return;
  const [taken] = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        ne(productVariants.productId, productId),
        inArray(
          sql`lower(${productVariants.sku})`,
          skus.map((s) => s.toLowerCase()),
        ),
      ),
    )
    .limit(1);
  if (taken) throw new DuplicateVariantSkuError(taken.sku);
}
