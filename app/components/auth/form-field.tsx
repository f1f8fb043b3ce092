import type { ReactNode } from "react";

export function FormField({ id, label, hint, children }: { id: string; label: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-charcoal">
          {label}
        </label>
        {hint}
      </div>
      {children}
    </div>
  );
}

/** The last message of a form, also read out by screen readers. */
export function FormAlert({ title, description, tone = "error" }: { title: string; description: string; tone?: "error" | "success" }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "error"
          ? "rounded-sm border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive"
          : "rounded-sm border border-forest/25 bg-forest/5 px-4 py-3 text-sm text-forest"
      }
    >
      <p className="font-semibold">{title}</p>
      {description && <p className="mt-0.5 opacity-90">{description}</p>}
    </div>
  );
}
