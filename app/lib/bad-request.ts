import type { z } from "zod";

/**
 * A refusal of what a URL asked for: 400 with `{ message }` as JSON. Thrown from a loader it
 * reaches the route's ErrorBoundary as `error.data.message`; from a resource route it is the
 * answer itself. Never stored by a cache.
 */
export function badRequest(message: string): Response {
  return Response.json({ message }, { status: 400, headers: { "Cache-Control": "no-store" } });
}

/** `schema` over input from a URL; a refusal is thrown as badRequest with the schema's first message. */
export function parseQuery<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw badRequest(parsed.error.issues[0]?.message ?? "This address is not valid.");
}

/** The message of a refusal as a route's ErrorBoundary receives it (`error.data`), if there is one. */
export function refusalMessage(data: unknown): string | undefined {
  if (typeof data === "string") return data || undefined;
  if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
  return undefined;
}
