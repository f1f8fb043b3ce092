import { data } from "react-router";
import { z } from "zod";
import { searchParam } from "~/lib/input";
import { searchSuggestions } from "~/modules/catalog/search-suggestions.server";
import type { Route } from "./+types/search-suggestions";

/**
 * The same for every shopper, so shared caches and browsers may keep an answer briefly: typing
 * the same prefix again (or another shopper typing it) costs nothing. Sixty seconds at most, so a
 * product renamed or hidden leaves the suggestions within a minute.
 */
const CACHE_CONTROL = "public, max-age=60, s-maxage=60";

const querySchema = z.object({ q: searchParam });

/** The header search's suggestions: `GET /api/search-suggestions?q=kaf` (public, no session). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const parsed = querySchema.safeParse({ q: url.searchParams.get("q") ?? undefined });
  if (!parsed.success) {
    return data(
      { error: parsed.error.issues[0]?.message ?? "Search is not valid" },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const suggestions = await searchSuggestions(context.database.db, parsed.data.q);
  return data(suggestions, { headers: { "Cache-Control": CACHE_CONTROL } });
}
