import { matchRoutes, type AppLoadContext, type RouteObject, type ServerBuild } from "react-router";
import { lookupViewer } from "~/modules/auth/session.server";
import { isClosedForMaintenance, MAINTENANCE_HEADERS, MAINTENANCE_MESSAGE } from "~/modules/settings/maintenance.server";
import { getStoreSettings } from "~/modules/settings/settings.server";

type GateContext = Pick<AppLoadContext, "auth" | "database" | "log" | "clientIp">;

/** Pages render the maintenance page (root loader); `refusal` answers everything else at once. */
export type MaintenanceVerdict = { closed: false } | { closed: true; refusal: Response | null };

/** Without a route table (the dev server): the resources known to answer without the root loader. */
const RESOURCE_PATH = /^\/(api\/|sitemap\.xml$|robots\.txt$)/i;

/**
 * The path as the router matches it: each segment percent-decoded ("/%61pi" is "/api"), an
 * encoded slash kept encoded (React Router's own decoding). Null when the encoding is malformed:
 * the router would match it undecoded, so such a request is simply refused while closed.
 */
export function routerPath(pathname: string): string | null {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return null;
  }
}

/**
 * A test for paths a page answers (a route with a component, under the root loader that shows
 * the maintenance page), read off the build's route table; every other path (a resource route:
 * the JSON API, the sitemap, a feed added later) is a resource, closed by default.
 */
export function pagePathsOf(routes: ServerBuild["routes"]): (path: string) => boolean {
  const tree = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes)
      .filter((route) => route?.parentId === parentId)
      .map((route) => {
        const children = tree(route!.id);
        return {
          id: route!.id,
          path: route!.path,
          caseSensitive: route!.caseSensitive,
          handle: typeof route!.module.default === "function",
          ...(route!.index ? { index: true } : { children }),
        } as RouteObject;
      });
  const roots = tree(undefined);
  return (path) => {
    const matches = matchRoutes(roots, path);
    return matches?.at(-1)?.route.handle === true;
  };
}

/** The page a `.data` request (client navigation or form post) belongs to: `/_root.data` is `/`. */
function pagePath(pathname: string): { path: string; isData: boolean } {
  if (!pathname.endsWith(".data")) return { path: pathname, isData: false };
  const path = pathname.slice(0, -".data".length);
  return { path: path === "/_root" ? "/" : path, isData: true };
}

/**
 * Maintenance mode, enforced for every request in this one place, before any route code runs
 * (a route's action, a loader skipped by a client navigation and a resource route would each
 * otherwise answer on their own):
 *
 * - a page (GET): rendered by React Router, whose root loader shows the maintenance page (503);
 * - a client navigation's data or a form post made by the app: told to reload the page, which
 *   then shows the maintenance page (a data payload or an action's work would leak past it);
 * - a form posted without JavaScript: sent to the page (303), the same;
 * - anything else (the JSON API, the sitemap, any resource route: default deny): 503 with a short message.
 *
 * It decides on the path the router will match (percent-decoded; a malformed one is refused).
 *
 * Settings are read from their cache, and the session only when the shop is closed and the
 * visitor carries a sign-in cookie (admins keep the whole shop).
 */
export async function maintenanceVerdict(
  request: Request,
  context: GateContext,
  isPage?: (path: string) => boolean,
): Promise<MaintenanceVerdict> {
  const settings = await getStoreSettings(context.database.db);
  if (!settings.maintenanceMode) return { closed: false };
  const url = new URL(request.url);
  const { path: requested, isData } = pagePath(url.pathname);
  // Decided on the path the router will match, so an encoded "/%61pi/…" is "/api/…" here too.
  const decoded = routerPath(requested);
  // Sent back as a redirect below: one leading slash, so "//elsewhere" cannot leave the shop.
  const path = `/${(decoded ?? requested).replace(/^\/+/, "")}`;
  const closedHeaders = MAINTENANCE_HEADERS;
  const closedResource = (json: boolean): MaintenanceVerdict => ({
    closed: true,
    refusal: json
      ? Response.json({ error: MAINTENANCE_MESSAGE }, { status: 503, headers: closedHeaders })
      : new Response(MAINTENANCE_MESSAGE, { status: 503, headers: { ...closedHeaders, "Content-Type": "text/plain; charset=utf-8" } }),
  });
  if (decoded !== null && !isClosedForMaintenance(path, settings, null)) return { closed: false };
  const { viewer } = await lookupViewer(request, context);
  if (viewer?.isAdmin) return { closed: false };
  if (decoded === null) return closedResource(false);

  if (isData) {
    // React Router's protocol for "load this page as a document" (its single-fetch redirect).
    return {
      closed: true,
      refusal: new Response(null, {
        status: 204,
        headers: { ...closedHeaders, "X-Remix-Redirect": path, "X-Remix-Status": "302", "X-Remix-Reload-Document": "true" },
      }),
    };
  }
  // Default deny: only a page renders (its root loader shows the maintenance page); anything
  // else closed is refused here, whatever resource route answers it.
  if (isPage ? !isPage(path) : RESOURCE_PATH.test(path)) return closedResource(path.toLowerCase().startsWith("/api/"));
  if (request.method !== "GET" && request.method !== "HEAD") {
    return { closed: true, refusal: new Response(null, { status: 303, headers: { ...closedHeaders, Location: path + url.search } }) };
  }
  return { closed: true, refusal: null };
}
