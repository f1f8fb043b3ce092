import type { AppLoadContext } from "react-router";
import { TEST_ORIGIN } from "./load-context";

type Handler = (args: never) => unknown;

/**
 * A route's loader or action called as React Router would, its answer (returned or thrown)
 * read as { status, headers, body }: data(), a Response (JSON parsed), or plain data.
 */
export async function routeAnswer(handler: Handler, args: { request: Request; context: AppLoadContext; params?: Record<string, string> }) {
  let outcome: unknown;
  try {
    // `url`: the page's address, which React Router passes beside the request (v8_passThroughRequests).
    outcome = await handler({ params: {}, url: new URL(args.request.url), ...args } as never);
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    const text = await outcome.text();
    const json = (outcome.headers.get("content-type") ?? "").includes("json") ? (JSON.parse(text) as unknown) : text;
    return { status: outcome.status, headers: outcome.headers, body: json };
  }
  const d = outcome as { data: unknown; init?: { status?: number; headers?: HeadersInit } | null };
  if (d && typeof d === "object" && "data" in d && "init" in d)
    return { status: d.init?.status ?? 200, headers: new Headers(d.init?.headers), body: d.data };
  return { status: 200, headers: new Headers(), body: outcome };
}

/** A same-origin post, as the shop's own pages send it. */
export function samePost(path: string, body: BodyInit | null, contentType: string | null = "application/x-www-form-urlencoded") {
  const headers = new Headers({ origin: TEST_ORIGIN });
  if (contentType) headers.set("content-type", contentType);
  return new Request(`${TEST_ORIGIN}${path}`, { method: "POST", headers, body });
}
