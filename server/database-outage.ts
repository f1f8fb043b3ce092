import crypto from "node:crypto";

/**
 * What a visitor is answered while the database is away (decision 023): made here, from nothing
 * but a string, because nothing else can be relied on then (not the database, not React
 * Router's root loader, not the stylesheet). A page gets a small "back in a moment" page in the
 * shop's ivory and charcoal that tries again by itself; the JSON API and React Router's data
 * requests a JSON 503. Every answer says when to come back (`Retry-After`) and is kept by nobody.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_OUTAGE_MESSAGE =
  "We're back in a moment: the shop cannot reach its records just now. Please try again in a few seconds; " +
  "trying again never places an order twice.";

/** The name the page carries when the shop's settings could not be read even once. */
export const FALLBACK_STORE_NAME = "Ahenfie";

const STYLE = [
  "html{color-scheme:light}",
  "body{margin:0;min-height:100vh;display:grid;place-items:center;background:#fbf8f1;color:#1e1b18;",
  "font:16px/1.6 Manrope,system-ui,-apple-system,'Segoe UI',sans-serif}",
  "main{max-width:32rem;margin:2rem;padding:2.5rem 2rem;border:1px solid #ddd2bd;border-radius:4px;background:#fff;text-align:center}",
  "p.brand{margin:0 0 1.5rem;font:600 .8rem/1 Manrope,system-ui,sans-serif;letter-spacing:.2em;text-transform:uppercase;color:#0f3d2e}",
  "h1{margin:0 0 1rem;font:500 2rem/1.2 'Cormorant Garamond',Georgia,serif}",
  "p{margin:0 0 1rem;color:#5f574d}",
  "a{color:#0f3d2e;font-weight:600}",
].join("");
const STYLE_HASH = `'sha256-${crypto.createHash("sha256").update(STYLE).digest("base64")}'`;
export const BRIEF_PAGE_POLICY = `default-src 'none'; style-src ${STYLE_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The requests answered in JSON: the API and React Router's data requests (client navigation, form posts). */
export function wantsJson(pathname: string): boolean {
  return /^\/+api(\/|$)/i.test(pathname) || pathname.endsWith(".data");
}

export function databaseOutagePage(storeName: string, { refresh }: { refresh: boolean }): string {
  return briefPage({
    storeName,
    title: "Back in a moment",
    heading: "We'll be back in a moment",
    // A page asked for by GET looks again by itself; a form's answer is left for the shopper to resend.
    refreshSeconds: refresh ? DATABASE_RETRY_AFTER_SECONDS * 2 : null,
    paragraphs: [
      "The shop cannot reach its records just now. This usually takes only a few seconds.",
      refresh
        ? "This page will try again by itself. Your cart is kept on this device."
        : "Please go back and send it again in a few seconds: trying again never places an order twice.",
    ],
  });
}

/** Under the brief pages' policy (BRIEF_PAGE_POLICY): a page made from nothing but strings, in the shop's colours. */
export function briefPage({ storeName, title, heading, paragraphs, refreshSeconds }: BriefPageText): string {
  const name = escapeHtml(storeName.trim() || FALLBACK_STORE_NAME);
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="robots" content="noindex">',
    refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">` : "",
    `<title>${escapeHtml(title)} · ${name}</title>`,
    `<style>${STYLE}</style></head>`,
    `<body><main><p class="brand">${name}</p>`,
    `<h1>${escapeHtml(heading)}</h1>`,
    ...paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`),
    "</main></body></html>",
  ].join("");
}

interface BriefPageText {
  storeName: string;
  title: string;
  heading: string;
  paragraphs: string[];
  /** The page loads itself again after this many seconds (a page asked for by GET). */
  refreshSeconds: number | null;
}

/** Answers made here: sent as they are (no stylesheet put into them, never stored). */
const outageAnswers = new WeakSet<Response>();

export function isDatabaseOutageAnswer(response: Response): boolean {
  return outageAnswers.has(response);
}

/** The 503 for `request` while the database is away: the page, or JSON for the API and data requests. */
export function databaseOutageAnswer(request: Request, storeName: string): Response {
  const response = outageAnswer(request, storeName);
  outageAnswers.add(response);
  return response;
}

function outageAnswer(request: Request, storeName: string): Response {
  const headers = new Headers({ "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" });
  if (wantsJson(new URL(request.url).pathname)) {
    // `error` for any client; `ok` and `message` as the shop's own forms read a refusal (checkout's toast).
    return Response.json({ error: DATABASE_OUTAGE_MESSAGE, ok: false, message: DATABASE_OUTAGE_MESSAGE }, { status: 503, headers });
  }
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Content-Security-Policy", BRIEF_PAGE_POLICY);
  const body = request.method === "HEAD" ? null : databaseOutagePage(storeName, { refresh: request.method === "GET" });
  return new Response(body, { status: 503, headers });
}
