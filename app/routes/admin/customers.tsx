import { UsersRound } from "lucide-react";
import { data, useRouteError, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { customerColumns } from "~/components/admin/customers/customer-columns";
import { CustomerFilters } from "~/components/admin/customers/customer-filters";
import { CustomerDetailsDialog } from "~/components/admin/customers/customer-details-dialog";
import { customerSummaryCards } from "~/components/admin/customers/customer-summary-cards";
import { DataTable } from "~/components/admin/list/data-table";
import { ListPage } from "~/components/admin/list/list-page";
import { SummaryCards } from "~/components/admin/list/summary-cards";
import { keepListWhenClosing, useUrlDialog } from "~/components/admin/list/use-url-dialog";
import { brand } from "~/lib/brand";
import { customerSummary, getCustomer, listCustomers } from "~/modules/customers/customers.server";
import { customersQueryFromUrl } from "~/modules/customers/customers.schema";
import { requireAdmin } from "~/modules/auth/session.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/customers";

export const meta: Route.MetaFunction = () => [
  { title: `Customers · Admin · ${brand.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

/** ?customer=<key> opens the details dialog (keys: "user:<id>" or "email:<address>"). */
const DETAILS_PARAM = "customer";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = context.database.db;
  const params = new URL(request.url).searchParams;
  const query = customersQueryFromUrl(params);
  const key = params.get(DETAILS_PARAM);
  try {
    const [list, summary, settings, details] = await Promise.all([
      listCustomers(db, query),
      customerSummary(db),
      getStoreSettings(db),
      key ? getCustomer(db, key) : null,
    ]);
    return { list, summary, timeZone: settings.timezone, search: query.search ?? "", details };
  } catch (error) {
    context.log.error({ err: error, requestId: context.requestId }, "admin customers: loading failed");
    throw data({ message: "The customers could not be loaded." }, { status: 500 });
  }
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

/** A failed load: logged on the server (with the request id); the admin gets a way to retry. */
export function ErrorBoundary() {
  return (
    <AdminRouteError
      error={useRouteError()}
      title="Customers unavailable"
      fallback="The customers could not be loaded."
      retryHref="/admin/customers"
    />
  );
}
