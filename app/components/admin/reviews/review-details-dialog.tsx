import { Link } from "react-router";
import { DetailsDialog, DetailsField as Field, DetailsSection } from "~/components/admin/list/details-dialog";
import type { UrlDialog } from "~/components/admin/list/use-url-dialog";
import { ReviewStars, starsLabel } from "~/components/storefront/product/reviews/review-stars";
import { formatDateTime } from "~/lib/dates";
import { imageSrc, productImageSources } from "~/lib/images";
import type { AdminReviewRow } from "~/modules/reviews/review-moderation.server";
import { ReviewModerationButtons } from "./review-moderation-buttons";
import { ReviewStatusBadge, reviewStatusLabel } from "./review-status-badge";

const link = "text-forest underline-offset-4 hover:underline";

/** One review in full: the text, the photo, who wrote it from which order, and who moderated it. */
export function ReviewDetailsDialog({ dialog, review, timeZone }: { dialog: UrlDialog; review: AdminReviewRow | null; timeZone: string }) {
  return (
    <DetailsDialog
      id="review-details"
      state={dialog.state}
      onClose={dialog.close}
      title={review ? `Review of ${review.productName}` : null}
      description={review ? `By ${review.authorName}, written ${formatDateTime(review.createdAt, timeZone)}` : ""}
      loadingLabel="Loading review"
      missing={{ title: "Review not found", body: "This review no longer exists. It may have been opened from an old link." }}
    >
      {review && (
        <>
          <div className="mt-5 flex flex-wrap items-center gap-3">
            <ReviewStatusBadge status={review.status} />
            <ReviewStars rating={review.rating} label={starsLabel(review.rating)} />
            <span className="text-sm text-stone">{starsLabel(review.rating)}</span>
          </div>
          <DetailsSection title="Review" className="mt-6">
            <div className="grid gap-5 sm:grid-cols-[1fr_auto]">
              <div className="min-w-0 rounded-md border border-border bg-white p-4">
                {review.title && <p className="font-semibold text-charcoal">{review.title}</p>}
                <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-line text-charcoal">{review.body}</p>
              </div>
              {review.photoUrl && (
                <a href={imageSrc(review.photoUrl, 960)} target="_blank" rel="noreferrer" className="block w-40 justify-self-start">
                  <img
                    {...productImageSources(review.photoUrl, 160)}
                    alt={`Photo with ${review.authorName}'s review`}
                    width={160}
                    height={200}
                    className="aspect-[4/5] w-40 rounded-md border border-border object-cover"
                  />
                  <span className="mt-1 block text-xs text-stone">Open full size</span>
                </a>
              )}
            </div>
          </DetailsSection>
          <DetailsSection title="About it">
            <dl className="grid gap-x-6 gap-y-3 rounded-md border border-border bg-white p-4 text-sm sm:grid-cols-2">
              <Field label="Product">
                <Link className={link} to={`/product/${review.productId}`}>
                  {review.productName}
                </Link>
              </Field>
              <Field label="Author">
                {review.authorName}
                {review.authorEmail && <span className="block text-stone">{review.authorEmail}</span>}
              </Field>
              <Field label="Delivered order">{review.orderNumber ?? "—"}</Field>
              <Field label="Last changed">{formatDateTime(review.updatedAt, timeZone)}</Field>
              <Field label="Status" className="sm:col-span-2">
                {reviewStatusLabel[review.status]}
                {review.moderatedBy && review.moderatedAt && (
                  <span className="text-stone">
                    {" "}
                    · by {review.moderatedBy}, {formatDateTime(review.moderatedAt, timeZone)}
                  </span>
                )}
              </Field>
            </dl>
          </DetailsSection>
          <div className="mt-6 flex justify-end">
            <ReviewModerationButtons review={review} size="default" />
          </div>
        </>
      )}
    </DetailsDialog>
  );
}
