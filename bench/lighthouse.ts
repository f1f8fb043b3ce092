import { lighthouseReport, type Throttling } from "./lighthouse-audit";
import { freshBenchDataDir, startBenchServer } from "./start-server";

/**
 * Lighthouse, mobile preset, on the storefront pages docs/performance.md budgets (issue 15: performance
 * ≥ 98; accessibility, best practices and SEO 100, checkout's SEO below on purpose: noindex).
 * Prints both kinds of throttling (lighthouse-audit.ts): the simulated score the budget names, and
 * the applied one, which shows what a phone on that link sees; each over HTTP/1.1 to the server
 * and over HTTP/2 through a TLS front, as a deployed shop is reached.
 * Usage: npm run build && npm run bench:lighthouse [-- --runs 3] [-- --throttling simulate|devtools]
 * (BENCH_URL to target a running shop)
 */
const at = process.argv.indexOf("--runs");
const runs = at > 0 ? Number(process.argv[at + 1]) : 3;
const only = process.argv.indexOf("--throttling");
const throttlings = (only > 0 ? [process.argv[only + 1]] : ["simulate", "devtools"]) as Throttling[];
if (!throttlings.every((t) => t === "simulate" || t === "devtools")) throw new Error("--throttling takes simulate or devtools");
const server = process.env.BENCH_URL
  ? { url: process.env.BENCH_URL, stop: async () => {} }
  : await startBenchServer(3291, { DATA_DIR: freshBenchDataDir(3291) });
try {
  await lighthouseReport(server.url, runs, throttlings);
} finally {
  await server.stop();
}
