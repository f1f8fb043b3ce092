import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { formatDate, formatTime } from "~/lib/dates";
import { PhoneList } from "./phone-list";

/**
 * Where a column's value goes in a row's phone rendering (below md): the title and the trailing
 * figure share the first line, subtitles stack under it, meta values are labelled figures, and
 * actions (selects, Details) end the row. "hidden" columns are left out on phones.
 */
export type PhoneRole = "title" | "trailing" | "subtitle" | "meta" | "actions" | "hidden";

export interface PhoneSlot<Row> {
  role: PhoneRole;
  /** What the phone shows, when it differs from the table cell. */
  cell?: (row: Row) => ReactNode;
  /** A meta value's label, when it is not the column's header. */
  label?: string;
}

/** One column of an admin list: its header, its cell, and how it reads on a phone. */
export interface Column<Row> {
  header: string;
  /** The header is said to assistive technology only (e.g. a Details column). */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  /** The cell names the row (<th scope="row">); one column per table. */
  rowHeader?: boolean;
  align?: "left" | "right";
  /** Classes of the cell (the table's; a phone slot styles its own content). */
  className?: string;
  /** A role, or several slots when one column gives a phone row more than one part. */
  phone?: PhoneRole | PhoneSlot<Row>[];
}

const th = "px-4 py-3 text-left text-xs font-semibold tracking-[0.12em] text-stone uppercase whitespace-nowrap";

/**
 * The rows of an admin list as a table with <th scope> semantics, and on phones as a list built
 * from the same columns. `phone="scroll"` keeps the table on phones too, scrolling inside its card.
 */
export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  caption,
  label,
  minWidth,
  valign = "middle",
  phone = "list",
  className,
}: {
  rows: Row[];
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  /** Said to assistive technology about the table (order, time zone). */
  caption: ReactNode;
  /** The phone list's name, e.g. "Orders". */
  label: string;
  /** e.g. "min-w-[60rem]": narrower screens scroll the table. */
  minWidth: string;
  valign?: "top" | "middle";
  phone?: "list" | "scroll";
  className?: string;
}) {
  const td = cn("px-4 py-3", valign === "top" ? "align-top" : "align-middle");
  return (
    <>
      {phone === "list" && <PhoneList rows={rows} columns={columns} rowKey={rowKey} label={label} />}
      <div className={cn("relative overflow-x-auto", phone === "list" && "hidden md:block", className)}>
        <table className={cn("w-full border-collapse text-sm", minWidth)}>
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-border bg-sand/40">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={cn(th, column.align === "right" && "text-right")}>
                  {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border/70">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="transition-colors hover:bg-sand/30">
                {columns.map((column) => {
                  const className = cn(td, column.align === "right" && "text-right", column.className);
                  return column.rowHeader ? (
                    <th key={column.header} scope="row" className={cn("text-left", className)}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.header} className={className}>
                      {column.cell(row)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** A date cell: the day, and the time under it, in the store's timezone. */
export function DateTimeCell({ at, timeZone }: { at: string | Date; timeZone: string }) {
  return (
    <>
      <div>{formatDate(at, timeZone)}</div>
      <div className="text-xs text-stone">{formatTime(at, timeZone)}</div>
    </>
  );
}
