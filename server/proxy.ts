import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { lastForwardedValue } from "~/lib/http.server";

/**
 * What a request says about where it came from. Without TRUST_PROXY only the socket counts.
 * With it, the shop sits behind one reverse proxy that appends to X-Forwarded-For and sets
 * X-Forwarded-Proto: the last X-Forwarded-For entry is the address the proxy saw (entries
 * before it were sent by the client and are ignored: they would let anyone pick the address
 * the rate limits count).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = lastForwardedValue(c.req.header("x-forwarded-for"));
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** The visitor reached the shop over https: the configured origin says so, or the trusted proxy does. */
export function reachedOverHttps(request: Request, origin: string, trustProxy: boolean): boolean {
  if (origin.startsWith("https://")) return true;
  if (new URL(request.url).protocol === "https:") return true;
  return trustProxy && lastForwardedValue(request.headers.get("x-forwarded-proto"))?.toLowerCase() === "https";
}

/**
 * Adds `Secure` to every cookie the response sets: behind a TLS proxy (TRUST_PROXY=1 and
 * X-Forwarded-Proto: https) the sign-in cookie must never travel over plain http, even when
 * PUBLIC_URL was left unset.
 */
export function makeCookiesSecure(response: Response): Response {
  const cookies = response.headers.getSetCookie();
  if (!cookies.length) return response;
  response.headers.delete("set-cookie");
  for (const cookie of cookies) response.headers.append("set-cookie", /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`);
  return response;
}
