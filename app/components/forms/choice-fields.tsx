import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Checkbox } from "~/components/ui/checkbox";
import { Switch } from "~/components/ui/switch";
import { cn } from "~/lib/cn";
import { FieldError } from "./field";

/**
 * The kit's on/off and pick-several controls for Conform fields (see field.tsx): a switch that
 * sends "on" like a checkbox, and a group of checkboxes sending one value each.
 */

/** A switch in a bordered row, its label and hint beside it (both name the switch). Starts on when the field's value is "on". */
export function SwitchField<S>({
  field,
  label,
  hint,
  className,
}: {
  field: FieldMetadata<S>;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex items-center justify-between gap-4 rounded-sm border border-border bg-white px-3 py-2.5", className)}>
      <label htmlFor={field.id} className="cursor-pointer">
        <span className="block text-sm font-medium text-charcoal">{label}</span>
        {hint && <span className="block text-xs text-stone">{hint}</span>}
      </label>
      <Switch id={field.id} name={field.name} defaultChecked={field.initialValue === "on"} />
    </div>
  );
}

/**
 * Checkboxes sending `name=value` for each one ticked, as a labelled group; the field's error is
 * read out with the group and each box is marked invalid.
 */
export function CheckboxGroup<S>({ field, label, options }: { field: FieldMetadata<S>; label: string; options: readonly string[] }) {
  const labelId = `${field.id}-label`;
  return (
    <>
      <div
        role="group"
        aria-labelledby={labelId}
        aria-describedby={field.errors ? field.errorId : undefined}
        className="flex flex-wrap gap-2"
      >
        <span id={labelId} className="sr-only">
          {label}
        </span>
        {options.map((option) => {
          const { key: _key, id: _id, ...control } = getInputProps(field, { type: "checkbox", value: option });
          return (
            <label
              key={option}
              className="flex cursor-pointer items-center gap-2 rounded-sm border border-border bg-white px-3 py-2 text-sm font-semibold has-[:checked]:border-forest has-[:checked]:bg-forest/5"
            >
              <Checkbox {...control} id={`${field.id}-${option}`} />
              {option}
            </label>
          );
        })}
      </div>
      <FieldError field={field} />
    </>
  );
}
