import { data, redirect, type AppLoadContext } from "react-router";
import { ADMIN_ROUTES, type AdminRoutePath } from "./admin-access";
import { isStaffRole, meets, ROLE_LABELS, type CapabilityNeed, type Role } from "./capabilities";
import { getUserRole } from "./roles.server";
import { hasAuthCookie } from "./auth-cookies";
import { CLIENT_IP_HEADER } from "./auth-rate-limits.server";
import { readSessionQuickly } from "./session-read.server";
import { enforceStaffTwoFactor } from "./staff-two-factor.server";

/** The signed-in person as pages see them. */
export interface Viewer {
  id: string;
  email: string;
  name: string;
  /** owner, manager, staff, accountant or customer (a suspended member reads as customer). */
  role: Role;
  /** Any staff role, not suspended: the admin opens for them (what they may do there: capabilities.ts). */
  isAdmin: boolean;
  sessionExpiresAt: string;
}

/** What a loader needs from the context to find the viewer. */
type AuthContext = Pick<AppLoadContext, "auth" | "database" | "log" | "clientIp">;

/**
 * The request as better-auth should see it: the same headers plus the client address we
 * computed (any value the browser sent under that name is replaced).
 */
export function headersForAuth(request: Request, context: Pick<AppLoadContext, "clientIp">): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, context.clientIp);
  return headers;
}

interface ViewerLookup {
  viewer: Viewer | null;
  /** Set-Cookie headers when the session was renewed; send them with the response. */
  headers: Headers;
}

/**
 * One lookup per request, shared by the root and page loaders and by the server's gates (body
 * limit, maintenance), which run from another copy of this module (the server runs from source,
 * the app from its bundle): kept on globalThis, like the storefront change registry.
 */
const LOOKUPS_KEY = Symbol.for("ahenfie.viewer-lookups");
const lookups: WeakMap<Request, Promise<ViewerLookup>> = ((
  globalThis as Record<symbol, WeakMap<Request, Promise<ViewerLookup>> | undefined>
)[LOOKUPS_KEY] ??= new WeakMap());

export function lookupViewer(request: Request, context: AuthContext): Promise<ViewerLookup> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = readViewer(request, context);
    lookups.set(request, lookup);
  }
  return lookup;
}

async function readViewer(request: Request, context: AuthContext): Promise<ViewerLookup> {
  const empty = { viewer: null, headers: new Headers() };
  // Cheap pre-check: without a sign-in cookie there is nobody to look up.
  if (!hasAuthCookie(request.headers.get("cookie"))) return empty;
  // The everyday case in one query; anything else (renewal, expiry, a bad cookie) is better-auth's.
  const quick = await readSessionQuickly(request, context);
  if (quick) return { viewer: quick, headers: new Headers() };
  const { response: session, headers } = await context.auth.api.getSession({
    headers: headersForAuth(request, context),
    returnHeaders: true,
  });
  if (!session) return { viewer: null, headers };
  const role = await getUserRole(context.database.db, session.user.id, context.log);
  return {
    viewer: {
      id: session.user.id,
      email: session.user.email,
      name: session.user.name,
      role,
      isAdmin: isStaffRole(role),
      sessionExpiresAt: new Date(session.session.expiresAt).toISOString(),
    },
    headers,
  };
}

export async function getViewer(request: Request, context: AuthContext): Promise<Viewer | null> {
  return (await lookupViewer(request, context)).viewer;
}

/**
 * The page a request is for, as the visitor's address bar shows it. Loaders get the request as
 * it came (react-router.config.ts, `v8_passThroughRequests`): a client navigation asks for
 * `/account.data?_routes=…` (`/_root.data` for the home page), which is no address to go back to.
 */
export function pageAddress(request: Request): string {
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) {
    const path = url.pathname.slice(0, -".data".length);
    url.pathname = path === "/_root" ? "/" : path;
    url.searchParams.delete("_routes");
  }
  url.searchParams.delete("index");
  return url.pathname + url.search;
}

/** /auth with a way back to the page the visitor wanted. */
export function signInUrl(request: Request): string {
  const back = pageAddress(request);
  return back === "/" ? "/auth" : `/auth?redirectTo=${encodeURIComponent(back)}`;
}

/** The signed-in viewer, or a redirect to /auth (then back here). */
export async function requireUser(request: Request, context: AuthContext): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (!viewer) throw redirect(signInUrl(request));
  return viewer;
}

/**
 * The one gate of the admin (decision 047): every admin loader and action comes through here,
 * directly (requireStaffPage) or through guardAction. It returns the signed-in staff member with
 * their role; the hooks to come (a second factor, re-authentication, the activity log's "who")
 * belong here. In order:
 *   - nobody signed in: redirect to /auth (and back);
 *   - a customer (or a suspended member): pages are sent home, posts and downloads refused (403);
 *   - a staff member whose role lacks `need`: 403, which the admin shows as Access Denied.
 */
export async function requireStaff(request: Request, context: AuthContext, need?: CapabilityNeed): Promise<Viewer> {
  const viewer = await requireUser(request, context);
  if (!viewer.isAdmin) {
    if (request.method === "GET" || request.method === "HEAD") throw redirect("/");
    // The admin layout's error boundary shows the Access Denied screen with these.
    throw data({ message: "You do not have admin privileges.", email: viewer.email, role: viewer.role }, { status: 403 });
  }
  // The owner's rule (decision 048): staff without an authenticator app reach only Sign-in security.
  await enforceStaffTwoFactor(context.database.db, request, pageAddress(request).split("?")[0] ?? "", viewer);
  if (need !== undefined && !meets(viewer.role, need)) throw roleRefusal(viewer);
  return viewer;
}

/** An admin route's loader: the staff member, if their role opens this route (admin-access.ts). */
export function requireStaffPage(request: Request, context: AuthContext, route: AdminRoutePath): Promise<Viewer> {
  return requireStaff(request, context, ADMIN_ROUTES[route].page);
}

/** The 403 for a staff member whose role does not include what they asked for. */
export function roleRefusal(viewer: Viewer, what = "this page") {
  const label = ROLE_LABELS[viewer.role];
  return data(
    {
      message: `Your role (${label}) does not include ${what}. Ask the shop's owner if you need it.`,
      email: viewer.email,
      role: label,
      isAdmin: true,
    },
    { status: 403 },
  );
}
