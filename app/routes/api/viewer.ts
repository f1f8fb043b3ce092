import { data } from "react-router";
import { PRIVATE_PAGE_CACHE_CONTROL } from "~/lib/cache-control";
import { lookupViewer } from "~/modules/auth/session.server";
import { headerViewerOf, type HeaderViewer } from "~/lib/header-viewer";
import type { Route } from "./+types/viewer";

/**
 * Who is signed in, for the header's account menu: `{ viewer: { email, isAdmin } }` or
 * `{ viewer: null }`. Storefront pages are one cached HTML for everyone, so the header asks
 * this after load (components/storefront/viewer-store.ts). Never stored by any cache; it also
 * carries better-auth's renewed session cookie when the session is refreshed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, headers } = await lookupViewer(request, context);
  headers.set("Cache-Control", PRIVATE_PAGE_CACHE_CONTROL);
  const answer: { viewer: HeaderViewer | null } = { viewer: viewer ? headerViewerOf(viewer) : null };
  return data(answer, { headers });
}
