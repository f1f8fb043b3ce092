import { z } from "zod";
import { data } from "react-router";
import { parseSerialId } from "~/lib/input";
import { getProductCards } from "~/modules/catalog/storefront-queries.server";
import type { Route } from "./+types/products";

const idsSchema = z
  .string()
  .max(1_000)
  .transform((s) => s.split(",").filter(Boolean).map(parseSerialId))
  .pipe(z.array(z.number()).max(100));

/** Product cards for a list of ids (?ids=1,2,3), used by the wishlist. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const parsed = idsSchema.safeParse(url.searchParams.get("ids") ?? "");
  if (!parsed.success) return data({ products: [], error: "ids must be a comma-separated list of product ids" }, { status: 400 });
  return { products: await getProductCards(context.database.db, parsed.data) };
}
