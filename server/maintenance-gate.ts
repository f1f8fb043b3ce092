import type { AppLoadContext } from "react-router";
import { lookupViewer } from "~/modules/auth/session.server";
import { isClosedForMaintenance, MAINTENANCE_HEADERS, MAINTENANCE_MESSAGE } from "~/modules/settings/maintenance.server";
import { getStoreSettings } from "~/modules/settings/settings.server";

type GateContext = Pick<AppLoadContext, "auth" | "database" | "log" | "clientIp">;

/** Pages render the maintenance page (root loader); `refusal` answers everything else at once. */
export type MaintenanceVerdict = { closed: false } | { closed: true; refusal: Response | null };

const RESOURCE_PATH = /^\/(api\/|sitemap\.xml$|robots\.txt$)/i;

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
 * - the JSON API and the sitemap: 503 with a short message.
 *
 * Settings are read from their cache, and the session only when the shop is closed and the
 * visitor carries a sign-in cookie (admins keep the whole shop).
 */
export async function maintenanceVerdict(request: Request, context: GateContext): Promise<MaintenanceVerdict> {
  const settings = await getStoreSettings(context.database.db);
  if (!settings.maintenanceMode) return { closed: false };
  const url = new URL(request.url);
  const { path: requested, isData } = pagePath(url.pathname);
  // Sent back as a redirect below: one leading slash, so "//elsewhere" cannot leave the shop.
  const path = `/${requested.replace(/^\/+/, "")}`;
  if (!isClosedForMaintenance(path, settings, null)) return { closed: false };
  const { viewer } = await lookupViewer(request, context);
  if (!isClosedForMaintenance(path, settings, viewer)) return { closed: false };

  const closedHeaders = MAINTENANCE_HEADERS;
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
  if (RESOURCE_PATH.test(path)) {
    const json = path.toLowerCase().startsWith("/api/");
    return {
      closed: true,
      refusal: json
        ? Response.json({ error: MAINTENANCE_MESSAGE }, { status: 503, headers: closedHeaders })
        : new Response(MAINTENANCE_MESSAGE, { status: 503, headers: { ...closedHeaders, "Content-Type": "text/plain; charset=utf-8" } }),
    };
  }
  if (request.method !== "GET" && request.method !== "HEAD") {
    return { closed: true, refusal: new Response(null, { status: 303, headers: { ...closedHeaders, Location: path + url.search } }) };
  }
  return { closed: true, refusal: null };
}
