import { Scissors } from "lucide";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { CustomRequestFilters } from "~/components/admin/custom-requests/custom-request-filters";
import { updateCustomRequestFromList } from "~/modules/custom-requests/custom-request-admin-action.server";
import { writeQuoteFromList } from "~/modules/quotes/quote-admin-action.server";
import { quotesOfRequest } from "~/modules/quotes/quotes.server";
import { customRequestColumns } from "~/components/admin/custom-requests/custom-request-columns";
import { CustomRequestDetailsDialog } from "~/components/admin/custom-requests/custom-request-details-dialog";
import { customRequestSummaryCards } from "~/components/admin/custom-requests/custom-request-summary-cards";
import { DataTable } from "~/components/admin/list/data-table";
import { loadAdminList } from "~/modules/admin-lists/admin-list-loader.server";
import { ListPage } from "~/components/admin/list/list-page";
import { listErrorBoundary, listMeta } from "~/components/admin/list/list-route";
import { SummaryCards } from "~/components/admin/list/summary-cards";
import { keepListWhenClosing, useUrlDialog } from "~/components/admin/list/use-url-dialog";
import { CUSTOM_REQUEST_REFERENCE } from "~/modules/custom-requests/custom-request.schema";
import { customRequestListQueryFromUrl } from "~/modules/custom-requests/custom-request-filters.schema";
import {
  customRequestSummary,
  getCustomRequestForAdmin,
  listCustomRequestsForAdmin,
} from "~/modules/custom-requests/custom-requests-admin.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { localDay } from "~/lib/dates";
import type { Route } from "./+types/custom-requests";

export const meta = listMeta("Custom requests");

/** ?request=CR-482913 opens the details dialog. */
const DETAILS_PARAM = "request";

export async function loader(args: Route.LoaderArgs) {
  return loadAdminList(args, "admin/custom-requests", "custom requests", async (db, params) => {
    const query = customRequestListQueryFromUrl(params);
    const wanted = params.get(DETAILS_PARAM);
    const reference = wanted && CUSTOM_REQUEST_REFERENCE.test(wanted) ? wanted : null;
    const [list, summary, settings, details, quotes] = await Promise.all([
      listCustomRequestsForAdmin(db, query),
      customRequestSummary(db),
      getStoreSettings(db),
      reference ? getCustomRequestForAdmin(db, reference) : null,
      reference ? quotesOfRequest(db, reference) : [],
    ]);
    return {
      list,
      summary,
      timeZone: settings.timezone,
      search: query.search ?? "",
      details,
      quotes,
      quoteDefaults: { depositPercent: settings.depositPercent, today: localDay(settings.timezone) },
    };
  });
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return keepListWhenClosing(DETAILS_PARAM, args);
}

/**
 * Status and notes (app/modules/custom-requests/custom-request-admin-action.server.ts), or, posted
 * with `?quote`, "Write a quote" (app/modules/quotes/quote-admin-action.server.ts).
 */
export const action = ({ request, context, url }: Route.ActionArgs) =>
  url.searchParams.has("quote") ? writeQuoteFromList(request, context) : updateCustomRequestFromList(request, context);

export default function AdminCustomRequests({
  loaderData: { list, summary, timeZone, search, details, quotes, quoteDefaults },
}: Route.ComponentProps) {
  const dialog = useUrlDialog(DETAILS_PARAM, details ? details.reference : null);
  return (
    <ListPage
      title="Custom requests"
      description="Bespoke requests from the shop's form. Reply to the customer, then record where each one stands."
      summary={<SummaryCards cards={customRequestSummaryCards(summary)} />}
      filters={<CustomRequestFilters />}
      dialog={dialog}
      noun="requests"
      listing={list}
      empty={{
        icon: Scissors,
        none: { title: "No custom requests yet", body: "Requests sent from the Custom Orders page appear here." },
        filtered: {
          title: "No matching requests",
          body: search ? `No request with a name, email or reference matching "${search}".` : "No request has this status.",
          action: { label: "Clear filters", href: "/admin/custom-requests" },
        },
      }}
      details={
        <CustomRequestDetailsDialog dialog={dialog} request={details} quotes={quotes} quoteDefaults={quoteDefaults} timeZone={timeZone} />
      }
    >
      <DataTable
        rows={list.rows}
        columns={customRequestColumns(timeZone, dialog.openHref)}
        rowKey={(r) => r.reference}
        caption={`Custom requests, newest first. Dates in ${timeZone} time.`}
        label="Custom requests"
        minWidth="min-w-[56rem]"
        valign="top"
      />
    </ListPage>
  );
}

export const ErrorBoundary = listErrorBoundary("Custom requests", "custom requests", "/admin/custom-requests");
