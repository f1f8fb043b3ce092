import { data } from "react-router";
import { PRIVATE_PAGE_CACHE_CONTROL } from "~/lib/cache-control";
import { getViewer } from "~/modules/auth/session.server";
import { productIdSchema } from "~/modules/catalog/catalog.schema";
import { reviewStanding } from "~/modules/reviews/reviews.server";
import type { Route } from "./+types/my-review";

/**
 * The visitor's own standing on a product's reviews: signed in, may review (a delivered order of
 * theirs holds it), and their review with its status. The product page is cached and shared, so
 * it asks this after load; never stored anywhere.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const headers = { "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL };
  const id = productIdSchema.safeParse(params.productId);
  if (!id.success) return data({ signedIn: false, eligible: false, review: null }, { status: 404, headers });
  const viewer = await getViewer(request, context);
  return data(await reviewStanding(context.database.db, viewer?.id ?? null, id.data), { headers });
}
