import { data } from "react-router";
import { getProduct } from "~/modules/catalog/storefront-queries.server";
import { productIdSchema } from "~/modules/catalog/catalog.schema";
import type { Route } from "./+types/product";

/** One active product with colours and sizes (Quick View). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = productIdSchema.safeParse(params.productId);
  const product = id.success ? await getProduct(context.database.db, id.data) : null;
  return data({ product }, { status: product ? 200 : 404, headers: { "Cache-Control": "public, max-age=30" } });
}
