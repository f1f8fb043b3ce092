import { imageSrc, productImageSources } from "~/lib/images";
import type { PublicReview } from "~/modules/reviews/product-reviews.server";
import { ReviewStars, starsLabel } from "./review-stars";

/** One review as shoppers read it: stars, title, text, author ("Ama M."), date (written out by the server), photo. */
export function ReviewCard({
  review,
}: {
  review: Pick<PublicReview, "rating" | "title" | "body" | "photoUrl" | "createdAt" | "createdOn"> & { author: string };
}) {
  return (
    <article className="grid gap-4 py-6 sm:grid-cols-[1fr_auto]">
      <div className="min-w-0">
        <ReviewStars rating={review.rating} label={starsLabel(review.rating)} />
        {review.title && <h3 className="mt-2 font-sans text-base font-semibold text-charcoal">{review.title}</h3>}
        <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-line text-charcoal/90">{review.body}</p>
        <p className="mt-3 text-xs tracking-wide text-stone">
          <span className="font-semibold text-charcoal">{review.author}</span> · Verified buyer ·{" "}
          <time dateTime={review.createdAt}>{review.createdOn}</time>
        </p>
      </div>
      {review.photoUrl && (
        <a href={imageSrc(review.photoUrl, 960)} target="_blank" rel="noreferrer" className="block w-24 sm:w-28">
          <img
            {...productImageSources(review.photoUrl, "(min-width: 640px) 112px, 96px")}
            alt={`Photo from ${review.author}'s review`}
            width={112}
            height={140}
            loading="lazy"
            className="aspect-[4/5] w-full rounded-sm bg-sand object-cover transition hover:opacity-90"
          />
        </a>
      )}
    </article>
  );
}
