import { useState } from "react";
import { Button } from "~/components/ui/button";
import type { ProductReviews as ProductReviewsData, PublicReview, ReviewPage } from "~/modules/reviews/product-reviews.server";
import { formatRating } from "~/modules/reviews/review-display";
import { OwnReviewPanel } from "./own-review-panel";
import { ReviewCard } from "./review-card";
import { ReviewStars } from "./review-stars";

/**
 * The product page's Reviews section: the real average, count and spread of approved reviews
 * with the newest first and "Show more", or "No reviews yet" and who may review. The visitor's
 * own part (write, or their review awaiting approval) is filled in after load.
 */
export function ProductReviews({ productId, reviews, timeZone }: { productId: number; reviews: ProductReviewsData; timeZone: string }) {
  const { summary, first } = reviews;
  const [extra, setExtra] = useState<PublicReview[]>([]);
  const [next, setNext] = useState<{ page: number; hasMore: boolean }>({ page: first.page + 1, hasMore: first.hasMore });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const shown = [...first.reviews, ...extra.filter((r) => !first.reviews.some((f) => f.id === r.id))];

  async function showMore() {
    setLoading(true);
    setFailed(false);
    try {
      const response = await fetch(`/api/products/${productId}/reviews?page=${next.page}`, { headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(String(response.status));
      const page = (await response.json()) as ReviewPage;
      setExtra((current) => [...current, ...page.reviews]);
      setNext({ page: page.page + 1, hasMore: page.hasMore });
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-24 scroll-mt-28">
      <div className="grid gap-10 lg:grid-cols-[20rem_1fr] lg:gap-16">
        <div>
          <h2 id="reviews-heading" className="text-3xl font-semibold md:text-4xl">
            Reviews
          </h2>
          {summary.average !== null ? (
            <div className="mt-5">
              <p className="flex items-end gap-3">
                <span className="font-display text-5xl leading-none font-semibold">{formatRating(summary.average)}</span>
                <span className="pb-1 text-sm text-stone">out of 5</span>
              </p>
              <ReviewStars rating={summary.average} size="lg" className="mt-3" />
              <p className="mt-2 text-sm text-stone">
                Based on {summary.count} {summary.count === 1 ? "review" : "reviews"} from verified buyers
              </p>
              <dl className="mt-6 grid gap-2">
                {summary.distribution.map((n, index) => {
                  const stars = 5 - index;
                  return (
                    <div key={stars} className="grid grid-cols-[3.5rem_1fr_2rem] items-center gap-3 text-sm">
                      <dt className="text-stone">
                        {stars} {stars === 1 ? "star" : "stars"}
                      </dt>
                      <dd className="contents">
                        <span className="h-1.5 overflow-hidden rounded-full bg-sand" aria-hidden>
                          <span className="block h-full rounded-full bg-gold" style={{ width: `${(n / summary.count) * 100}%` }} />
                        </span>
                        <span className="text-right tabular-nums">{n}</span>
                      </dd>
                    </div>
                  );
                })}
              </dl>
            </div>
          ) : (
            <div className="mt-5">
              <p className="text-lg font-semibold">No reviews yet</p>
              <p className="mt-2 text-sm leading-relaxed text-stone">
                Reviews come only from customers whose order with this piece has been delivered, and our team reads each one before it
                appears.
              </p>
            </div>
          )}
        </div>
        <div>
          <OwnReviewPanel productId={productId} timeZone={timeZone} />
          {shown.length > 0 ? (
            <>
              <div className="divide-y divide-border border-y border-border">
                {shown.map((review) => (
                  <ReviewCard key={review.id} review={review} />
                ))}
              </div>
              {next.hasMore && (
                <div className="mt-6 flex flex-wrap items-center gap-4">
                  <Button variant="outline" onClick={() => void showMore()} disabled={loading}>
                    {loading ? "Loading…" : "Show more reviews"}
                  </Button>
                  {failed && (
                    <p role="alert" className="text-sm text-destructive">
                      More reviews could not be loaded. Please try again.
                    </p>
                  )}
                </div>
              )}
            </>
          ) : (
            // Said to everyone in the cached page; hidden once the visitor's own panel (after load) says more.
            <div className="rounded-sm border border-dashed border-border px-6 py-10 text-center text-sm text-stone [.own-review~&]:hidden">
              Bought this piece? Once your order has been delivered you can review it here or from your order.
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
