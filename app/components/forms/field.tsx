import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/cn";

/**
 * The form kit for the admin and account forms, on Conform: a field's label, control, hint and
 * error are tied together by the ids Conform gives each field (`id`, `descriptionId` for the
 * hint, `errorId` for the error), so an invalid control has aria-invalid and aria-describedby
 * pointing at its message. The same Zod schema checks in the browser (`onValidate`) and in the
 * action (the action guard).
 */

/** What the kit needs of a field: Conform's FieldMetadata, or ids for a control Conform does not own. */
export interface FieldIds {
  id: string;
  descriptionId: string;
  errorId: string;
  errors?: string[];
}

/**
 * The field with another element id (for a control scripts or links address by a fixed id).
 * Conform's field metadata reads its properties through getters, so a spread copy would lose
 * `name`, `errors` and the rest: this wraps it instead.
 */
export function withId<F extends object>(field: F, id: string): F & { id: string } {
  return new Proxy(field, { get: (target, key) => (key === "id" ? id : Reflect.get(target, key, target)) }) as F & { id: string };
}

/** A field's error, read out with the control it describes. */
export function FieldError({ field, className }: { field: FieldIds; className?: string }) {
  const error = field.errors?.[0];
  if (!error) return null;
  return (
    <p id={field.errorId} className={cn("text-sm font-medium text-destructive", className)}>
      {error}
    </p>
  );
}

/** A label, its control, an optional hint and the field's error. */
export function Field({
  field,
  label,
  hint,
  optional = false,
  aside,
  className,
  children,
}: {
  field: FieldIds;
  label: ReactNode;
  /** A line under the control; pass `hint` to the control as well so it is described by it. */
  hint?: ReactNode;
  optional?: boolean;
  /** Beside the label, e.g. "Forgot password?". */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={field.id} className="text-sm font-medium text-charcoal">
          {label}
          {optional && (
            <>
              {" "}
              <span className="ml-0.5 text-xs font-normal text-stone">optional</span>
            </>
          )}
        </label>
        {aside}
      </div>
      {children}
      {hint && (
        <p id={field.descriptionId} className="text-xs text-stone">
          {hint}
        </p>
      )}
      <FieldError field={field} />
    </div>
  );
}

/**
 * The message for a whole form, announced to screen readers (alert for errors, status for success).
 * `inline`: one line of coloured text without the box, e.g. beside a dialog's buttons.
 */
export function FormAlert({
  title,
  description,
  tone = "error",
  inline = false,
  id,
  className,
}: {
  /** The form's error id (Conform's `form.errorId`), so the controls it describes can point at it. */
  id?: string;
  title: string;
  description?: string;
  tone?: "error" | "success";
  inline?: boolean;
  className?: string;
}) {
  const colours = tone === "error" ? "border-destructive/30 bg-destructive/5 text-destructive" : "border-forest/25 bg-forest/5 text-forest";
  return (
    <div
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "text-sm",
        inline ? (tone === "error" ? "text-destructive" : "text-forest") : ["rounded-sm border px-4 py-3", colours],
        className,
      )}
    >
      <p className={inline ? "font-medium" : "font-semibold"}>{title}</p>
      {description && <p className="mt-0.5 opacity-90">{description}</p>}
    </div>
  );
}

const invalidBorder = "border-destructive focus-visible:border-destructive";

type ControlOptions = { hint?: boolean };
export const describedBy = (field: FieldIds, { hint }: ControlOptions) => (hint ? field.descriptionId : undefined);

/**
 * An <Input> for a Conform field: name, id, starting value, aria-invalid and aria-describedby.
 * Given a `value` it is controlled (no starting value from Conform), e.g. kept in step with a picker.
 */
export function TextInput<S>({
  field,
  type = "text",
  hint,
  className,
  ...props
}: {
  field: FieldMetadata<S>;
  type?: "text" | "email" | "tel" | "number" | "password" | "url" | "search" | "hidden" | "date";
  hint?: boolean;
} & Omit<ComponentProps<"input">, "type" | "name" | "id">) {
  const { key, ...control } = getInputProps(field, {
    type,
    value: props.value === undefined,
    ariaDescribedBy: describedBy(field, { hint }),
  });
  return <Input key={key} {...control} {...props} className={cn(field.errors && invalidBorder, className)} />;
}

/** A money box with the currency symbol inside (step 0.01, as docs/product-rules.md asks for prices). */
export function MoneyInput<S>({
  field,
  symbol,
  hint,
  className,
  ...props
}: { field: FieldMetadata<S>; symbol: string; hint?: boolean } & Omit<ComponentProps<"input">, "type" | "name" | "id">) {
  return (
    <div className="relative">
      <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-stone" aria-hidden>
        {symbol}
      </span>
      <TextInput
        field={field}
        type="number"
        hint={hint}
        inputMode="decimal"
        min={0}
        step={0.01}
        {...props}
        className={cn("pl-7 tabular-nums", className)}
      />
    </div>
  );
}

/** A <Textarea> for a Conform field. */
export function TextareaInput<S>({
  field,
  hint,
  className,
  ...props
}: { field: FieldMetadata<S>; hint?: boolean } & Omit<ComponentProps<"textarea">, "name" | "id">) {
  const { key, ...control } = getTextareaProps(field, { ariaDescribedBy: describedBy(field, { hint }) });
  return <Textarea key={key} {...control} {...props} className={cn(field.errors && invalidBorder, className)} />;
}
