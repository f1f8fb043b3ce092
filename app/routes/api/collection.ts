import { data } from "react-router";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/cache-control";
import { COLLECTION_PAGE_SIZE } from "~/modules/catalog/catalog-constants";
import { parseCollectionFilters } from "~/modules/catalog/catalog.schema";
import { listCollection } from "~/modules/catalog/storefront-queries.server";
import type { CollectionAnswer } from "~/modules/catalog/catalog-types";
import type { Route } from "./+types/collection";

/**
 * GET /api/collections/:category?q=…&sort=…: a collection's filters as the page reads them and
 * the page of products they give, for the collection page's filters to show without leaving
 * the page (components/storefront/collection/collection-results.tsx). A query the page refuses
 * is refused the same way (400, `{ message }`). Public, like the page: the page cache keeps it
 * under the same normalised query (app/lib/page-cache-key.ts).
 */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const filters = parseCollectionFilters(url.searchParams);
  const listing = await listCollection(context.database.db, params.category.toLowerCase(), filters, COLLECTION_PAGE_SIZE);
  return data({ filters, listing } satisfies CollectionAnswer, { headers: { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL } });
}
