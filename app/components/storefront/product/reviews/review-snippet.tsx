import type { ReviewSummary } from "~/modules/reviews/product-reviews.server";
import { formatRating } from "~/modules/reviews/review-display";
import { ReviewStars } from "./review-stars";

/** The rating under the product's price, linking to its reviews: the real average and count, or "No reviews yet". */
export function ReviewSnippet({ summary }: { summary: ReviewSummary }) {
  return (
    <a href="#reviews" className="inline-flex items-center gap-2 text-sm text-stone underline-offset-4 hover:text-charcoal hover:underline">
      {summary.average !== null ? (
        <>
          <ReviewStars rating={summary.average} size="sm" />
          <span>
            <span className="font-semibold text-charcoal">{formatRating(summary.average)}</span> out of 5 ({summary.count}{" "}
            {summary.count === 1 ? "review" : "reviews"})
          </span>
        </>
      ) : (
        <span>No reviews yet</span>
      )}
    </a>
  );
}
