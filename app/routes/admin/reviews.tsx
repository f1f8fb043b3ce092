import { MessageSquareText } from "lucide";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { DataTable } from "~/components/admin/list/data-table";
import { loadAdminList } from "~/modules/admin-lists/admin-list-loader.server";
import { ListPage } from "~/components/admin/list/list-page";
import { listErrorBoundary, listMeta } from "~/components/admin/list/list-route";
import { SummaryCards } from "~/components/admin/list/summary-cards";
import { keepListWhenClosing, useUrlDialog } from "~/components/admin/list/use-url-dialog";
import { moderateReviewFromList } from "~/modules/reviews/review-moderation-action.server";
import { reviewColumns } from "~/components/admin/reviews/review-columns";
import { ReviewDetailsDialog } from "~/components/admin/reviews/review-details-dialog";
import { ReviewFilters } from "~/components/admin/reviews/review-filters";
import { reviewSummaryCards } from "~/components/admin/reviews/review-summary-cards";
import { parseSerialId } from "~/lib/input";
import { reviewListQueryFromUrl } from "~/modules/reviews/review-filters.schema";
import { getReviewForAdmin, listReviewsForAdmin, reviewAdminSummary } from "~/modules/reviews/review-moderation.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/reviews";

export const meta = listMeta("Reviews");

/** ?review=<id> opens the details dialog. */
const DETAILS_PARAM = "review";

export async function loader(args: Route.LoaderArgs) {
  return loadAdminList(args, "admin/reviews", "reviews", async (db, params) => {
    const query = reviewListQueryFromUrl(params);
    const detailsId = parseSerialId(params.get(DETAILS_PARAM));
    const [list, summary, settings, details] = await Promise.all([
      listReviewsForAdmin(db, query),
      reviewAdminSummary(db),
      getStoreSettings(db),
      detailsId ? getReviewForAdmin(db, detailsId) : null,
    ]);
    return { list, summary, timeZone: settings.timezone, search: query.search ?? "", details };
  });
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return keepListWhenClosing(DETAILS_PARAM, args);
}

/** Approve or hide (app/modules/reviews/review-moderation-action.server.ts). */
export const action = ({ request, context }: Route.ActionArgs) => moderateReviewFromList(request, context);

export default function AdminReviews({ loaderData: { list, summary, timeZone, search, details } }: Route.ComponentProps) {
  const dialog = useUrlDialog(DETAILS_PARAM, details ? String(details.id) : null);
  return (
    <ListPage
      title="Reviews"
      description="Reviews from customers whose order was delivered. Only approved reviews show on the shop and count in a product's rating."
      summary={<SummaryCards cards={reviewSummaryCards(summary)} />}
      filters={<ReviewFilters />}
      dialog={dialog}
      noun="reviews"
      listing={list}
      empty={{
        icon: MessageSquareText,
        none: { title: "No reviews yet", body: "Customers can review a piece once their order with it has been delivered." },
        filtered: {
          title: "No matching reviews",
          body: search ? `No review of a product or by an author matching "${search}".` : "No review has this status.",
          action: { label: "Clear filters", href: "/admin/reviews" },
        },
      }}
      details={<ReviewDetailsDialog dialog={dialog} review={details} timeZone={timeZone} />}
    >
      <DataTable
        rows={list.rows}
        columns={reviewColumns(timeZone, dialog.openHref)}
        rowKey={(review) => review.id}
        caption={`Reviews, newest first. Dates in ${timeZone} time.`}
        label="Reviews"
        minWidth="min-w-[56rem]"
        valign="top"
      />
    </ListPage>
  );
}

export const ErrorBoundary = listErrorBoundary("Reviews", "reviews", "/admin/reviews");
