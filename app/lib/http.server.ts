import type { AppLoadContext } from "react-router";

/**
 * The last value of a header a trusted proxy appends to (`X-Forwarded-For: client, proxy1`):
 * the one our own proxy wrote. Earlier values were sent by the client and prove nothing.
 */
export function lastForwardedValue(header: string | null | undefined): string | undefined {
  const last = header?.split(",").at(-1)?.trim();
  return last || undefined;
}

/**
 * The origins the shop's own pages are served from, which may post to it: with PUBLIC_URL set,
 * that one origin and nothing else (behind a proxy the shop then knows its public address, and
 * no request header can add another); unset, the configured http://localhost:PORT and the same
 * port on 127.0.0.1 (a local try-out). better-auth trusts the same list (server/auth.ts).
 */
export function shopOrigins(config: Pick<AppLoadContext["config"], "publicUrl" | "origin" | "port">): string[] {
  if (config.publicUrl) return [new URL(config.publicUrl).origin];
  return [...new Set([config.origin, `http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`])];
}

/**
 * Mutations must come from our own pages: the Origin header (or, failing that, Referer) must
 * name one of the shop's origins (`shopOrigins`). With PUBLIC_URL unset the host the browser
 * addressed counts too (the Host header a browser sets itself, so another site cannot; nginx
 * set up as docs/deploy/nginx.conf passes it on). X-Forwarded-Host never counts, behind a
 * trusted proxy or not: a proxy that does not set it (nginx by default) passes the client's
 * value through untouched, so the shop cannot tell the proxy's word from the client's.
 * Browsers always send Origin on cross-site POSTs.
 */
export function isSameOrigin(request: Request, context: Pick<AppLoadContext, "config">): boolean {
  const sent = request.headers.get("origin") ?? request.headers.get("referer");
  if (!sent) return false;
  let sentUrl: URL;
  try {
    sentUrl = new URL(sent);
  } catch {
    return false;
  }
  const { config } = context;
  if (shopOrigins(config).includes(sentUrl.origin)) return true;
  if (config.publicUrl) return false;
  return sentUrl.host === (request.headers.get("host") ?? new URL(request.url).host);
}

/** The site's public origin for links, canonicals and emails: always the configured one. */
export function siteOrigin(context: Pick<AppLoadContext, "config">): string {
  return context.config.origin;
}
