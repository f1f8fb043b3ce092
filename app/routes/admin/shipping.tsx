import { Plus, Truck } from "lucide";
import { Link, useLocation, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { Icon } from "~/components/ui/icon";
import { DataTable } from "~/components/admin/list/data-table";
import { loadAdminList } from "~/modules/admin-lists/admin-list-loader.server";
import { ListPage } from "~/components/admin/list/list-page";
import { listErrorBoundary, listMeta } from "~/components/admin/list/list-route";
import { keepListWhenClosing, useUrlDialog } from "~/components/admin/list/use-url-dialog";
import { ZONE_PARAM } from "~/components/admin/shipping/zone-action";
import { runZoneAction } from "~/modules/shipping/zone-action.server";
import { zoneColumns } from "~/components/admin/shipping/zone-columns";
import { ZoneDialog } from "~/components/admin/shipping/zone-dialog";
import { buttonVariants } from "~/components/ui/button";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { listShippingZones } from "~/modules/shipping/shipping-zones.server";
import type { Route } from "./+types/shipping";

export const meta = listMeta("Shipping");

export async function loader(args: Route.LoaderArgs) {
  return loadAdminList(args, "admin/shipping", "shipping zones", async (db, params) => {
    const [zones, settings] = await Promise.all([listShippingZones(db), getStoreSettings(db)]);
    const asked = params.get(ZONE_PARAM);
    // The dialog's key when the zone asked for exists (or a new one is asked for): useUrlDialog's "shown".
    const dialogKey = asked === "new" || zones.some((zone) => String(zone.id) === asked) ? asked : null;
    return { zones, currency: settings.currency, dialogKey };
  });
}

/** Closing the dialog (only ?zone= dropped) keeps the list as it is. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return keepListWhenClosing(ZONE_PARAM, args);
}

/** Add, edit and delete zones, admins only (zone-action.server.ts, through the action guard). */
export const action = ({ request, context }: Route.ActionArgs) => runZoneAction(request, context);

/** The ?zone= value shown, or about to be shown while the page reloads. */
function useRequestedZone(): string | null {
  const location = useLocation();
  const navigation = useNavigation();
  const pending = navigation.location?.pathname === location.pathname ? navigation.location : null;
  return new URLSearchParams((pending ?? location).search).get(ZONE_PARAM);
}

export default function AdminShipping({ loaderData: { zones, currency, dialogKey } }: Route.ComponentProps) {
  const dialog = useUrlDialog(ZONE_PARAM, dialogKey);
  const requested = useRequestedZone();
  const add = dialog.openHref("new");
  return (
    <ListPage
      title="Shipping"
      description="Where the shop ships, at what price and how fast. Every address falls in one zone: the one naming its Ghana region, else its country, else the rest of the world."
      actions={
        <Link to={add} state={{ openedFromList: true }} preventScrollReset className={buttonVariants()}>
          <Icon of={Plus} /> Add zone
        </Link>
      }
      filters={null}
      dialog={dialog}
      noun="zones"
      listing={{ rows: zones, page: 1, pageCount: 1, pageSize: Math.max(zones.length, 1), total: zones.length }}
      empty={{
        icon: Truck,
        none: { title: "No zones", body: "Add a zone to start shipping." },
        filtered: { title: "No zones", body: "Add a zone to start shipping." },
      }}
      details={<ZoneDialog dialog={dialog} requested={requested} zones={zones} currency={currency} />}
    >
      <DataTable
        rows={zones}
        columns={zoneColumns(currency, dialog.openHref)}
        rowKey={(zone) => zone.id}
        caption="Shipping zones, in the order checkout looks them up."
        label="Shipping zones"
        minWidth="min-w-[56rem]"
        valign="top"
      />
    </ListPage>
  );
}

export const ErrorBoundary = listErrorBoundary("Shipping", "shipping zones", "/admin/shipping");
