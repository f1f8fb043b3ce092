// The container's health check (the Containerfile's HEALTHCHECK, compose.yaml's): healthy while
// GET /api/health answers 200, i.e. the process is alive. Node's fetch: the slim image has no curl.
/* global process, fetch, AbortSignal -- node runs this file itself (no TypeScript, no bundler) */
const port = process.env.PORT || "3000";
try {
  const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(4_000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
