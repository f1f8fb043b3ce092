import type { ReactNode } from "react";

/** One labelled line of a read-only Settings card (System, Backups). */
export function SettingsRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm text-stone">{label}</dt>
      <dd className="text-sm font-medium text-charcoal">{children}</dd>
    </div>
  );
}
