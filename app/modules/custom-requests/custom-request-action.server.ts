import type { SubmissionResult } from "@conform-to/react";
import { data, type AppLoadContext } from "react-router";
import { localDay } from "~/lib/dates";
import { siteOrigin } from "~/lib/http.server";
import pLimit from "p-limit";
import { guardAction, UNREADABLE_FORM } from "~/modules/auth/action-guard.server";
import { getViewer, type Viewer } from "~/modules/auth/session.server";
import { ProductImageError } from "~/modules/catalog/product-errors";
import { consumeRateLimit, releaseRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { CUSTOM_REQUEST_FORM_MAX_BYTES, CUSTOM_REQUEST_GUEST_FORM_MAX_BYTES } from "./custom-request-limits";
import { customRequestSchema, MAX_REQUEST_PHOTOS } from "./custom-request.schema";
import { deleteCustomRequestPhotos, saveCustomRequestPhoto } from "./custom-request-photos.server";
import { submitCustomRequest } from "./custom-requests.server";

/**
 * Posts per client address: enough for a family's few requests (and a correction or two), too
 * few to flood the workshop. Every post counts, photos read or not (see customRequestAction).
 */
export const CUSTOM_REQUEST_LIMIT = { limit: 5, windowMs: 60 * 60_000 };
/**
 * A post refused for its text fields alone (no photos sent, a body this small) gives its slot
 * back: it cost the server nothing a plain form does not, and the shopper only mistyped.
 */
const SMALL_POST_BYTES = 64 * 1024;

export type CustomRequestActionResult =
  | { ok: true; reference: string; email: string }
  | {
      ok: false;
      result: SubmissionResult<string[]>;
      /** Photos came with the refused request: the browser may have dropped them, so ask to choose them again. */
      photosSent: boolean;
    };

const noStore = { "Cache-Control": "private, no-store" };

function tooManyMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `You have sent several requests in a short time. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again, or write to us directly.`;
}

function tooLargeMessage(signedIn: boolean): string {
  return signedIn
    ? "These photos are too large to send together. Choose up to three photos of at most 8 MB each."
    : "These photos are too large to send together: without signing in, up to 12 MB in all. Choose smaller photos, or sign in to send up to three photos of 8 MB each.";
}

const rateKey = (context: AppLoadContext) => `custom-request:ip:${context.clientIp}`;

/**
 * A custom order request: the rate limit, then the guard (same origin, the form's schema with the
 * store's today), the photos (checked by content, decoded one at a time per process, stored
 * privately), then one transaction with the request and its emails.
 *
 * The client's slot is taken (atomically, in the database every instance shares) before a byte of
 * the body is read, and kept whatever becomes of the post: a refused photo, a too-large or
 * unreadable body. So a client posting large bodies gets 429 without the server reading them
 * after CUSTOM_REQUEST_LIMIT posts. Only a server failure, and a small photo-less post refused for
 * its fields, give the slot back.
 */
export async function customRequestAction(request: Request, context: AppLoadContext) {
  const db = context.database.db;
  if (request.method.toUpperCase() !== "POST") throw data({ message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  const limit = await consumeRateLimit(db, rateKey(context), CUSTOM_REQUEST_LIMIT);
  if (!limit.allowed)
    return data<CustomRequestActionResult>(
      { ok: false, result: { status: "error", error: { "": [tooManyMessage(limit.retryAfterSeconds)] } }, photosSent: false },
      {
        status: 429,
        // The body is not read: closing the connection stops the client sending the rest of it.
        headers: { ...noStore, "Retry-After": String(limit.retryAfterSeconds), Connection: "close" },
      },
    );

  const viewer = await getViewer(request, context);
  const maxBodyBytes = viewer ? CUSTOM_REQUEST_FORM_MAX_BYTES : CUSTOM_REQUEST_GUEST_FORM_MAX_BYTES;
  // A body announced over the limit is refused by the guard unread; any other is received whole
  // (the HTTP layer stops one that grows past its limit) before it waits for its turn, so a
  // client sending slowly never holds a turn.
  const declared = Number(request.headers.get("content-length") ?? Infinity);
  if (!(declared <= maxBodyBytes)) return formTurns(() => readRequestForm(request, context, viewer));
  // One copy of a waiting body, not two: the Request to parse (which copies its bytes) is made
  // only once the post has its turn, and the received bytes are let go at once (issue 41: five
  // large posts waiting with both copies held pushed the server up by some 100 MB).
  let body: ArrayBuffer | null;
  try {
    body = await request.arrayBuffer();
  } catch {
    return data<CustomRequestActionResult>(
      { ok: false, result: { status: "error", error: { "": [UNREADABLE_FORM] } }, photosSent: false },
      { status: 400, headers: noStore },
    );
  }
  return formTurns(() => {
    const received = new Request(request.url, { method: "POST", headers: request.headers, body });
    body = null;
    return readRequestForm(received, context, viewer);
  });
}

/**
 * Reading a multipart form takes some four times its size in memory (about 50 MB for a guest's
 * 12 MB), and its photos are decoded after: one custom request is parsed at a time per process
 * (the others wait, received but not parsed), so a burst of large posts from many addresses
 * cannot multiply that. A shop receives a few requests an hour; a second one waits a second or two.
 */
const formTurns = pLimit(1);

async function readRequestForm(request: Request, context: AppLoadContext, viewer: Viewer | null) {
  const db = context.database.db;
  const maxBodyBytes = viewer ? CUSTOM_REQUEST_FORM_MAX_BYTES : CUSTOM_REQUEST_GUEST_FORM_MAX_BYTES;
  const settings = await getStoreSettings(db);
  const today = localDay(settings.timezone);
  const guarded = await guardAction(
    { request, context },
    {
      access: "anyone",
      schema: customRequestSchema(today),
      maxBodyBytes,
      reply: (refused): CustomRequestActionResult => ({
        ok: false,
        result: refused.reason === "too-large" ? { status: "error", error: { "": [tooLargeMessage(viewer !== null)] } } : refused.result,
        photosSent: refused.reason === "input",
      }),
    },
  );
  if (!guarded.ok) {
    const declared = Number(request.headers.get("content-length") ?? Infinity);
    if (guarded.failure.reason === "input" && declared <= SMALL_POST_BYTES) await releaseRateLimit(db, rateKey(context));
    return guarded.response;
  }
  const { value, form, reply } = guarded;
  const files = form.getAll("photos").filter((f): f is File => f instanceof File && f.size > 0);
  const refuse = (status: number, message: string, field?: "photos") =>
    data<CustomRequestActionResult>(
      {
        ok: false,
        result: field ? reply({ fieldErrors: { photos: [message] } }) : reply({ formErrors: [message] }),
        photosSent: files.length > 0,
      },
      { status, headers: noStore },
    );
  if (files.length > MAX_REQUEST_PHOTOS) return refuse(400, `Choose at most ${MAX_REQUEST_PHOTOS} photos.`, "photos");

  const stored: string[] = [];
  try {
    for (const [index, file] of files.entries()) {
      try {
        stored.push(
          await saveCustomRequestPhoto({ bytes: new Uint8Array(await file.arrayBuffer()), type: file.type, name: file.name }, db),
        );
      } catch (error) {
        if (!(error instanceof ProductImageError)) throw error;
        // The slot stays taken: reading and decoding a refused photo cost the server as much as a good one.
        await deleteCustomRequestPhotos(stored, db);
        const which = files.length > 1 ? `Photo ${index + 1} (${file.name}): ` : "";
        return refuse(400, `${which}${error.message}`, "photos");
      }
    }
    const { reference } = await submitCustomRequest(db, value, stored, {
      storeName: settings.storeName,
      origin: siteOrigin(context),
      currency: settings.currency,
      shopEmail: settings.contactEmail,
      today,
      userId: viewer?.id ?? null,
    });
    return data<CustomRequestActionResult>({ ok: true, reference, email: value.email }, { headers: noStore });
  } catch (error) {
    await deleteCustomRequestPhotos(stored, db);
    await releaseRateLimit(db, rateKey(context));
    context.log.error({ err: error }, "custom request: saving failed");
    return refuse(500, "Your request could not be sent. Please try again in a moment.");
  }
}
