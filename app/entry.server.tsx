import { PassThrough, Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "./lib/nonce";
import { IslandsManifestContext } from "./islands/islands-manifest";
import { sharedCacheSeconds } from "./lib/cache-control";
import { withWholeBody } from "./lib/whole-body";
import { RenderOnceContext } from "./lib/rendered-once";
import { createRenderOnce } from "./lib/render-once.server";

export const streamTimeout = 5_000;

/** Markup the same on many pages (the footer), rendered once per key (app/lib/rendered-once.ts). */
const renderOnce = createRenderOnce();

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and the page cache (pages their route declares public) get the whole document at
    // once; people get the shell streamed.
    const cacheable = loadContext.renderComplete && sharedCacheSeconds(responseHeaders.get("Cache-Control")) !== null;
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || cacheable ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={loadContext.cspNonce}>
        <IslandsManifestContext.Provider value={loadContext.islands}>
          <RenderOnceContext.Provider value={renderOnce}>
            <ServerRouter context={routerContext} url={request.url} nonce={loadContext.cspNonce} />
          </RenderOnceContext.Provider>
        </IslandsManifestContext.Provider>
      </NonceContext.Provider>,
      {
        nonce: loadContext.cspNonce,
        // A document sent whole keeps every Suspense boundary in place. By default React moves a
        // large one to the end of the document with a script that swaps it in, which costs the
        // browser a second layout of the page after its first paint (a product's reviews and
        // related pieces, a collection's grid).
        progressiveChunkSize: readyOption === "onAllReady" ? Number.POSITIVE_INFINITY : undefined,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (cacheable) {
            // A page for the cache is read whole before it is stored: collected here in one
            // buffer, not passed chunk by chunk through a web stream (a third of a millisecond).
            const chunks: Buffer[] = [];
            const sink = new Writable({
              write(chunk: Buffer, _encoding, callback) {
                chunks.push(chunk);
                callback();
              },
              final(callback) {
                clearTimeout(timeoutId);
                timeoutId = undefined;
                const body = Buffer.concat(chunks);
                // A Buffer is a Uint8Array, which Response takes; the DOM typings just do not say so.
                const response = new Response(body as unknown as BodyInit, { headers: responseHeaders, status: responseStatusCode });
                // The page cache takes the page as this Buffer, not read back from the stream (app/lib/whole-body.ts).
                resolve(withWholeBody(response, body));
                callback();
              },
            });
            pipe(sink);
            return;
          }
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (!shellRendered) return;
          loadContext.log.error({ err: error }, "render error");
          loadContext.reportServerError?.(error, new URL(request.url).pathname);
        },
      },
    );
  });
}

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  // The database is away: logged once by the server, and this request answers "back in a moment".
  if (context.noticeDatabaseError?.(error)) return;
  // The path, not the URL: a query string can hold what someone typed (an admin search for a customer).
  const path = new URL(request.url).pathname;
  // A client's mistake React Router answers itself (405 for a method a route does not take, 404
  // for no route): info, not error; nothing for an operator to act on (docs/security.md).
  if (isRouteErrorResponse(error) && error.status < 500) {
    context.log.info({ status: error.status, method: request.method, path, reason: error.statusText }, "client error");
    return;
  }
  context.log.error({ err: error, path }, "unhandled route error");
  context.reportServerError?.(error, path);
}
