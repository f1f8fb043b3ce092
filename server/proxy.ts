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

/**
 * A post as React Router must see it. React Router refuses a mutation (400 "Bad Request") whose
 * Origin is not its request URL's origin, and that URL is built from the Host header and the
 * socket: behind a TLS proxy it says http:// (the proxy speaks plain http to the shop), and
 * nginx's `$host` drops a port, so every form on the shop's own pages was refused. A post is
 * handed on under the shop's public address instead: PUBLIC_URL's origin when set (the one
 * origin isSameOrigin accepts then), else https when the trusted proxy says so. Reads, and
 * requests already under the public address, are handed on as they came.
 */
export function asPublicRequest(request: Request, config: { publicUrl: string | undefined; origin: string; trustProxy: boolean }): Request {
  if (request.method === "GET" || request.method === "HEAD") return request;
  const url = new URL(request.url);
  let target: URL;
  if (config.publicUrl) target = new URL(url.pathname + url.search, new URL(config.publicUrl).origin);
  else if (url.protocol === "http:" && reachedOverHttps(request, config.origin, config.trustProxy)) {
    target = new URL(url);
    target.protocol = "https:";
  } else return request;
  if (target.href === url.href) return request;
  return new Request(target, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    // A streamed body (Node's fetch wants this said).
    duplex: "half",
  } as RequestInit);
}
