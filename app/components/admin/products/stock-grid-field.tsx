import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { useId, useState, type KeyboardEvent } from "react";
import { FieldError } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { MAX_STOCK } from "~/modules/catalog/product.schema";
import type { ProductColorValues, ProductFormValues, VariantCellValues } from "~/modules/catalog/product-form-data";
import { suggestedVariantSku, variantLabel } from "~/modules/catalog/variants";
import { NO_COLOR_ROW, tickedSizes, useStockCells, type StockCell, type StockRow } from "./use-stock-cells";

type Fields = { [K in keyof ProductFormValues]: FieldMetadata<ProductFormValues[K], ProductFormValues, string[]> };

/**
 * The product form's stock grid: a row per colour (one row when the product has none) and a
 * column per ticked size, each cell a stock figure and a SKU, posted as variants[i].{id, color,
 * size, stock, sku, stockSeen} (variantCellSchema). It follows the Colours and Sizes sections
 * as they are edited (use-stock-cells.ts). The schema's errors for a cell show in that cell.
 *
 * From md up it is a table (colours × sizes); on a phone each colour is a card listing its
 * sizes, the same inputs laid out again by CSS (one set of inputs, so nothing posts twice).
 */
export function StockGridField({
  form,
  fields,
  productId,
}: {
  form: FormMetadata<ProductFormValues, string[]>;
  fields: Pick<Fields, "colors" | "sizes" | "variants" | "sku">;
  productId: number | null;
}) {
  const rows = gridRows(fields.colors.getFieldList());
  const sizes = tickedSizes(fields.sizes.value);
  const [initialRows] = useState(rows);
  const { cellsOf, update } = useStockCells(initialRows, fields.variants.initialValue as Partial<VariantCellValues>[] | undefined);
  const cells = cellsOf(rows, sizes);
  const productSku = typeof fields.sku.value === "string" ? fields.sku.value.trim() : "";
  const id = useId();

  const total = stockIn(cells);
  const setStock = (key: string, cell: StockCell, stock: string) => update([{ key, cell: { ...cell, stock } }]);

  if (sizes.length === 0) return <p className="text-sm text-stone">Tick at least one size above to set its stock.</p>;

  return (
    <div className="grid gap-3">
      <SetAllControl onSet={(stock) => update(cells.map(({ key, cell }) => ({ key, cell: { ...cell, stock: String(stock) } })))} />
      <div className="md:overflow-x-auto md:rounded-sm md:border md:border-border md:bg-white">
        <table className="w-full border-collapse text-sm max-md:block md:table-fixed">
          <caption className="sr-only">Stock and SKU for each colour and size</caption>
          <thead className="max-md:hidden">
            <tr className="border-b border-border bg-sand/40 text-xs tracking-[0.08em] text-stone uppercase">
              <th scope="col" className="w-28 px-3 py-2 text-left font-semibold">
                Colour
              </th>
              {sizes.map((size) => (
                <th key={size} scope="col" className="px-1.5 py-2 text-left font-semibold text-charcoal">
                  {size}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-md:grid max-md:gap-3">
            {rows.map((row) => {
              const rowCells = cells.filter((c) => c.row.key === row.key);
              const rowTotal = stockIn(rowCells);
              return (
                <tr
                  key={row.key}
                  className="border-b border-border last:border-b-0 max-md:grid max-md:gap-2 max-md:rounded-sm max-md:border max-md:bg-white max-md:p-3 max-md:last:border-b"
                >
                  <th scope="row" className="px-3 py-2.5 text-left align-top font-semibold text-charcoal max-md:p-0">
                    <span className="block break-words">{row.label}</span>
                    <span className="block text-xs font-normal text-stone tabular-nums">{units(rowTotal)}</span>
                  </th>
                  {rowCells.map(({ size, key, cell }) => {
                    const index = cells.findIndex((c) => c.key === key);
                    return (
                      <GridCell
                        key={key}
                        id={`${id}-${index}`}
                        index={index}
                        row={row}
                        size={size}
                        cell={cell}
                        errors={form.allErrors}
                        // A blank SKU keeps the variant's own; a new cell's is made from the product's SKU, colour and size.
                        blankSku={
                          cell.skuSeen ||
                          (productSku || productId ? suggestedVariantSku(productSku, row.color, size, productId ?? undefined) : null)
                        }
                        onStock={(stock) => setStock(key, cell, stock)}
                        onSku={(sku) => update([{ key, cell: { ...cell, sku } }])}
                      />
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <FieldError field={fields.variants} />
      <p className="text-sm text-charcoal" aria-live="polite">
        <span className="font-semibold tabular-nums">Total: {units(total)}</span>{" "}
        <span className="text-stone">
          across {cells.length} {cells.length === 1 ? "size and colour" : "sizes and colours"}. A blank SKU is saved as the one shown in
          grey.
        </span>
      </p>
    </div>
  );
}

/** Units in these cells (a cell not yet a whole number counts 0). */
const stockIn = (cells: { cell: StockCell }[]) =>
  cells.reduce((sum, { cell }) => sum + (/^\d+$/.test(cell.stock.trim()) ? Number(cell.stock) : 0), 0);
const units = (n: number) => `${n.toLocaleString("en-GB")} ${n === 1 ? "unit" : "units"}`;

/** The grid's rows from the Colours section as it stands: one per colour, else one colourless row. */
function gridRows(colors: FieldMetadata<ProductColorValues, ProductFormValues, string[]>[]): StockRow[] {
  if (colors.length === 0) return [{ key: NO_COLOR_ROW, color: "", label: "One colour" }];
  return colors.map((row, index) => {
    const value = row.getFieldset().name.value;
    const color = typeof value === "string" ? value.trim() : "";
    return { key: row.key ?? String(index), color, label: color || `Colour ${index + 1}` };
  });
}

/** One colour × size: its stock and SKU, the hidden fields that say which cell it is, and its errors. */
function GridCell({
  id,
  index,
  row,
  size,
  cell,
  errors,
  blankSku,
  onStock,
  onSku,
}: {
  id: string;
  index: number;
  row: StockRow;
  size: string;
  cell: StockCell;
  errors: Record<string, string[] | undefined>;
  /** What a blank SKU is saved as, shown in grey; null when not known before saving. */
  blankSku: string | null;
  onStock: (stock: string) => void;
  onSku: (sku: string) => void;
}) {
  const name = `variants[${index}]`;
  const stockError = errors[`${name}.stock`]?.[0];
  const skuError = errors[`${name}.sku`]?.[0];
  // A cell's other fields are hidden; their errors (a repeated colour and size, say) show here too.
  const otherError = ["id", "color", "size", "stockSeen"].map((f) => errors[`${name}.${f}`]?.[0]).find(Boolean);
  const label = variantLabel(row.key === NO_COLOR_ROW ? "" : row.label, size);
  const invalid = "border-destructive focus-visible:border-destructive";
  return (
    <td className="px-1.5 py-2 align-top max-md:grid max-md:grid-cols-[2.25rem_4.5rem_minmax(0,1fr)] max-md:items-center max-md:gap-x-2 max-md:gap-y-1 max-md:p-0">
      <span className="text-sm font-semibold text-charcoal md:hidden" aria-hidden>
        {size}
      </span>
      <input type="hidden" name={`${name}.id`} value={cell.id} />
      <input type="hidden" name={`${name}.color`} value={row.color} />
      <input type="hidden" name={`${name}.size`} value={size} />
      <input type="hidden" name={`${name}.stockSeen`} value={cell.stockSeen} />
      <Input
        id={`${id}-stock`}
        name={`${name}.stock`}
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_STOCK}
        step={1}
        value={cell.stock}
        onChange={(e) => onStock(e.target.value)}
        aria-label={`Stock, ${label}`}
        aria-invalid={stockError ? true : undefined}
        aria-describedby={stockError ? `${id}-stock-error` : undefined}
        className={cn("h-9 px-2 text-right tabular-nums", stockError && invalid)}
      />
      {/* Two short lines rather than one clipped one: a SKU ("AHF-KAF-001-ROYAL-GOLD-XXL") is wider than a size column, and wraps at its hyphens. */}
      <textarea
        id={`${id}-sku`}
        name={`${name}.sku`}
        rows={2}
        value={cell.sku}
        onChange={(e) => onSku(e.target.value.replace(/[\r\n]+/g, ""))}
        onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
        placeholder={blankSku ?? "Made on save"}
        maxLength={64}
        autoComplete="off"
        spellCheck={false}
        aria-label={`SKU, ${label}`}
        aria-invalid={skuError ? true : undefined}
        aria-describedby={skuError ? `${id}-sku-error` : undefined}
        className={cn(
          "block w-full resize-none rounded-sm border border-border bg-white px-2 py-1 font-mono text-[0.7rem] leading-snug text-charcoal transition-colors placeholder:text-stone/80 focus-visible:border-forest focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-gold/60 md:mt-1",
          skuError && invalid,
        )}
      />
      {[
        [stockError, `${id}-stock-error`],
        [skuError, `${id}-sku-error`],
        [otherError, undefined],
      ].map(([message, errorId]) =>
        message ? (
          <p
            key={errorId ?? "other"}
            id={errorId}
            className="mt-1 text-xs font-medium text-destructive max-md:col-span-2 max-md:col-start-2"
          >
            {message}
          </p>
        ) : null,
      )}
    </td>
  );
}

/** "Set every cell to N": fills each stock cell at once, e.g. after a delivery of a full size run. */
function SetAllControl({ onSet }: { onSet: (stock: number) => void }) {
  const [text, setText] = useState("");
  const id = useId();
  const valid = /^\d+$/.test(text.trim()) && Number(text) <= MAX_STOCK;
  const apply = () => valid && onSet(Number(text));
  // Enter here fills the cells; it must not submit the product form.
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    apply();
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-charcoal">
        Set every cell to
      </label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_STOCK}
        step={1}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder="0"
        className="h-9 w-24 px-2 text-right tabular-nums"
      />
      <Button type="button" variant="outline" size="sm" onClick={apply} disabled={!valid}>
        Set all
      </Button>
    </div>
  );
}
