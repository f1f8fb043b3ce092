import { UsersRound } from "lucide";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { customerColumns } from "~/components/admin/customers/customer-columns";
import { CustomerFilters } from "~/components/admin/customers/customer-filters";
import { CustomerDetailsDialog } from "~/components/admin/customers/customer-details-dialog";
import { customerSummaryCards } from "~/components/admin/customers/customer-summary-cards";
import { DataTable } from "~/components/admin/list/data-table";
import { loadAdminList } from "~/modules/admin-lists/admin-list-loader.server";
import { ListPage } from "~/components/admin/list/list-page";
import { listErrorBoundary, listMeta } from "~/components/admin/list/list-route";
import { SummaryCards } from "~/components/admin/list/summary-cards";
import { keepListWhenClosing, useUrlDialog } from "~/components/admin/list/use-url-dialog";
import { customerSummary, getCustomer, listCustomers } from "~/modules/customers/customers.server";
import { customersQueryFromUrl } from "~/modules/customers/customers.schema";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/customers";

export const meta = listMeta("Customers");

/** ?customer=<key> opens the details dialog (keys: "user:<id>" or "email:<address>"). */
const DETAILS_PARAM = "customer";

export async function loader(args: Route.LoaderArgs) {
  return loadAdminList(args, "admin/customers", "customers", async (db, params) => {
    const query = customersQueryFromUrl(params);
    const key = params.get(DETAILS_PARAM);
    const [list, summary, settings, details] = await Promise.all([
      listCustomers(db, query),
      customerSummary(db),
      getStoreSettings(db),
      key ? getCustomer(db, key) : null,
    ]);
    return { list, summary, timeZone: settings.timezone, search: query.search ?? "", details };
  });
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return keepListWhenClosing(DETAILS_PARAM, args);
}

export default function AdminCustomers({ loaderData: { list, summary, timeZone, search, details } }: Route.ComponentProps) {
  const dialog = useUrlDialog(DETAILS_PARAM, details?.key);
  return (
    <ListPage
      title="Customers"
      description="Everyone who has ordered, from their orders: account holders by account, guests by email."
      exportHref="/admin/customers/export.csv"
      summary={<SummaryCards cards={customerSummaryCards(summary)} />}
      filters={<CustomerFilters />}
      dialog={dialog}
      noun="customers"
      listing={list}
      empty={{
        icon: UsersRound,
        none: { title: "No customers yet", body: "Customers appear here after their first order." },
        filtered: {
          title: "No matching customers",
          body: `Nobody has ordered with "${search}" in their name, email or phone.`,
          action: { label: "Clear search", href: "/admin/customers" },
        },
      }}
      details={<CustomerDetailsDialog dialog={dialog} customer={details} timeZone={timeZone} />}
    >
      <DataTable
        rows={list.rows}
        columns={customerColumns(timeZone, dialog.openHref)}
        rowKey={(customer) => customer.key}
        caption={`Customers. Dates in ${timeZone} time.`}
        label="Customers"
        minWidth="min-w-[52rem]"
        valign="top"
      />
    </ListPage>
  );
}

export const ErrorBoundary = listErrorBoundary("Customers", "customers", "/admin/customers");
