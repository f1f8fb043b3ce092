import type { Context, Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppLoadContext } from "react-router";
import { PRODUCT_FORM_MAX_BYTES } from "~/modules/catalog/product-image-rules";
import { can } from "~/modules/auth/capabilities";
import { lookupViewer } from "~/modules/auth/session.server";
import { REVIEW_FORM_MAX_BYTES } from "~/modules/reviews/review.schema";
import { STORE_LOGO_FORM_MAX_BYTES } from "~/modules/settings/store-logo-rules";
import { CUSTOM_REQUEST_FORM_MAX_BYTES, CUSTOM_REQUEST_GUEST_FORM_MAX_BYTES } from "~/modules/custom-requests/custom-request-limits";
import { DRAFT_FORM_MAX_BYTES } from "~/modules/staff-orders/custom-line-photo";

/** Every form and JSON body the shop takes: sign-in, checkout with a full cart, settings, webhooks. */
export const FORM_BODY_MAX_BYTES = 64 * 1024;
/**
 * The product form with its pictures, for a signed-in admin only. A little above the
 * product form's own limit so that the form, not this layer, explains a too-large save
 * when the browser announced its size.
 */
export const UPLOAD_BODY_MAX_BYTES = PRODUCT_FORM_MAX_BYTES + 1024 * 1024;
const UPLOAD_PATH = /^\/admin\/products(\.data)?\/?$/i;
/**
 * A customer's review with its photo (app/routes/storefront/write-review.tsx), for a signed-in
 * viewer only; a little above the review form's own limit, as for the product form.
 */
export const REVIEW_BODY_MAX_BYTES = REVIEW_FORM_MAX_BYTES + 64 * 1024;
const REVIEW_PATH = /^\/product\/\d{1,10}\/review(\.data)?\/?$/i;

/**
 * A custom order request with up to three reference photos (app/routes/storefront/custom-order-request.tsx),
 * from anyone: a signed-in customer's up to 25 MB, a guest's about half (custom-request-limits.ts);
 * its action takes the client's rate-limit slot before reading the body.
 */
export const CUSTOM_REQUEST_BODY_MAX_BYTES = CUSTOM_REQUEST_FORM_MAX_BYTES + 64 * 1024;
export const CUSTOM_REQUEST_GUEST_BODY_MAX_BYTES = CUSTOM_REQUEST_GUEST_FORM_MAX_BYTES + 64 * 1024;
const CUSTOM_REQUEST_PATH = /^\/custom-orders\/request(\.data)?\/?$/i;

/** The store logo (Settings → General), for a signed-in admin only; a little above its form's own limit. */
export const STORE_LOGO_BODY_MAX_BYTES = STORE_LOGO_FORM_MAX_BYTES + 64 * 1024;
const STORE_LOGO_PATH = /^\/admin\/settings\/logo(\.data)?\/?$/i;

/**
 * A staff order's draft editor (Admin → Orders → New order), which may carry a custom piece's
 * photo, for staff who may take orders only; a little above the editor's own limit.
 */
export const DRAFT_BODY_MAX_BYTES = DRAFT_FORM_MAX_BYTES + 64 * 1024;
const DRAFT_PATH = /^\/admin\/orders\/drafts\/[0-9a-f-]{36}(\.data)?\/?$/i;

type LimitContext = Pick<AppLoadContext, "auth" | "database" | "log" | "clientIp">;

function tooLarge(c: Context, maxBytes: number): Response {
  const message = `This request is too large (at most ${Math.round(maxBytes / 1024)} KB).`;
  // Closing the connection stops a client that keeps sending the rest of a huge body.
  const headers = { Connection: "close", "Cache-Control": "no-store" };
  return c.req.path.startsWith("/api/") ? c.json({ error: message }, 413, headers) : c.text(message, 413, headers);
}

/**
 * Limits request bodies before any route reads them: a declared Content-Length over the limit
 * is refused at once, and a body sent without one (chunked) is counted as it streams in and
 * refused the moment it passes the limit (Hono's bodyLimit), so no request can make the server
 * hold more than its limit in memory. Only an admin's post to the products page, the store logo
 * or a draft order, a signed-in customer's review and a custom order request may be large;
 * whether the poster is an admin is checked before a byte of the body is read.
 */
export async function limitRequestBody(c: Context, next: Next, context: LimitContext): Promise<Response | void> {
  // A GET or HEAD is given no body (@hono/node-server builds none for them, whatever was sent);
  // asking for it would only build the whole Web Request of every page view (issue 44).
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  let maxSize = FORM_BODY_MAX_BYTES;
  if (UPLOAD_PATH.test(c.req.path)) {
    const { viewer } = await lookupViewer(c.req.raw, context);
    if (viewer?.isAdmin) maxSize = UPLOAD_BODY_MAX_BYTES;
  } else if (DRAFT_PATH.test(c.req.path)) {
    const { viewer } = await lookupViewer(c.req.raw, context);
    if (can(viewer?.role, "orders.create")) maxSize = DRAFT_BODY_MAX_BYTES;
  } else if (STORE_LOGO_PATH.test(c.req.path)) {
    const { viewer } = await lookupViewer(c.req.raw, context);
    if (viewer?.isAdmin) maxSize = STORE_LOGO_BODY_MAX_BYTES;
  } else if (REVIEW_PATH.test(c.req.path)) {
    const { viewer } = await lookupViewer(c.req.raw, context);
    if (viewer) maxSize = REVIEW_BODY_MAX_BYTES;
  } else if (CUSTOM_REQUEST_PATH.test(c.req.path)) {
    const { viewer } = await lookupViewer(c.req.raw, context);
    maxSize = viewer ? CUSTOM_REQUEST_BODY_MAX_BYTES : CUSTOM_REQUEST_GUEST_BODY_MAX_BYTES;
  }
  return bodyLimit({ maxSize, onError: (c) => tooLarge(c, maxSize) })(c, next);
}
