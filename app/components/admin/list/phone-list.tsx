import { Fragment, type ReactNode } from "react";
import type { Column, PhoneRole, PhoneSlot } from "./data-table";

interface Part {
  key: string;
  label: string;
  node: ReactNode;
}

/** A column's phone slots (a bare role uses the table cell). */
function slotsOf<Row>(column: Column<Row>): PhoneSlot<Row>[] {
  if (Array.isArray(column.phone)) return column.phone;
  return [{ role: column.phone ?? "meta" }];
}

/**
 * The phone rendering of an admin list (below md): one list item per row, laid out by each
 * column's phone role (DataTable): title and trailing figure, subtitles, labelled figures,
 * then the row's actions.
 */
export function PhoneList<Row>({
  rows,
  columns,
  rowKey,
  label,
}: {
  rows: Row[];
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  label: string;
}) {
  return (
    <ul className="divide-y divide-border/70 md:hidden" aria-label={label}>
      {rows.map((row) => {
        const parts: Record<PhoneRole, Part[]> = { title: [], trailing: [], subtitle: [], meta: [], actions: [], hidden: [] };
        for (const column of columns)
          slotsOf(column).forEach((slot, i) =>
            parts[slot.role].push({
              key: `${column.header}-${i}`,
              label: slot.label ?? column.header,
              node: (slot.cell ?? column.cell)(row),
            }),
          );
        return (
          <li key={rowKey(row)} className="grid gap-2 px-4 py-4 text-sm">
            <div className="flex items-center justify-between gap-3">
              <div className="min-w-0 font-semibold tabular-nums">
                {parts.title.map((p) => (
                  <Fragment key={p.key}>{p.node}</Fragment>
                ))}
              </div>
              {parts.trailing.map((p) => (
                <div key={p.key} className="shrink-0 font-semibold whitespace-nowrap tabular-nums">
                  {p.node}
                </div>
              ))}
            </div>
            {parts.subtitle.length > 0 && (
              <div className="-mt-1 grid gap-0.5 text-xs text-stone">
                {parts.subtitle.map((p) => (
                  <div key={p.key} className="min-w-0">
                    {p.node}
                  </div>
                ))}
              </div>
            )}
            {parts.meta.length > 0 && (
              <dl className="grid grid-cols-[repeat(auto-fit,minmax(6.5rem,1fr))] gap-2 rounded-sm bg-sand/40 p-2.5 text-xs">
                {parts.meta.map((p) => (
                  <div key={p.key}>
                    <dt className="text-stone">{p.label}</dt>
                    <dd className="font-semibold tabular-nums">{p.node}</dd>
                  </div>
                ))}
              </dl>
            )}
            {parts.actions.length > 0 && (
              <div className="flex flex-wrap items-center gap-2 [&>:last-child]:ml-auto">
                {parts.actions.map((p) => (
                  <div key={p.key}>{p.node}</div>
                ))}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
