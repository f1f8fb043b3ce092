/**
 * A route's action answered in JSON for a form sent from script (`useActionFetcher`,
 * app/lib/use-action-fetcher.tsx), on a resource route of its own: what it returns (an object,
 * `data()` with its status and headers) is JSON as any resource route's, and a redirect, returned
 * or thrown, becomes `{ redirect: "<location>" }` with the redirect's other headers (a session
 * cookie), for the browser to open that page itself: `fetch` would follow it and read the page.
 */
export function answerInJson<Args, Result>(action: (args: Args) => Promise<Result>): (args: Args) => Promise<Result | Response> {
  return async (args) => {
    try {
      return redirectAsJson(await action(args));
    } catch (thrown) {
      if (thrown instanceof Response) return redirectAsJson(thrown);
      throw thrown;
    }
  };
}

function redirectAsJson<Result>(result: Result): Result | Response {
  if (!(result instanceof Response)) return result;
  const location = result.headers.get("Location");
  if (result.status < 300 || result.status >= 400 || !location) return result;
  const headers = new Headers(result.headers);
  headers.delete("Location");
  headers.set("Content-Type", "application/json");
  return new Response(JSON.stringify({ redirect: location }), { status: 200, headers });
}
