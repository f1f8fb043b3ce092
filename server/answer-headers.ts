import type { Context } from "hono";

/**
 * Sets a header on the answer a handler gave. Hono's `c.header` first rebuilds a finished answer
 * around its body as a stream, so a page rendered whole (one Buffer, written out as it is by
 * @hono/node-server) would be wrapped in a Web stream and read back through it before it is
 * sent (issue 44: with the request's body asked for on every GET, the Web objects were about 6 %
 * of a miss's main-thread CPU profile). An answer whose headers are immutable (a fetched
 * response) goes Hono's way.
 *
 * Set in place, a header lands in the `Headers` object the handler gave `new Response`, which
 * @hono/node-server keeps as it is: every answer must have its own (the shop's handlers build
 * theirs per request; one kept in a module and given to many answers would collect each
 * request's id).
 */
export function setAnswerHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
