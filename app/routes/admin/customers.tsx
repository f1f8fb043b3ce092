import { Download } from "lucide-react";
import { data, useLocation, useRouteError, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { CustomerDetailsDialog } from "~/components/admin/customers/customer-details-dialog";
import { CustomersFilters } from "~/components/admin/customers/customers-filters";
import { CustomersSummary } from "~/components/admin/customers/customers-summary";
import { CustomersTable } from "~/components/admin/customers/customers-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { TablePagination } from "~/components/admin/table-pagination";
import { keepListWhenClosing, useUrlDialog } from "~/components/admin/use-url-dialog";
import { buttonVariants } from "~/components/ui/button";
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
    return { list, summary, timeZone: settings.timezone, search: query.search ?? "", sort: query.sort, details };
  } catch (error) {
    context.log.error({ err: error }, "admin customers: loading failed");
    throw data({ message: "The customers could not be loaded." }, { status: 500 });
  }
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return keepListWhenClosing(DETAILS_PARAM, args);
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { list, summary, timeZone, search, sort, details } = loaderData;
  const location = useLocation();
  const dialog = useUrlDialog(DETAILS_PARAM, details?.key);

  const exportParams = new URLSearchParams();
  if (search) exportParams.set("q", search);
  if (sort !== "recent") exportParams.set("sort", sort);
  const exportHref = `/admin/customers/export.csv${exportParams.size ? `?${exportParams}` : ""}`;

  const empty = search
    ? {
        title: "No matching customers",
        body: `Nobody has ordered with "${search}" in their name, email or phone.`,
        action: { label: "Clear search", href: location.pathname },
      }
    : { title: "No customers yet", body: "Customers appear here after their first order." };

  return (
    <div className="mx-auto max-w-7xl">
      <AdminPageHeader
        title="Customers"
        description="Everyone who has ordered, from their orders: account holders by account, guests by email."
        actions={
          <a href={exportHref} download className={buttonVariants({ variant: "outline" })}>
            <Download aria-hidden />
            Export CSV
          </a>
        }
      />
      <CustomersSummary summary={summary} />
      <div className="rounded-md border border-border bg-ivory shadow-[0_1px_0_rgb(30_27_24/0.04)]">
        <CustomersFilters search={search} sort={sort} />
        <div className="border-t border-border" aria-busy={dialog.listLoading || undefined}>
          <CustomersTable
            customers={list.rows}
            timeZone={timeZone}
            detailsHref={(key) => dialog.hrefWith({ [DETAILS_PARAM]: key })}
            empty={empty}
          />
        </div>
        <TablePagination
          page={list.page}
          pageCount={list.pageCount}
          pageSize={list.pageSize}
          total={list.total}
          noun="customers"
          hrefFor={(page) => dialog.hrefWith({ page: page === 1 ? null : String(page), [DETAILS_PARAM]: null })}
        />
      </div>
      <CustomerDetailsDialog state={dialog.state} customer={details} timeZone={timeZone} onClose={dialog.close} />
    </div>
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
