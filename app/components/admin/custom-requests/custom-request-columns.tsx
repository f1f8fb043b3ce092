import { Camera, Ruler } from "lucide";
import { Icon } from "~/components/ui/icon";
import { DateTimeCell, type Column } from "~/components/admin/list/data-table";
import { DetailsLink } from "~/components/admin/list/details-link";
import { formatDateTime } from "~/lib/dates";
import type { AdminCustomRequest } from "~/modules/custom-requests/custom-requests-admin.server";
import { CustomRequestStatusBadge } from "./custom-request-status-badge";
import { formatDay } from "./custom-request-format";

const garment = (r: AdminCustomRequest) => (
  <span className="inline-flex items-center gap-1.5">
    {r.garmentType}
    {r.occasion && <span className="text-stone">· {r.occasion}</span>}
    {r.measurements && <Icon of={Ruler} className="size-3.5 text-stone" aria-label="With measurements" />}
    {r.photos.length > 0 && <Icon of={Camera} className="size-3.5 text-stone" aria-label={`${r.photos.length} photos`} />}
  </span>
);

/** Requests newest first: reference and customer, garment, date needed, budget, status, received. */
export function customRequestColumns(timeZone: string, detailsHref: (key: string) => string): Column<AdminCustomRequest>[] {
  return [
    {
      header: "Request",
      rowHeader: true,
      className: "font-normal",
      cell: (r) => (
        <>
          <div className="font-semibold text-charcoal tabular-nums">{r.reference}</div>
          <div className="text-sm text-charcoal">{r.name}</div>
          <div className="text-xs break-all text-stone">{r.email}</div>
        </>
      ),
      phone: [
        { role: "title", cell: (r) => `${r.reference} · ${r.name}` },
        { role: "trailing", cell: (r) => <CustomRequestStatusBadge status={r.status} /> },
        { role: "subtitle", cell: garment },
      ],
    },
    { header: "Garment", cell: garment, phone: "hidden" },
    {
      header: "Needed by",
      className: "whitespace-nowrap tabular-nums",
      cell: (r) => (r.dateNeeded ? formatDay(r.dateNeeded) : "—"),
      phone: [{ role: "meta", cell: (r) => <span className="tabular-nums">{r.dateNeeded ? formatDay(r.dateNeeded) : "—"}</span> }],
    },
    { header: "Budget", className: "whitespace-nowrap", cell: (r) => r.budget ?? "—", phone: "hidden" },
    { header: "Status", cell: (r) => <CustomRequestStatusBadge status={r.status} />, phone: "hidden" },
    {
      header: "Received",
      className: "whitespace-nowrap tabular-nums",
      cell: (r) => <DateTimeCell at={r.createdAt} timeZone={timeZone} />,
      phone: [
        { role: "meta", label: "Received", cell: (r) => <span className="tabular-nums">{formatDateTime(r.createdAt, timeZone)}</span> },
      ],
    },
    {
      header: "Actions",
      hideHeader: true,
      align: "right",
      cell: (r) => <DetailsLink to={detailsHref(r.reference)} of={`request ${r.reference} from ${r.name}`} />,
      phone: "actions",
    },
  ];
}
