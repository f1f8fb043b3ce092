import type { ReactNode } from "react";

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
