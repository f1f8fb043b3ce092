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
 * Mutations must come from our own pages: the Origin header (or, failing that, Referer) must
 * name the shop's configured origin, or the host the browser addressed (the Host header a
 * browser sets itself, so another site cannot), or, behind a trusted proxy only, the host the
 * proxy forwarded. Browsers always send Origin on cross-site POSTs.
 */
export function isSameOrigin(request: Request, context: Pick<AppLoadContext, "config">): boolean {
  const sent = request.headers.get("origin") ?? request.headers.get("referer");
  if (!sent) return false;
  let sentHost: string;
  try {
    sentHost = new URL(sent).host;
  } catch {
    return false;
  }
  const hosts = [new URL(context.config.origin).host, request.headers.get("host") ?? new URL(request.url).host];
  if (context.config.trustProxy) {
    const forwarded = lastForwardedValue(request.headers.get("x-forwarded-host"));
    if (forwarded) hosts.push(forwarded);
  }
  return hosts.includes(sentHost);
}

/** The site's public origin for links, canonicals and emails: always the configured one. */
export function siteOrigin(context: Pick<AppLoadContext, "config">): string {
  return context.config.origin;
}
