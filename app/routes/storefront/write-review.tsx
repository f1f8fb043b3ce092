import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { storeNameOf } from "~/lib/store-meta";
import type { SubmissionResult } from "@conform-to/react";
import { CheckCircle2 } from "lucide";
import { data } from "react-router";
import { Breadcrumbs } from "~/components/storefront/breadcrumbs";
import { ProductImage } from "~/components/storefront/product-image";
import { Button } from "~/components/ui/button";
import { privatePageHeaders } from "~/lib/cache-control";
import { guardAction } from "~/modules/auth/action-guard.server";
import { requireUser } from "~/modules/auth/session.server";
import { productIdSchema } from "~/modules/catalog/catalog.schema";
import { ProductImageError } from "~/modules/catalog/product-errors";
import { saveReviewPhoto } from "~/modules/catalog/product-images.server";
import { getProduct } from "~/modules/catalog/storefront-queries.server";
import { consumeRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { ReviewNotAllowedError } from "~/modules/reviews/review-errors";
import { REVIEW_FORM_MAX_BYTES, reviewFormSchema } from "~/modules/reviews/review.schema";
import { deliveredOrderWith, reviewStanding, submitReview } from "~/modules/reviews/reviews.server";
import { ReviewFormIsland } from "~/islands/write-review";
import type { Route } from "./+types/write-review";
import type { IslandsHandle } from "~/islands/pages";

// Private: the signed-in customer's own review; never stored (app/lib/cache-control.ts).
export const headers = privatePageHeaders;

// Hydrated as islands (declared in app/islands/pages.ts, decision 021): the form is the island, and
// the browser posts it to the action below (the photo with it).
export const handle = { islands: "write-review" } satisfies IslandsHandle;

/** Review posts per customer: plenty for writing and correcting a few reviews, too few to flood staff. */
const REVIEW_LIMIT = { limit: 10, windowMs: 60 * 60_000 };

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => [
  { title: `${loaderData?.product ? `Review ${loaderData.product.name}` : "Write a review"} | ${storeNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

async function productFor(params: Route.LoaderArgs["params"], context: Route.LoaderArgs["context"]) {
  const id = productIdSchema.safeParse(params.productId);
  const product = id.success ? await getProduct(context.database.db, id.data) : null;
  if (!product) throw data({ message: "Product not found" }, { status: 404 });
  return product;
}

/** Signed-in customers only (others go to /auth and come back); what they may do and their review. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const product = await productFor(params, context);
  const standing = await reviewStanding(context.database.db, viewer.id, product.id);
  return {
    product: { id: product.id, name: product.name, image: product.image },
    eligible: standing.eligible,
    review: standing.review,
  };
}

type ActionResult = { ok: true; created: boolean } | { ok: false; result: SubmissionResult<string[]> };

const guardReview = (request: Request, context: Route.ActionArgs["context"]) =>
  guardAction(
    { request, context },
    {
      access: "user",
      schema: reviewFormSchema,
      maxBodyBytes: REVIEW_FORM_MAX_BYTES,
      reply: (refused): ActionResult => ({
        ok: false,
        result:
          refused.reason === "too-large"
            ? { status: "error", error: { "": ["This review is too large to send. Choose a photo of at most 8 MB."] } }
            : refused.result,
      }),
    },
  );

/**
 * Saves the review: the guard (signed in, same origin, the form's schema), the rate limit, the
 * right to review (checked again before a photo is stored), the photo (checked by content as a
 * product photo is), then submitReview (one per customer and product; an edit waits again).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const guarded = await guardReview(request, context);
  if (!guarded.ok) return guarded.response;
  const { viewer, value, form, reply } = guarded;
  const refuse = (status: number, message: string, field?: "photo") =>
    data<ActionResult>(
      { ok: false, result: field ? reply({ fieldErrors: { photo: [message] } }) : reply({ formErrors: [message] }) },
      { status },
    );
  const db = context.database.db;
  const product = await productFor(params, context);

  const limit = await consumeRateLimit(db, `review:user:${viewer.id}`, REVIEW_LIMIT);
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    return refuse(
      429,
      `You have sent many reviews in a short time. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    );
  }
  if (!(await deliveredOrderWith(db, viewer.id, product.id))) return refuse(403, new ReviewNotAllowedError().message);

  let photoUrl: string | undefined;
  const photo = form.get("photo");
  if (photo instanceof File && photo.size > 0) {
    try {
      const bytes = new Uint8Array(await photo.arrayBuffer());
      photoUrl = await saveReviewPhoto({ bytes, type: photo.type, name: photo.name }, context.database.db);
    } catch (error) {
      if (error instanceof ProductImageError) return refuse(400, error.message, "photo");
      throw error;
    }
  }
  try {
    const saved = await submitReview(db, viewer, product.id, value, { photoUrl });
    return data<ActionResult>({ ok: true, created: saved.created });
  } catch (error) {
    if (error instanceof ReviewNotAllowedError) return refuse(403, error.message);
    context.log.error({ err: error }, "saving a review failed");
    return refuse(500, "Your review could not be saved. Please try again.");
  }
}

export default function WriteReview({ loaderData, actionData }: Route.ComponentProps) {
  const { product, eligible, review } = loaderData;
  const productHref = `/product/${product.id}`;
  return (
    <main className="mx-auto max-w-3xl px-4 pt-6 pb-24 md:px-8 md:pt-10">
      <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: product.name, to: productHref }, { label: "Review" }]} />
      <div className="mt-6 flex items-center gap-5">
        <Link to={productHref} className="w-20 shrink-0 overflow-hidden rounded-sm bg-sand md:w-24" tabIndex={-1} aria-hidden>
          <ProductImage base={product.image} alt="" sizes="96px" />
        </Link>
        <div>
          <p className="text-xs font-bold tracking-[0.28em] text-gold-ink uppercase">{review ? "Your review" : "Write a review"}</p>
          <h1 className="mt-1 text-3xl leading-tight font-semibold md:text-4xl">{product.name}</h1>
        </div>
      </div>

      {actionData?.ok ? (
        <section role="status" className="mt-8 rounded-sm border border-forest/25 bg-forest/5 p-6">
          <div className="flex items-start gap-3">
            <Icon of={CheckCircle2} className="mt-0.5 size-6 shrink-0 text-forest" />
            <div>
              <h2 className="text-2xl font-semibold">Thank you for your review</h2>
              <p className="mt-1 text-stone">
                {actionData.created ? "It" : "Your changes"} will appear on the product page once our team has approved{" "}
                {actionData.created ? "it" : "them"}. Until then you will see it there as “Awaiting approval”.
              </p>
              <Button asChild className="mt-5">
                <Link to={`${productHref}#reviews`}>Back to {product.name}</Link>
              </Button>
            </div>
          </div>
        </section>
      ) : eligible ? (
        <section className="mt-8 rounded-sm border border-border bg-white/70 p-6 md:p-8" aria-label="Review form">
          {review && (
            <p className="mb-6 rounded-sm bg-sand/70 px-4 py-3 text-sm text-stone">
              {review.status === "approved"
                ? "Your review is published. Changes you send will be checked by our team again before they appear."
                : review.status === "hidden"
                  ? "Your review is not shown on the shop. You can change it and send it again."
                  : "Your review is awaiting approval. You can still change it."}
            </p>
          )}
          <ReviewFormIsland existing={review} lastResult={actionData && !actionData.ok ? actionData.result : undefined} />
        </section>
      ) : (
        <section className="mt-8 rounded-sm border border-border bg-white/70 p-6">
          <h2 className="text-2xl font-semibold">Reviews come from customers who wear the piece</h2>
          <p className="mt-2 text-stone">
            You can review {product.name} once an order of yours with it has been delivered. Orders you placed as a guest count once they
            belong to this account.
          </p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Button asChild>
              <Link to={productHref}>Back to the product</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/track-order">Your orders</Link>
            </Button>
          </div>
        </section>
      )}
    </main>
  );
}
