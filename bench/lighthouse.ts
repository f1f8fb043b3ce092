import { lighthouseMedians } from "./lighthouse-audit";
import { freshBenchDataDir, startBenchServer } from "./start-server";

/**
 * Lighthouse, mobile preset, on the storefront pages DESIGN.md budgets (issue 15: performance
 * ≥ 98; accessibility, best practices and SEO 100, checkout's SEO below on purpose: noindex).
 * Usage: npm run build && npm run bench:lighthouse [-- --runs 3] (BENCH_URL to target a running shop)
 */
const at = process.argv.indexOf("--runs");
const runs = at > 0 ? Number(process.argv[at + 1]) : 3;
const server = process.env.BENCH_URL
  ? { url: process.env.BENCH_URL, stop: async () => {} }
  : await startBenchServer(3291, { DATA_DIR: freshBenchDataDir(3291) });
try {
  await lighthouseMedians(server.url, runs);
} finally {
  await server.stop();
}
