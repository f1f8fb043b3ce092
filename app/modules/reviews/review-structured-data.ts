import type { ProductReviews } from "./product-reviews.server";
import { formatRating } from "./review-display";

/**
 * The `aggregateRating` and `review` of a Product's JSON-LD: only from approved reviews, and
 * nothing at all without one (docs/product-rules.md §13 "Reviews are real": a rating nobody gave must never
 * reach search engines).
 */
export function reviewsJsonLd({ summary, first }: ProductReviews): Record<string, unknown> {
  if (summary.count === 0 || summary.average === null) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: formatRating(summary.average),
      reviewCount: summary.count,
      bestRating: "5",
      worstRating: "1",
    },
    review: first.reviews.map((review) => ({
      "@type": "Review",
      author: { "@type": "Person", name: review.author },
      datePublished: review.createdAt.slice(0, 10),
      name: review.title ?? undefined,
      reviewBody: review.body,
      reviewRating: { "@type": "Rating", ratingValue: String(review.rating), bestRating: "5", worstRating: "1" },
    })),
  };
}
