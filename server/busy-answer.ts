import { BRIEF_PAGE_POLICY, briefPage, wantsJson } from "./database-outage";

/** How soon a visitor turned away by a full render queue (server/render-queue.ts) is told to try again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

export const BUSY_MESSAGE = "A great many visitors are with us right now. Please try again in a few seconds.";

/** Answers made here: sent as they are (no stylesheet put into them, never stored). */
const busyAnswers = new WeakSet<Response>();

export function isBusyAnswer(response: Response): boolean {
  return busyAnswers.has(response);
}

/** A busy answer as plain parts, for the http layer to write itself (server/render-admission.ts). */
export interface BusyAnswerParts {
  status: number;
  headers: [string, string][];
  /** UTF-8 bytes, or null (a HEAD request, a data request's redirect). */
  body: Buffer | null;
}

/**
 * The 503 of a page render turned away because every render slot was taken for too long: a brief
 * page that loads itself again in a moment, or JSON for the API. A client navigation's data
 * request is told to load the page as a document instead (React Router's reload redirect), which
 * is then served from the page cache or shows this page.
 */
export function busyAnswer(request: Request, storeName: string): Response {
  const { status, headers, body } = busyAnswerParts(new URL(request.url), request.method, storeName);
  // A Buffer is a Uint8Array, which Response takes; the DOM typings just do not say so.
  const response = new Response(body as unknown as BodyInit | null, { status, headers });
  busyAnswers.add(response);
  return response;
}

/** `busyAnswer`'s status, headers and body for a request of `method` to `url`. */
export function busyAnswerParts(url: URL, method: string, storeName: string): BusyAnswerParts {
  const headers: [string, string][] = [
    ["Retry-After", String(BUSY_RETRY_AFTER_SECONDS)],
    ["Cache-Control", "no-store"],
  ];
  if (url.pathname.endsWith(".data")) {
    const page = url.pathname.slice(0, -".data".length);
    headers.push(
      ["X-Remix-Redirect", (page === "/_root" ? "/" : page) + searchWithoutRoutes(url)],
      ["X-Remix-Status", "302"],
      ["X-Remix-Reload-Document", "true"],
    );
    return { status: 204, headers, body: null };
  }
  if (wantsJson(url.pathname)) {
    headers.push(["Content-Type", "application/json"]);
    return { status: 503, headers, body: Buffer.from(JSON.stringify({ error: BUSY_MESSAGE, ok: false, message: BUSY_MESSAGE })) };
  }
  headers.push(["Content-Type", "text/html; charset=utf-8"], ["Content-Security-Policy", BRIEF_PAGE_POLICY]);
  return { status: 503, headers, body: method === "HEAD" ? null : busyPage(storeName) };
}

/** The busy page's bytes, made once per store name (a flood asks for it hundreds of times a second). */
let lastBusyPage: { storeName: string; bytes: Buffer } | null = null;
function busyPage(storeName: string): Buffer {
  if (lastBusyPage?.storeName !== storeName) {
    const html = briefPage({
      storeName,
      title: "One moment",
      heading: "One moment, please",
      paragraphs: [BUSY_MESSAGE, "This page will reload by itself shortly. Your cart is kept on this device."],
      refreshSeconds: BUSY_RETRY_AFTER_SECONDS,
    });
    lastBusyPage = { storeName, bytes: Buffer.from(html) };
  }
  return lastBusyPage.bytes;
}

/** The page's own query: `_routes` names the routes of a data request only. */
function searchWithoutRoutes(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const text = params.toString();
  return text ? `?${text}` : "";
}
