import { data } from "react-router";
import { z } from "zod";
import { productIdSchema } from "~/modules/catalog/catalog.schema";
import { approvedReviews } from "~/modules/reviews/product-reviews.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/product-reviews";

const pageSchema = z.coerce.number().int().min(1).max(10_000).catch(1);

/** A page of a product's approved reviews, newest first: the product page's "Show more". The same for everyone. */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const id = productIdSchema.safeParse(params.productId);
  if (!id.success) return data({ reviews: [], page: 1, hasMore: false }, { status: 404 });
  const page = pageSchema.parse(url.searchParams.get("page") ?? 1);
  const { timezone } = await getStoreSettings(context.database.db);
  const reviews = await approvedReviews(context.database.db, id.data, timezone, page);
  return data(reviews, { headers: { "Cache-Control": "public, max-age=0, s-maxage=10" } });
}
