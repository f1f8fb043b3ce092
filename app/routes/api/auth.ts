import { headersForAuth } from "~/modules/auth/session.server";
import type { Route } from "./+types/auth";

/**
 * better-auth's own endpoints under /api/auth/* (the links in verification and reset
 * emails land here; the shop's forms go through route actions that call the same API).
 * The request is re-made with the client address we computed, for rate limits and the
 * sessions list.
 */
function forward(request: Request, context: Route.LoaderArgs["context"]) {
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers: headersForAuth(request, context) };
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = request.body;
    init.duplex = "half";
  }
  return context.auth.handler(new Request(request.url, init));
}

export const loader = ({ request, context }: Route.LoaderArgs) => forward(request, context);
export const action = ({ request, context }: Route.ActionArgs) => forward(request, context);
