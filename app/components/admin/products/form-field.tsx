import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** Props that tie an input to its error message (read out with the field) and mark it invalid. */
export function fieldState(id: string, error: string | undefined, hintId?: string) {
  const describedBy = [error ? `${id}-error` : null, hintId ?? null].filter(Boolean).join(" ");
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    className: error ? "border-destructive focus-visible:border-destructive" : undefined,
  } as const;
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="text-sm font-medium text-destructive">
      {error}
    </p>
  );
}

/** A label, its control, an optional hint and the field's error. */
export function Field({
  id,
  label,
  error,
  hint,
  optional = false,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium text-charcoal">
        {label}
        {optional && (
          <>
            {" "}
            <span className="ml-0.5 text-xs font-normal text-stone">optional</span>
          </>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-stone">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A titled group of fields inside the product dialog. */
export function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 border-t border-border pt-5 first:border-t-0 first:pt-0">
      <legend className="float-left mb-1 w-full">
        <span className="block font-display text-xl font-semibold text-charcoal">{title}</span>
        {description && <span className="mt-0.5 block text-xs text-stone">{description}</span>}
      </legend>
      {children}
    </fieldset>
  );
}
