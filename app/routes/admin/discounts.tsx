import { Plus, TicketPercent } from "lucide";
import { Link, useLocation, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { Icon } from "~/components/ui/icon";
import { DataTable } from "~/components/admin/list/data-table";
import { loadAdminList } from "~/modules/admin-lists/admin-list-loader.server";
import { ListPage } from "~/components/admin/list/list-page";
import { listErrorBoundary, listMeta } from "~/components/admin/list/list-route";
import { keepListWhenClosing, useUrlDialog } from "~/components/admin/list/use-url-dialog";
import { DISCOUNT_PARAM } from "~/components/admin/discounts/discount-action";
import { discountColumns } from "~/components/admin/discounts/discount-columns";
import { DiscountDialog } from "~/components/admin/discounts/discount-dialog";
import { DiscountFilters } from "~/components/admin/discounts/discount-filters";
import { buttonVariants } from "~/components/ui/button";
import { runDiscountAction } from "~/modules/discounts/discount-action.server";
import { discountChoices, findDiscountCode, listDiscountCodes } from "~/modules/discounts/discount-admin.server";
import { discountsQueryFromUrl } from "~/modules/discounts/discount-list.schema";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/discounts";

export const meta = listMeta("Discounts");

export async function loader(args: Route.LoaderArgs) {
  return loadAdminList(args, "admin/discounts", "discount codes", async (db, params) => {
    const query = discountsQueryFromUrl(params);
    const asked = params.get(DISCOUNT_PARAM);
    const askedId = asked && /^\d{1,9}$/.test(asked) ? Number(asked) : null;
    const [list, settings, choices, editing] = await Promise.all([
      listDiscountCodes(db, query),
      getStoreSettings(db),
      discountChoices(db),
      askedId === null ? null : findDiscountCode(db, askedId),
    ]);
    const dialogKey = asked === "new" || editing ? asked : null;
    return { list, choices, editing, dialogKey, currency: settings.currency, timeZone: settings.timezone, search: query.search ?? "" };
  });
}

/** Closing the dialog (only ?code= dropped) keeps the list as it is. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return keepListWhenClosing(DISCOUNT_PARAM, args);
}

/** Create, edit, pause, resume, end and delete codes, admins only (discount-action.server.ts, through the guard). */
export const action = ({ request, context }: Route.ActionArgs) => runDiscountAction(request, context);

function useRequestedCode(): string | null {
  const location = useLocation();
  const navigation = useNavigation();
  const pending = navigation.location?.pathname === location.pathname ? navigation.location : null;
  return new URLSearchParams((pending ?? location).search).get(DISCOUNT_PARAM);
}

export default function AdminDiscounts({
  loaderData: { list, choices, editing, dialogKey, currency, timeZone, search },
}: Route.ComponentProps) {
  const dialog = useUrlDialog(DISCOUNT_PARAM, dialogKey);
  const requested = useRequestedCode();
  return (
    <ListPage
      title="Discounts"
      description="Codes shoppers enter in the cart or at checkout. Uses count orders not cancelled before payment; revenue is what those orders brought in, less refunds."
      actions={
        <Link to={dialog.openHref("new")} state={{ openedFromList: true }} preventScrollReset className={buttonVariants()}>
          <Icon of={Plus} /> Create code
        </Link>
      }
      filters={<DiscountFilters />}
      dialog={dialog}
      noun="codes"
      listing={list}
      empty={{
        icon: TicketPercent,
        none: { title: "No discount codes yet", body: "Create a code for a launch, a holiday sale or a welcome offer." },
        filtered: {
          title: "No matching codes",
          body: search ? `No code with "${search}" matches these filters.` : "No code has this status.",
        },
      }}
      details={
        <DiscountDialog dialog={dialog} requested={requested} editing={editing} choices={choices} currency={currency} timeZone={timeZone} />
      }
    >
      <DataTable
        rows={list.rows}
        columns={discountColumns(currency, timeZone, dialog.openHref)}
        rowKey={(row) => row.id}
        caption={`Discount codes, newest first. Dates in ${timeZone} time.`}
        label="Discount codes"
        minWidth="min-w-[56rem]"
        valign="top"
      />
    </ListPage>
  );
}

export const ErrorBoundary = listErrorBoundary("Discounts", "discount codes", "/admin/discounts");
