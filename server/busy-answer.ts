import { BRIEF_PAGE_POLICY, briefPage, wantsJson } from "./database-outage";

/** How soon a visitor turned away by a full render queue (server/render-queue.ts) is told to try again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

export const BUSY_MESSAGE = "A great many visitors are with us right now. Please try again in a few seconds.";

/** Answers made here: sent as they are (no stylesheet put into them, never stored). */
const busyAnswers = new WeakSet<Response>();

export function isBusyAnswer(response: Response): boolean {
  return busyAnswers.has(response);
}

/**
 * The 503 of a page render turned away because every render slot was taken for too long: a brief
 * page that loads itself again in a moment, or JSON for the API. A client navigation's data
 * request is told to load the page as a document instead (React Router's reload redirect), which
 * is then served from the page cache or shows this page.
 */
export function busyAnswer(request: Request, storeName: string): Response {
  const headers = new Headers({ "Retry-After": String(BUSY_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" });
  const url = new URL(request.url);
  let response: Response;
  if (url.pathname.endsWith(".data")) {
    const page = url.pathname.slice(0, -".data".length);
    headers.set("X-Remix-Redirect", (page === "/_root" ? "/" : page) + searchWithoutRoutes(url));
    headers.set("X-Remix-Status", "302");
    headers.set("X-Remix-Reload-Document", "true");
    response = new Response(null, { status: 204, headers });
  } else if (wantsJson(url.pathname)) {
    response = Response.json({ error: BUSY_MESSAGE, ok: false, message: BUSY_MESSAGE }, { status: 503, headers });
  } else {
    headers.set("Content-Type", "text/html; charset=utf-8");
    headers.set("Content-Security-Policy", BRIEF_PAGE_POLICY);
    const body = briefPage({
      storeName,
      title: "One moment",
      heading: "One moment, please",
      paragraphs: [BUSY_MESSAGE, "This page will reload by itself shortly. Your cart is kept on this device."],
      refreshSeconds: BUSY_RETRY_AFTER_SECONDS,
    });
    response = new Response(request.method === "HEAD" ? null : body, { status: 503, headers });
  }
  busyAnswers.add(response);
  return response;
}

/** The page's own query: `_routes` names the routes of a data request only. */
function searchWithoutRoutes(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const text = params.toString();
  return text ? `?${text}` : "";
}
