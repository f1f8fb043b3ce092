import { parse as parseCookies } from "cookie";
import { eq, sql } from "drizzle-orm";
import crypto from "node:crypto";
import type { AppLoadContext } from "react-router";
import type { Db } from "~db/client";
import { sessions, users } from "~db/schema/auth";
import { userRoles } from "~db/schema/store";
import { isStaffRole } from "./capabilities";
import { effectiveRole } from "./roles.server";
import type { Viewer } from "./session.server";

type ReadContext = Pick<AppLoadContext, "auth" | "database">;

/**
 * The signed-in viewer of a request in one query, for the everyday case: a session cookie whose
 * signature checks out, for a session that exists, has not expired and is not yet due for
 * renewal. Then better-auth's getSession would only have read the session, the user and (our
 * lookup) the role, in three round trips and some 3 ms of CPU, and set no cookie: this reads all
 * three in one query. Every other case returns `undefined`, and the caller asks better-auth
 * (lookupViewer in session.server.ts): a missing, malformed or forged signature, an unknown or
 * expired session (better-auth clears the cookie and deletes the row), a session to renew (it
 * extends it and re-sends the cookie), a leftover session-data cookie (it clears it). Nothing
 * here writes, so nothing here can sign anyone in that better-auth would not.
 *
 * The header asks /api/viewer on every signed-in page view (the pages themselves are one cached
 * copy for everyone), so this is the one per-visitor request of a signed-in shopper's browsing.
 */
export function readSessionQuickly(request: Request, context: ReadContext): Promise<Viewer | undefined> {
  return readSessionByCookie(request.headers.get("cookie"), context);
}

/** readSessionQuickly from the request's Cookie header alone (the http layer has no Web request: server/viewer-listener.ts). */
export async function readSessionByCookie(cookieHeader: string | null, context: ReadContext): Promise<Viewer | undefined> {
  // What better-auth settled on at start-up: its cookies' names, its secret, its session timing.
  const settings = await context.auth.$context;
  // The first cookie of each name, URL-decoded (a quoted value fails the signature check and goes to better-auth).
  const cookies = parseCookies(cookieHeader ?? "");
  if (cookies[settings.authCookies.sessionData.name] !== undefined) return undefined;
  const token = verifiedToken(cookies[settings.authCookies.sessionToken.name], settings.secret);
  if (!token) return undefined;

  const [row] = await viewerQuery(context.database.db).execute({ token });
  if (!row) return undefined;
  const expiresAt = row.expiresAt.getTime();
  const now = Date.now();
  if (expiresAt <= now) return undefined;
  // better-auth's own rule: renew once `updateAge` has passed since the expiry was last set.
  const { expiresIn, updateAge } = settings.sessionConfig;
  if (expiresAt - expiresIn * 1000 + updateAge * 1000 <= now) return undefined;

  // The role is read with the session on every request (no cookie cache): a member demoted or
  // suspended a moment ago has no more staff access on their next click, whatever they hold.
  const role = effectiveRole(row.role, row.suspendedAt);
  return {
    id: row.userId,
    email: row.email,
    name: row.name,
    role,
    isAdmin: isStaffRole(role),
    sessionExpiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * The session, its user and their role by the session's token, built once per database: Drizzle
 * took some 100 µs to build this query's text afresh, on a request that costs two milliseconds.
 */
function viewerQuery(db: Db): ViewerQuery {
  let query = viewerQueries.get(db);
  if (!query) viewerQueries.set(db, (query = buildViewerQuery(db)));
  return query;
}

function buildViewerQuery(db: Db) {
  return db
    .select({
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
      name: users.name,
      role: userRoles.role,
      suspendedAt: userRoles.suspendedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(sessions.token, sql.placeholder("token")))
    .limit(1)
    .prepare("viewer_by_session_token");
}

type ViewerQuery = ReturnType<typeof buildViewerQuery>;
const viewerQueries = new WeakMap<Db, ViewerQuery>();

/**
 * The session token of a signed cookie value (`token.signature`, the signature being the
 * base64 HMAC-SHA256 of the token under the auth secret, as better-auth signs it), or null when
 * the value is missing, malformed or not signed with our secret.
 */
function verifiedToken(value: string | undefined, secret: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = crypto.createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? token : null;
}
