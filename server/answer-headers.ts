import type { Context } from "hono";

/**
 * Sets a header on the answer a handler gave. Hono's `c.header` first rebuilds a finished answer
 * around its body as a stream, so a page rendered whole (one Buffer, written out as it is by
 * @hono/node-server) would be copied through a stream before it is sent: set in place instead,
 * a page nobody had asked for costs a fifth less CPU (issue 44, docs/performance.md). An answer
 * whose headers are immutable (`Response.redirect`, a fetched response) goes Hono's way.
 */
export function setAnswerHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
