import type { ReactNode } from "react";
import { Label } from "~/components/ui/label";

/** ids of the hint and error under a field, for the input's aria-describedby. */
export function describedBy(id: string, { hint, error }: { hint?: ReactNode; error?: string }): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

/** A labelled field with an optional hint and the server's error for it underneath. */
export function SettingsField({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <div className="mt-1.5">{children}</div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-stone">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A card grouping related settings, with a heading and a line about what they do. */
export function SettingsSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = `settings-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-md border border-border bg-ivory p-5 md:p-6">
      <h2 id={id} className="text-2xl font-semibold">
        {title}
      </h2>
      {description && <p className="mt-0.5 text-sm text-stone">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
