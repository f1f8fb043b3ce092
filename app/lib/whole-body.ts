/**
 * A page rendered whole for the page cache (app/entry.server.tsx) is already one Buffer when it
 * becomes a Response; the cache (server/page-cache.ts) needs it as that Buffer again. Reading it
 * back through the Response's stream cost a fifth of a millisecond a page and a copy of its
 * 150 KB. The Buffer rides on the Response instead, under a symbol from the global registry:
 * the app's build and the server's bundle each hold their own copy of this module, and
 * `Symbol.for` is the one name both see.
 */
const WHOLE_BODY = Symbol.for("ahenfie.whole-body");

type WithWholeBody = Response & { [WHOLE_BODY]?: Buffer };

/** `response`, whose body is exactly `body`, marked so that `wholeBodyOf` can read it without its stream. */
export function withWholeBody(response: Response, body: Buffer): Response {
  (response as WithWholeBody)[WHOLE_BODY] = body;
  return response;
}

/**
 * The body a response was made with, when it was marked by `withWholeBody`. Only for a response
 * whose stream nothing has read (a page on its way from the render to the cache); `bodyUsed` is
 * not asked, since asking it makes @hono/node-server's light Response build the very stream this
 * saves.
 */
export function wholeBodyOf(response: Response): Buffer | undefined {
  return (response as WithWholeBody)[WHOLE_BODY];
}
