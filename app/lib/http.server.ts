import type { AppLoadContext } from "react-router";

/**
 * Mutations must come from our own pages: the Origin header (or, failing that, Referer)
 * has to match the request's host. Browsers always send Origin on cross-site POSTs.
 */
export function isSameOrigin(request: Request): boolean {
  const url = new URL(request.url);
  const origin = request.headers.get("origin") ?? request.headers.get("referer");
  if (!origin) return false;
  try {
    const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? url.host;
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** The site's public origin: PUBLIC_URL when set, else the request's own. */
export function siteOrigin(request: Request, context: AppLoadContext): string {
  return context.config.publicUrl ?? new URL(request.url).origin;
}
