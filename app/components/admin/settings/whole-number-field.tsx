import type { FieldMetadata } from "@conform-to/react";
import { Field, TextInput } from "~/components/forms/field";
import { cn } from "~/lib/cn";

/** A setting that is a whole number between bounds (minutes, hours, days), with its hint under it. */
export function WholeNumberField<S>({
  field,
  label,
  hint,
  bounds,
  className,
  inputClassName,
}: {
  field: FieldMetadata<S>;
  label: string;
  hint: string;
  bounds: { min: number; max: number };
  className?: string;
  inputClassName?: string;
}) {
  return (
    <Field field={field} label={label} hint={hint} className={className}>
      <TextInput
        field={field}
        hint
        type="number"
        inputMode="numeric"
        min={bounds.min}
        max={bounds.max}
        step={1}
        className={cn(inputClassName, "tabular-nums")}
      />
    </Field>
  );
}
