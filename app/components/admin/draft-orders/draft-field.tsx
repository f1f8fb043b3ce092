import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * A labelled control of the draft editor, with the error the action returned for its name. The
 * editor is one server-driven form (every button posts all of it), so errors come from the
 * action's answer, tied to the control by `aria-describedby`.
 */
export function DraftField({
  name,
  label,
  error,
  hint,
  optional = false,
  className,
  children,
}: {
  name: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: (control: { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = `draft-${name.replace(/[^\w-]/g, "-")}`;
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium text-charcoal">
        {label}
        {optional && <span className="ml-1.5 text-xs font-normal text-stone">optional</span>}
      </label>
      {children({ id, name, ...(error ? { "aria-invalid": true } : {}), ...(described ? { "aria-describedby": described } : {}) })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-stone">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A card of the editor: a titled section. */
export function DraftSection({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  id: string;
}) {
  return (
    <section aria-labelledby={id} className="rounded-sm border border-border bg-white p-5 md:p-6">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-stone">{description}</p>}
      <div className="mt-4 grid gap-4">{children}</div>
    </section>
  );
}
