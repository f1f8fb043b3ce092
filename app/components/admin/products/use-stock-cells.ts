import { useRef, useState } from "react";
import { SIZES } from "~/modules/catalog/catalog-constants";
import type { VariantCellValues } from "~/modules/catalog/product-form-data";
import { NO_COLOR } from "~/modules/catalog/variants";

/** A row of the stock grid: a colour row of the form (by its Conform key), or the one row of a product without colours. */
export interface StockRow {
  /** Conform's key of the colour row: stable while rows are added, removed or renamed. */
  key: string;
  /** The colour's name as typed now ("" without colours): what the cells post. */
  color: string;
  /** What the grid calls the row: the name, "Colour 2" while unnamed, or "One colour". */
  label: string;
}

/** What one cell holds in the browser (see variantCellSchema). */
export interface StockCell {
  /** The variant the cell showed when the form opened ("" for a new cell). */
  id: string;
  stock: string;
  sku: string;
  /** The figure shown when the form opened ("" for a new cell): an unchanged cell keeps what orders took meanwhile. */
  stockSeen: string;
  /** The SKU the variant had when the form opened ("" for a new cell): what a blank SKU keeps (writeVariants). */
  skuSeen: string;
}

/** The row of a product without colours. */
export const NO_COLOR_ROW = "no-colour";

const BLANK: StockCell = { id: "", stock: "0", sku: "", stockSeen: "", skuSeen: "" };
const cellKey = (rowKey: string, size: string) => `${rowKey}|${size}`;

/** The ticked sizes as Conform holds a checkbox group's value, in S → XXL order. */
export function tickedSizes(value: unknown): string[] {
  const ticked = typeof value === "string" ? [value] : Array.isArray(value) ? value : [];
  return SIZES.filter((size) => ticked.includes(size));
}

/**
 * The grid's cells, following the form live. Cells are kept by colour row (Conform's key) and
 * size, so renaming a colour keeps its cells, unticking a size and ticking it again brings its
 * figures back, and a removed colour takes only its own cells. A new colour or size starts at 0.
 *
 * A product without colours that is given its first colour hands its cells (variant ids
 * included) to that colour: the stock on the shelf is that colour's, and its order lines follow.
 */
export function useStockCells(
  /** The grid's rows when the form opened. */
  initialRows: StockRow[],
  /** The form's starting cells (productFormValues). */
  initialCells: Partial<VariantCellValues>[] | undefined,
) {
  const [cells, setCells] = useState<Record<string, StockCell>>(() => {
    const byColor = new Map(initialRows.map((row) => [row.color, row.key]));
    const start: Record<string, StockCell> = {};
    for (const v of initialCells ?? []) {
      const rowKey = byColor.get(v.color ?? NO_COLOR);
      if (rowKey && v.size)
        start[cellKey(rowKey, v.size)] = {
          id: v.id ?? "",
          stock: v.stock ?? "0",
          sku: v.sku ?? "",
          stockSeen: v.stockSeen ?? "",
          skuSeen: v.sku ?? "",
        };
    }
    return start;
  });
  // Rows seen so far, and the colour row (if any) that took over the colourless row's cells.
  const seen = useRef(new Set(initialRows.map((row) => row.key)));
  const heir = useRef<string | null>(null);

  /** The cells of these rows and sizes, in posting order. */
  function cellsOf(rows: StockRow[], sizes: string[]) {
    rows.forEach((row, index) => {
      if (seen.current.has(row.key)) return;
      seen.current.add(row.key);
      const colourless = sizes.some((size) => cells[cellKey(NO_COLOR_ROW, size)]);
      if (index === 0 && row.key !== NO_COLOR_ROW && heir.current === null && colourless) heir.current = row.key;
    });
    return rows.flatMap((row) =>
      sizes.map((size) => {
        const own = cells[cellKey(row.key, size)];
        const inherited = row.key === heir.current ? cells[cellKey(NO_COLOR_ROW, size)] : undefined;
        return { row, size, key: cellKey(row.key, size), cell: own ?? inherited ?? BLANK };
      }),
    );
  }

  /** Changes cells (given with their current values) by key. */
  function update(changes: { key: string; cell: StockCell }[]) {
    setCells((previous) => {
      const next = { ...previous };
      for (const { key, cell } of changes) next[key] = cell;
      return next;
    });
  }

  return { cellsOf, update };
}
