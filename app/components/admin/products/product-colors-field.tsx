import { Plus, X } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { MAX_COLORS } from "~/modules/catalog/product.schema";
import type { AdminProductColor } from "~/modules/catalog/product-management-types";
import { FieldError, fieldState } from "./form-field";
import { ProductImageInput } from "./product-image-input";

interface ColorRow {
  key: number;
  name: string;
  hex: string;
  imageUrl: string;
}

/**
 * Colours as rows of name, #RRGGBB (picker and text kept in step) and an optional picture.
 * Rows are numbered by position when sent (colors[0].name …), so removing one renumbers the
 * rest and errors keep pointing at the row on screen.
 */
export function ProductColorsField({ initial, errors }: { initial: AdminProductColor[]; errors: Record<string, string> }) {
  const nextKey = useRef(initial.length);
  const [rows, setRows] = useState<ColorRow[]>(() =>
    initial.map((c, i) => ({ key: i, name: c.name, hex: c.hex, imageUrl: c.imageUrl ?? "" })),
  );
  const update = (key: number, change: Partial<ColorRow>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  return (
    <div className="grid gap-3">
      {rows.length === 0 && (
        <p className="text-sm text-stone">No colours: the product is sold in one colour, shown with its main picture.</p>
      )}
      <ul className="grid gap-3">
        {rows.map((row, index) => {
          const id = `product-color-${row.key}`;
          const nameError = errors[`colors.${index}.name`];
          const hexError = errors[`colors.${index}.hex`];
          const validHex = /^#[0-9a-fA-F]{6}$/.test(row.hex);
          return (
            <li
              key={row.key}
              className="grid gap-3 rounded-sm border border-border bg-white p-3 sm:grid-cols-[minmax(0,1fr)_11rem] sm:items-start"
            >
              <div className="grid gap-1.5">
                <label htmlFor={`${id}-name`} className="text-sm font-medium">
                  Colour {index + 1} name
                </label>
                <Input
                  {...fieldState(`${id}-name`, nameError)}
                  name={`colors[${index}].name`}
                  value={row.name}
                  maxLength={60}
                  placeholder="Royal Gold"
                  onChange={(e) => update(row.key, { name: e.target.value })}
                />
                <FieldError id={`${id}-name`} error={nameError} />
              </div>
              <div className="grid gap-1.5">
                <label htmlFor={`${id}-hex`} className="text-sm font-medium">
                  Colour {index + 1} code
                </label>
                <div className="flex gap-2">
                  <input
                    type="color"
                    aria-label={`Colour ${index + 1} picker`}
                    value={validHex ? row.hex.toLowerCase() : "#000000"}
                    onChange={(e) => update(row.key, { hex: e.target.value.toUpperCase() })}
                    className="h-11 w-12 shrink-0 cursor-pointer rounded-sm border border-border bg-white p-1"
                  />
                  <Input
                    {...fieldState(`${id}-hex`, hexError)}
                    name={`colors[${index}].hex`}
                    value={row.hex}
                    maxLength={7}
                    spellCheck={false}
                    className={`font-mono uppercase ${hexError ? "border-destructive" : ""}`}
                    onChange={(e) => update(row.key, { hex: e.target.value })}
                  />
                </div>
                <FieldError id={`${id}-hex`} error={hexError} />
              </div>
              <div className="flex items-end justify-between gap-3 sm:col-span-2">
                <ProductImageInput
                  compact
                  id={`${id}-image`}
                  label={`Colour ${index + 1} picture`}
                  urlName={`colors[${index}].imageUrl`}
                  fileName={`colors[${index}].imageFile`}
                  initialUrl={row.imageUrl}
                  error={errors[`colors.${index}.imageUrl`]}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="shrink-0 text-stone hover:text-destructive"
                  onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                  aria-label={`Remove colour ${index + 1}${row.name ? ` (${row.name})` : ""}`}
                >
                  <X aria-hidden /> Remove colour
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <FieldError id="product-colors" error={errors.colors} />
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={rows.length >= MAX_COLORS}
        onClick={() => setRows((all) => [...all, { key: nextKey.current++, name: "", hex: "#C9A227", imageUrl: "" }])}
      >
        <Plus aria-hidden /> Add colour
      </Button>
    </div>
  );
}
