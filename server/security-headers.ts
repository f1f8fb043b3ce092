/**
 * The headers every answer of the shop carries, whichever way it is served (the Hono middleware
 * in server/http.ts, and the cached-page fast path in server/cached-page-listener.ts).
 */
export function securityHeaders(mode: "development" | "production"): [string, string][] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
  ];
  if (mode === "production") headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return headers;
}
