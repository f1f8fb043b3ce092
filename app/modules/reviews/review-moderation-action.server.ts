import { data, type AppLoadContext } from "react-router";
import { guardAction } from "~/modules/auth/action-guard.server";
import { ReviewNotFoundError } from "~/modules/reviews/review-errors";
import { moderateReview } from "~/modules/reviews/review-moderation.server";
import { moderateReviewSchema } from "~/modules/reviews/review.schema";
import type { ReviewModerationResult } from "~/components/admin/reviews/review-moderation-result";

/**
 * Approve or hide a review (admins only, through the guard). Sending the same change twice
 * changes nothing the second time; a change that reaches the product page drops its cache.
 */
export async function moderateReviewFromList(request: Request, context: AppLoadContext) {
  const guarded = await guardAction(
    { request, context },
    {
      access: { route: "admin/reviews", form: "moderate" },
      schema: moderateReviewSchema,
      reply: (refused): ReviewModerationResult => ({ ok: false, message: refused.firstMessage ?? "Please reload the page and try again." }),
    },
  );
  if (!guarded.ok) return guarded.response;
  const { viewer, value } = guarded;
  try {
    const { changed } = await moderateReview(context.database.db, value.reviewId, value.status, viewer.name.trim() || viewer.email);
    const message =
      value.status === "approved"
        ? changed
          ? "It now shows on the product page and counts in its rating."
          : "It was already approved."
        : changed
          ? "It no longer shows on the product page or counts in its rating."
          : "It was already hidden.";
    return data<ReviewModerationResult>({ ok: true, status: value.status, changed, message });
  } catch (error) {
    if (error instanceof ReviewNotFoundError) return data<ReviewModerationResult>({ ok: false, message: error.message }, { status: 404 });
    context.log.error({ err: error }, "admin reviews: moderation failed");
    return data<ReviewModerationResult>({ ok: false, message: "The review could not be changed. Please try again." }, { status: 500 });
  }
}
