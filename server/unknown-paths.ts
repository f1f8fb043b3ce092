import type { ServerBuild } from "react-router";

/**
 * A test for paths only the catch-all route can answer ("page not found"), read off a build's
 * route table once: a path whose first segment is not the first segment of any other route.
 * Such paths (scanners' `/wp-login.php`, a mistyped link, a random path sent to skip the cache)
 * all get the same 404 page, so the page cache keeps that page once for all of them instead of
 * rendering it for every new path (server/page-cache.ts, `keyFor`).
 *
 * The test only says yes when it is sure. A path under a known first segment (`/product/99999`,
 * `/collections/nope`) is left to the router, which alone knows whether that product or
 * collection exists; and if the route table ever had a route whose first segment is a
 * parameter, or more than one catch-all, every path would be left to the router.
 */
export function catchAllOnlyPaths(routes: ServerBuild["routes"]): (pathname: string) => boolean {
  const firstSegments = new Set<string>();
  let catchAlls = 0;
  for (const id of Object.keys(routes)) {
    const first =
      fullPath(routes, id)
        .split("/")
        .find((segment) => segment !== "") ?? "";
    if (first === "*") catchAlls++;
    else if (/^[:*(]|[?*)]$/.test(first)) return () => false;
    else firstSegments.add(first.toLowerCase());
  }
  if (catchAlls !== 1) return () => false;

  return (pathname) => {
    // A client navigation's data (`/x.data`) is small and never shared with documents.
    if (pathname.endsWith(".data")) return false;
    const first = pathname.split("/")[1] ?? "";
    let decoded: string;
    try {
      decoded = decodeURIComponent(first);
    } catch {
      return false;
    }
    // The router matches without regard to case (no route asks otherwise) and after decoding.
    return !firstSegments.has(decoded.toLowerCase());
  };
}

/** A route's path from the root, its ancestors' paths joined (layouts and index routes have none). */
function fullPath(routes: ServerBuild["routes"], id: string): string {
  const parts: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  return parts.join("/");
}
