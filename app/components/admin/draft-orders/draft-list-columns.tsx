import { Link } from "react-router";
import type { Column } from "~/components/admin/list/data-table";
import { formatDateTime } from "~/lib/dates";
import { orderSourceLabel } from "~/modules/staff-orders/sales-channels";

/** A draft as the drafts list shows it (routes/admin/draft-orders.tsx). */
export interface DraftListRow {
  id: string;
  reference: string;
  channel: string;
  customerName: string;
  lineCount: number;
  updatedBy: string;
  updatedAt: string;
}

/** The drafts list: the reference (a link to the editor), customer, channel, pieces, last change. */
export function draftListColumns(timeZone: string): Column<DraftListRow>[] {
  return [
    {
      header: "Draft",
      rowHeader: true,
      className: "font-normal",
      cell: (d) => (
        <Link to={`/admin/orders/drafts/${d.id}`} className="font-medium text-forest underline-offset-4 hover:underline">
          {d.reference}
        </Link>
      ),
      phone: "title",
    },
    {
      header: "Customer",
      cell: (d) => d.customerName || <span className="text-stone">Not entered yet</span>,
      phone: "subtitle",
    },
    { header: "Came in by", cell: (d) => orderSourceLabel(d.channel) },
    { header: "Pieces", className: "tabular-nums", cell: (d) => d.lineCount },
    {
      header: "Last changed",
      cell: (d) => `${formatDateTime(d.updatedAt, timeZone)} by ${d.updatedBy}`,
      phone: "subtitle",
    },
  ];
}
