import { Check, EyeOff } from "lucide";
import { useFetcher } from "react-router";
import { Icon } from "~/components/ui/icon";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toaster";
import type { AdminReviewRow } from "~/modules/reviews/review-moderation.server";
import type { ReviewModerationResult } from "./review-moderation-result";

/**
 * Approve and Hide for one review (the page's action; admins only). The button for the state the
 * review is already in is left out; the one being sent says so.
 */
export function ReviewModerationButtons({
  review,
  size = "sm",
}: {
  review: Pick<AdminReviewRow, "id" | "status" | "productName" | "authorName">;
  size?: "sm" | "default";
}) {
  const fetcher = useFetcher<ReviewModerationResult>();
  useFetcherResult(fetcher, (result) => {
    if (result.ok) notify.success(result.status === "approved" ? "Review approved" : "Review hidden", { description: result.message });
    else notify.error("Review not changed", { description: result.message });
  });
  const sending = fetcher.state !== "idle" ? String(fetcher.formData?.get("status") ?? "") : null;
  const of = `${review.authorName}'s review of ${review.productName}`;
  return (
    <fetcher.Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="reviewId" value={review.id} />
      {review.status !== "approved" && (
        <Button type="submit" name="status" value="approved" size={size} disabled={sending !== null} aria-label={`Approve ${of}`}>
          <Icon of={Check} /> {sending === "approved" ? "Approving…" : "Approve"}
        </Button>
      )}
      {review.status !== "hidden" && (
        <Button
          type="submit"
          name="status"
          value="hidden"
          size={size}
          variant="outline"
          disabled={sending !== null}
          aria-label={`Hide ${of}`}
        >
          <Icon of={EyeOff} /> {sending === "hidden" ? "Hiding…" : "Hide"}
        </Button>
      )}
    </fetcher.Form>
  );
}
