import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { Plus, X } from "lucide";
import { useState } from "react";
import { Icon } from "~/components/ui/icon";
import { Field, FieldError, TextInput } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { MAX_COLORS } from "~/modules/catalog/product.schema";
import { newColorRow, type ProductColorValues, type ProductFormValues } from "~/modules/catalog/product-form-data";
import { ColorGalleryField } from "./color-gallery-field";

/**
 * Colours as a Conform field list: rows of name, #RRGGBB (picker and text kept in step) and a
 * gallery of pictures (color-gallery-field.tsx), sent as colors[0].name, colors[0].hex,
 * colors[0].images[j] (and colors[0].imageFiles[j] for new photos). "Add colour" and "Remove colour" are Conform's insert and remove
 * intents, so removing a row renumbers the rest and errors keep pointing at the row on screen.
 */
export function ProductColorsField({
  form,
  field,
}: {
  form: FormMetadata<ProductFormValues, string[]>;
  field: FieldMetadata<ProductColorValues[], ProductFormValues, string[]>;
}) {
  const rows = field.getFieldList();
  // What the rows hold now (as typed), so the new row takes a swatch none of them uses.
  const current = Array.isArray(field.value) ? (field.value as (Partial<ProductColorValues> | undefined)[]) : [];
  return (
    <div className="grid gap-3">
      {rows.length === 0 && (
        <p className="text-sm text-stone">No colours: the product is sold in one colour, shown with its main picture.</p>
      )}
      <ul className="grid gap-3">
        {rows.map((row, index) => (
          <ColorRow key={row.key} row={row} index={index} removeButton={form.remove.getButtonProps({ name: field.name, index })} />
        ))}
      </ul>
      <FieldError field={field} />
      <Button
        {...form.insert.getButtonProps({ name: field.name, defaultValue: newColorRow(current) })}
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={rows.length >= MAX_COLORS}
      >
        <Icon of={Plus} /> Add colour
      </Button>
    </div>
  );
}

function ColorRow({
  row,
  index,
  removeButton,
}: {
  row: FieldMetadata<ProductColorValues, ProductFormValues, string[]>;
  index: number;
  removeButton: ReturnType<FormMetadata["remove"]["getButtonProps"]>;
}) {
  const color = row.getFieldset();
  const [hex, setHex] = useState(color.hex.initialValue ?? "");
  const validHex = /^#[0-9a-fA-F]{6}$/.test(hex);
  const name = color.name.value;
  return (
    <li className="grid gap-3 rounded-sm border border-border bg-white p-3 *:min-w-0 sm:grid-cols-[minmax(0,1fr)_11rem] sm:items-start">
      <Field field={color.name} label={`Colour ${index + 1} name`}>
        <TextInput field={color.name} maxLength={60} />
      </Field>
      <Field field={color.hex} label={`Colour ${index + 1} code`}>
        <div className="flex gap-2">
          <input
            type="color"
            aria-label={`Colour ${index + 1} picker`}
            value={validHex ? hex.toLowerCase() : "#000000"}
            onChange={(e) => setHex(e.target.value.toUpperCase())}
            className="h-11 w-12 shrink-0 cursor-pointer rounded-sm border border-border bg-white p-1"
          />
          <TextInput
            field={color.hex}
            value={hex}
            maxLength={7}
            spellCheck={false}
            className="font-mono uppercase"
            onChange={(e) => setHex(e.target.value)}
          />
        </div>
      </Field>
      <div className="min-w-0 sm:col-span-2">
        <ColorGalleryField
          field={color.images}
          colorLabel={`Colour ${index + 1}${name ? ` (${name})` : ""}`}
          fileFieldPrefix={`${row.name}.imageFiles`}
        />
      </div>
      <div className="flex justify-end sm:col-span-2">
        <Button
          {...removeButton}
          variant="ghost"
          size="sm"
          className="shrink-0 text-stone hover:text-destructive"
          aria-label={`Remove colour ${index + 1}${name ? ` (${name})` : ""}`}
        >
          <Icon of={X} /> Remove colour
        </Button>
      </div>
    </li>
  );
}
