import { Pencil } from "lucide";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import type { Column } from "~/components/admin/list/data-table";
import { money } from "~/components/admin/admin-format";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { areaName } from "~/modules/shipping/areas";
import { deliveryEstimateText, type ShippingZone } from "~/modules/shipping/shipping-zones";
import { DeleteZoneButton } from "./delete-zone-button";

/** "United Kingdom, France, Germany"; the rest-of-world zone covers "Every other country". */
export function zoneWhere(zone: Pick<ShippingZone, "areas" | "isRestOfWorld">): string {
  return zone.isRestOfWorld ? "Every other country" : zone.areas.map(areaName).join(", ");
}

const where = (zone: ShippingZone) => <span className="line-clamp-3 max-w-md text-stone">{zoneWhere(zone)}</span>;
const payOnDelivery = (zone: ShippingZone) => (zone.payOnDelivery ? <Badge>Yes</Badge> : <Badge variant="muted">No</Badge>);

/** The zones in staff's order: name, where, fee, free over, estimate, Pay on Delivery, Edit and Delete. */
export function zoneColumns(currency: string, editHref: (id: string) => string): Column<ShippingZone>[] {
  const fee = (zone: ShippingZone) => (zone.fee === 0 ? "Free" : money(zone.fee, currency));
  const freeOver = (zone: ShippingZone) => (zone.freeShippingThreshold === null ? "—" : money(zone.freeShippingThreshold, currency));
  return [
    {
      header: "Zone",
      rowHeader: true,
      cell: (zone) => <span className="font-semibold text-charcoal">{zone.name}</span>,
      phone: [{ role: "title" }, { role: "subtitle", cell: where }],
    },
    { header: "Where", className: "font-normal", cell: where, phone: "hidden" },
    { header: "Fee", align: "right", className: "tabular-nums whitespace-nowrap", cell: fee, phone: "trailing" },
    { header: "Free over", align: "right", className: "tabular-nums whitespace-nowrap", cell: freeOver, phone: "meta" },
    { header: "Delivery", className: "whitespace-nowrap", cell: (zone) => deliveryEstimateText(zone), phone: "meta" },
    { header: "Pay on Delivery", cell: payOnDelivery, phone: [{ role: "meta", label: "Pay on Delivery" }] },
    {
      header: "Actions",
      hideHeader: true,
      align: "right",
      cell: (zone) => (
        <div className="flex justify-end gap-1">
          <Link
            to={editHref(String(zone.id))}
            state={{ openedFromList: true }}
            preventScrollReset
            aria-label={`Edit ${zone.name}`}
            title="Edit"
            className={buttonVariants({ variant: "ghost", size: "icon-sm" })}
          >
            <Icon of={Pencil} />
          </Link>
          {!zone.isRestOfWorld && <DeleteZoneButton id={zone.id} name={zone.name} />}
        </div>
      ),
      phone: "actions",
    },
  ];
}
