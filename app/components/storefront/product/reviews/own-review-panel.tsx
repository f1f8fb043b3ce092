import { PenLine } from "lucide";
import { useEffect, useState } from "react";
import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { buttonVariants } from "~/components/ui/button";
import { formatDate } from "~/lib/dates";
import type { ReviewStanding } from "~/modules/reviews/reviews.server";
import { useViewer } from "../../viewer-store";
import { ReviewCard } from "./review-card";

/**
 * The visitor's own part of the reviews section, asked for after load (the product page is
 * cached and shared by every visitor, so nothing personal is in its HTML): "Write a review" for
 * a customer whose delivered order holds the piece, or their own review with its status.
 *
 * Asked only once the header knows someone is signed in (the viewer store: at once from the
 * last page's answer, else when /api/viewer answers): a guest's page view makes no request for
 * it, and no fetch runs on the main thread while the page is still loading.
 */
export function OwnReviewPanel({ productId, timeZone }: { productId: number; timeZone: string }) {
  const viewerEmail = useViewer()?.email;
  // The answer is kept with whom it was asked for: once someone else (or nobody) is signed in, it is not shown.
  const [answer, setAnswer] = useState<{ email: string; standing: ReviewStanding | null } | null>(null);
  const standing = viewerEmail && answer?.email === viewerEmail ? answer.standing : null;
  useEffect(() => {
    if (!viewerEmail) return;
    const controller = new AbortController();
    fetch(`/api/products/${productId}/my-review`, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<ReviewStanding>) : null))
      .then((standing) => setAnswer({ email: viewerEmail, standing }))
      .catch(() => {
        // Offline or aborted: the section simply shows no personal part.
      });
    return () => controller.abort();
  }, [productId, viewerEmail]);

  if (!standing?.signedIn) return null;
  const href = `/product/${productId}/review`;
  const own = standing.review;
  if (own) {
    return (
      <section aria-labelledby="own-review-heading" className="own-review mb-6 rounded-sm border border-gold/40 bg-gold/5 px-5">
        <div className="flex flex-wrap items-center justify-between gap-3 pt-5">
          <h3 id="own-review-heading" className="font-sans text-sm font-bold tracking-[0.14em] uppercase">
            Your review
          </h3>
          <span className="flex items-center gap-3">
            {own.status !== "approved" && (
              <span className="rounded-full bg-sand px-2.5 py-0.5 text-xs font-semibold text-charcoal">
                {own.status === "pending" ? "Awaiting approval" : "Not shown on the shop"}
              </span>
            )}
            {standing.eligible && (
              <Link to={href} className="text-sm font-semibold text-forest underline-offset-4 hover:underline">
                Edit your review
              </Link>
            )}
          </span>
        </div>
        {/* Formatted here, after load and for a reviewer only: the product page's own dates come written out. */}
        <ReviewCard review={{ ...own, author: "You", createdAt: own.updatedAt, createdOn: formatDate(own.updatedAt, timeZone) }} />
      </section>
    );
  }
  if (!standing.eligible) return null;
  return (
    <div className="own-review mb-6 flex flex-wrap items-center justify-between gap-4 rounded-sm border border-gold/40 bg-gold/5 p-5">
      <p className="text-sm text-charcoal">Your order with this piece has been delivered. How does it wear?</p>
      <Link to={href} className={buttonVariants()}>
        <Icon of={PenLine} /> Write a review
      </Link>
    </div>
  );
}
